import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { HOST_INTEGRITY_ELEMENT_ID } from '@portal/config';
import { buildHostShell, pinHostShell, shellEncoding } from './host-shell';

const sri = (bytes: string | Buffer) => `sha384-${crypto.createHash('sha384').update(bytes).digest('base64')}`;

// As html-webpack-plugin writes it (minified): preloads, fonts, the entry script.
const INDEX = `<!doctype html><html lang="en"><head><title>Portal</title><link rel="preload" href="/08.woff2" as="font" type="font/woff2" crossorigin/><link rel="preload" href="/12.ab.js" as="script"/><script defer="defer" src="/main.cd.js"></script></head><body><div id="root"></div></body></html>`;

describe('the host shell', () => {
  let dist: string;
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'host-shell-'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'main.cd.js'), 'main();');
    fs.writeFileSync(path.join(dist, '12.ab.js'), 'chunk12();');
    fs.writeFileSync(path.join(dist, '34.ef.js'), 'chunk34();');
    fs.writeFileSync(path.join(dist, '34.ef.js.br'), 'not a script');
    fs.writeFileSync(path.join(dist, '08.woff2'), 'font');
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('pins every script it names or preloads to the served bytes, and carries the hashes of all host scripts', async () => {
    const shell = await buildHostShell(dist);
    const html = shell.variants.identity.toString('utf8');
    expect(html).toContain(`<script defer="defer" src="/main.cd.js" integrity="${sri('main();')}"></script>`);
    expect(html).toContain(`<link rel="preload" href="/12.ab.js" as="script" integrity="${sri('chunk12();')}" />`);
    expect(html).toContain('<link rel="preload" href="/08.woff2" as="font" type="font/woff2" crossorigin/>');
    const data = new RegExp(`<script type="application/json" id="${HOST_INTEGRITY_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1];
    expect(JSON.parse(data!)).toEqual({ base: '/', files: { '12.ab.js': sri('chunk12();'), '34.ef.js': sri('chunk34();'), 'main.cd.js': sri('main();') } });
    expect(zlib.brotliDecompressSync(shell.variants.br).toString('utf8')).toBe(html);
    expect(zlib.gunzipSync(shell.variants.gzip).toString('utf8')).toBe(html);
  });

  it('never lets a file name close the data element', () => {
    const html = pinHostShell('<html><head></head></html>', { '</script><script>alert(1)</script>.js': sri('x') });
    expect(html).not.toContain('</script><script>alert(1)');
  });

  it('chooses brotli, then gzip, honouring q=0', () => {
    expect(shellEncoding('gzip, deflate, br')).toBe('br');
    expect(shellEncoding('gzip, br;q=0')).toBe('gzip');
    expect(shellEncoding('identity')).toBe('identity');
    expect(shellEncoding(undefined)).toBe('identity');
  });
});
