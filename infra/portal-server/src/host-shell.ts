import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { HOST_INTEGRITY_ELEMENT_ID } from '@portal/config';
import { fileIntegrity, type FileIntegrity } from '@portal/api/src/remotes/remote-store';

// index.html as the portal serves it: every script it names (and every script it preloads) carries
// the SRI hash of the bytes this server serves, and the page carries the hashes of the host's other
// scripts for its webpack runtime to pin the chunks it loads later (shared/mf-build's
// chunk-integrity-plugin.cjs reads them from the element HOST_INTEGRITY_ELEMENT_ID). Computed once
// at start from host/dist, the host's "stored bytes": a file changed on disk afterwards is refused.

export interface HostShell {
  /** The same page, plain and in each encoding a browser may accept. */
  variants: { identity: Buffer; br: Buffer; gzip: Buffer };
}

const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i');

/** Adds integrity="..." to a <script src> or <link rel=preload as=script> naming one of `files` (by path under `base`). */
function pinTag(tag: string, files: FileIntegrity, base: string): string {
  const isScript = /^<script\b/i.test(tag);
  const isScriptPreload = /^<link\b/i.test(tag) && ATTRIBUTE('rel').exec(tag)?.[1] === 'preload' && ATTRIBUTE('as').exec(tag)?.[1] === 'script';
  if ((!isScript && !isScriptPreload) || ATTRIBUTE('integrity').test(tag)) return tag;
  const url = ATTRIBUTE(isScript ? 'src' : 'href').exec(tag)?.[1];
  if (!url || !url.startsWith(base)) return tag;
  const hash = files[url.slice(base.length)];
  if (!hash) return tag;
  return tag.replace(/\s*(\/?)>$/, (_end, slash: string) => ` integrity="${hash}"${slash ? ' /' : ''}>`);
}

/** index.html with its scripts pinned and the hashes of every host script embedded as JSON. */
export function pinHostShell(html: string, files: FileIntegrity, base = '/'): string {
  const pinned = html.replace(/<(script|link)\b[^>]*>/gi, (tag) => pinTag(tag, files, base));
  // Not executable (type application/json), so the content security policy has nothing to allow;
  // "<" escaped so no file name could ever close the element.
  const data = JSON.stringify({ base, files }).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${HOST_INTEGRITY_ELEMENT_ID}">${data}</script>`;
  // In the head where there is one; anywhere in the document would do, as chunks load after parsing.
  return /<\/head>/i.test(pinned) ? pinned.replace(/<\/head>/i, `${block}</head>`) : `${pinned}${block}`;
}

/** A page of host/dist (index.html, or a prerendered page) as the portal serves it. */
export async function buildHostShell(hostDist: string, page = 'index.html'): Promise<HostShell> {
  const html = await fs.promises.readFile(path.join(hostDist, page), 'utf8');
  const files = await fileIntegrity(await fs.promises.readdir(hostDist), (file) => fs.promises.readFile(path.join(hostDist, file)).catch(() => null));
  const identity = Buffer.from(pinHostShell(html, files));
  return {
    variants: {
      identity,
      br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: zlib.gzipSync(identity, { level: 9 }),
    },
  };
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. */
export function shellEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([coding]) => coding.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
}
