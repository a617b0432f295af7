import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { fileIntegrity, sriOf, type StoredVersion } from '@portal/api/src/remotes/remote-store';
import { contentTypeOf } from './content-types';
import { precompressFolder } from './precompress';
import { assertSafeSegment, buildVersion, entryIntegrity, REMOTE_ENTRY_FILE, type PublishedBuild, type RemoteFile, type RemoteStore } from './remote-store';
import type { S3StoreSettings } from './settings';

/** Written last: a version without it is a half-finished upload and does not exist for anyone. */
const MARKER = '.published.json';
const UPLOAD_CONCURRENCY = 8;
/** Version folders never change, so the bytes can be kept; the budget bounds the server's memory. */
const CACHE_BYTES = 64 * 1024 * 1024;
const SAFE_FILE = /^[a-z0-9._+-]+(\/[a-z0-9._+-]+)*$/i;

interface Marker {
  builtAt: string;
  integrity: string;
}

function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(dir, path.posix.join(prefix, e.name)) : [path.posix.join(prefix, e.name)]));
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

export function createS3Client(settings: S3StoreSettings): S3Client {
  return new S3Client({ region: settings.region, endpoint: settings.endpoint, forcePathStyle: settings.forcePathStyle });
}

/**
 * The remote store in an S3-compatible bucket: `<prefix>/<name>/<version>/...`, precompressed
 * siblings included. The portal keeps serving the files under /remotes/ from its own origin, so the
 * host's origin allow-list and the integrity pins stay exactly as with the folder store.
 */
export function createS3RemoteStore(
  settings: S3StoreSettings,
  client: S3Client = createS3Client(settings),
  options: { precompressCacheDir?: string } = {},
): RemoteStore {
  const key = (...parts: string[]) => [settings.prefix, ...parts].filter(Boolean).join('/');
  const cache = new Map<string, RemoteFile>();
  let cachedBytes = 0;

  async function getObject(objectKey: string): Promise<{ body: Buffer; contentType?: string } | null> {
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey }));
      const bytes = await res.Body!.transformToByteArray();
      return { body: Buffer.from(bytes), contentType: res.ContentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Every file name in one version folder of the bucket. */
  async function listVersion(name: string, version: string): Promise<string[]> {
    const prefix = `${key(name, version)}/`;
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key.slice(prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }

  async function readMarker(name: string, version: string): Promise<Marker | null> {
    const marker = await getObject(key(name, version, MARKER));
    return marker ? (JSON.parse(marker.body.toString('utf8')) as Marker) : null;
  }

  function remember(cacheKey: string, file: RemoteFile): void {
    if (file.body.length > CACHE_BYTES / 8) return;
    cache.set(cacheKey, file);
    cachedBytes += file.body.length;
    for (const [oldest, value] of cache) {
      if (cachedBytes <= CACHE_BYTES) break;
      cache.delete(oldest);
      cachedBytes -= value.body.length;
    }
  }

  async function uploadFolder(dir: string, name: string, version: string): Promise<void> {
    const files = listFiles(dir);
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++];
        const encoding = file.endsWith('.br') ? 'br' : file.endsWith('.gz') ? 'gzip' : undefined;
        await client.send(
          new PutObjectCommand({
            Bucket: settings.bucket,
            Key: key(name, version, file),
            Body: fs.readFileSync(path.join(dir, file)),
            ContentType: contentTypeOf(file),
            // Stored as opaque bytes: the portal decides per request which variant to send.
            Metadata: encoding ? { 'portal-encoding': encoding } : undefined,
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, files.length) }, worker));
  }

  return {
    location: `s3://${settings.bucket}/${settings.prefix}`.replace(/\/$/, ''),

    async inspect(name, version): Promise<StoredVersion | null> {
      try {
        assertSafeSegment('remote name', name);
        assertSafeSegment('version', version);
      } catch {
        return null;
      }
      const marker = await readMarker(name, version);
      if (!marker) return null;
      const entry = await getObject(key(name, version, REMOTE_ENTRY_FILE));
      if (!entry) return null;
      // The integrity is always computed from the stored bytes, never taken from the marker.
      const files = await fileIntegrity(await listVersion(name, version), async (file) => (await getObject(key(name, version, file)))?.body ?? null);
      return { entry: `/remotes/${name}/${version}/${REMOTE_ENTRY_FILE}`, integrity: sriOf(entry.body), files, builtAt: new Date(marker.builtAt) };
    },

    async publish({ name, distDir, packageVersion }): Promise<PublishedBuild> {
      assertSafeSegment('remote name', name);
      const entryFile = path.join(distDir, REMOTE_ENTRY_FILE);
      if (!fs.existsSync(entryFile)) throw new Error(`${distDir} has no ${REMOTE_ENTRY_FILE}: build the remote first`);
      const version = buildVersion(distDir, packageVersion);
      const integrity = entryIntegrity(entryFile);
      const builtAt = fs.statSync(entryFile).mtime;
      if (!(await readMarker(name, version))) {
        const temp = fs.mkdtempSync(path.join(os.tmpdir(), `remote-publish-${name}-`));
        try {
          fs.cpSync(distDir, temp, { recursive: true });
          precompressFolder(temp, options.precompressCacheDir);
          await uploadFolder(temp, name, version);
          const marker: Marker = { builtAt: builtAt.toISOString(), integrity };
          await client.send(
            new PutObjectCommand({
              Bucket: settings.bucket,
              Key: key(name, version, MARKER),
              Body: JSON.stringify(marker),
              ContentType: 'application/json',
            }),
          );
        } finally {
          fs.rmSync(temp, { recursive: true, force: true });
        }
      }
      const stored = await this.inspect(name, version);
      if (!stored) throw new Error(`${name}@${version} is not readable from ${this.location} after upload`);
      return { name, version, entry: stored.entry, integrity: stored.integrity, files: stored.files, builtAt: stored.builtAt };
    },

    async readFile(name, version, file, acceptEncoding): Promise<RemoteFile | null> {
      try {
        assertSafeSegment('remote name', name);
        assertSafeSegment('version', version);
      } catch {
        return null;
      }
      if (!SAFE_FILE.test(file) || file.split('/').includes('..') || file === MARKER) return null;
      const variants: { suffix: string; encoding?: 'br' | 'gzip' }[] = [];
      if (/\bbr\b/.test(acceptEncoding)) variants.push({ suffix: '.br', encoding: 'br' });
      if (/\bgzip\b/.test(acceptEncoding)) variants.push({ suffix: '.gz', encoding: 'gzip' });
      variants.push({ suffix: '' });
      for (const { suffix, encoding } of variants) {
        const cacheKey = `${name}/${version}/${file}${suffix}`;
        const cached = cache.get(cacheKey);
        if (cached) return cached;
        const object = await getObject(key(name, version, file + suffix));
        if (!object) continue;
        // A version is visible only once its marker exists, even though its files were uploaded first.
        if (!(await readMarker(name, version))) return null;
        const found: RemoteFile = { body: object.body, contentType: contentTypeOf(file), contentEncoding: encoding };
        remember(cacheKey, found);
        return found;
      }
      return null;
    },
  };
}
