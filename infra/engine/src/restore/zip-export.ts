import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';
import type { BlobStore, EngineQueryable } from '../ports';
import { contactToVcf, eventToIcs, safeSegment } from './export-formats';
import { loadVersions, type VersionRow } from './selection';

/** The file a version becomes in a download: EML for mail, ICS, VCF, the original file, JSON for chat. */
export function exportEntry(version: VersionRow, content: Buffer): { extension: string; body: Buffer } {
  switch (version.kind) {
    case 'message':
      return { extension: '.eml', body: content };
    case 'event':
      return { extension: '.ics', body: Buffer.from(eventToIcs(JSON.parse(content.toString('utf8')))) };
    case 'contact':
      return { extension: '.vcf', body: Buffer.from(contactToVcf(JSON.parse(content.toString('utf8')))) };
    case 'channelMessage':
      return { extension: '.json', body: content };
    default:
      return { extension: '', body: content };
  }
}

/**
 * Streams a ZIP of item versions: `<object>/<service>/<folder path>/<name><ext>`. Items are read one
 * at a time and handed to the archive only when it has drained, so memory stays bounded.
 */
export function zipVersions(db: EngineQueryable, blobs: BlobStore, tenantRowId: string, versionIds: string[]): Readable {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  const used = new Set<string>();
  void (async () => {
    try {
      for (let i = 0; i < versionIds.length; i += 200) {
        for (const version of await loadVersions(db, versionIds.slice(i, i + 200))) {
          if (!version.blob_hash) continue;
          const entry = exportEntry(version, await blobs.get(tenantRowId, version.blob_hash));
          const folder = version.folder_path.split('/').filter(Boolean).map((s) => safeSegment(s)).join('/');
          const base = [safeSegment(version.object_name, 'object'), version.service, folder].filter(Boolean).join('/');
          const stem = safeSegment(version.name || version.external_id);
          let name = `${base}/${stem}${stem.toLowerCase().endsWith(entry.extension) ? '' : entry.extension}`;
          for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${base}/${stem} (${n})${entry.extension}`;
          used.add(name.toLowerCase());
          zip.addBuffer(entry.body, name, { mtime: version.modified_at ?? new Date() });
          if (out.writableLength > out.writableHighWaterMark) await new Promise((resolve) => out.once('drain', resolve));
        }
      }
      zip.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
