import crypto from 'node:crypto';
import { folderStoreReader, sriOf, type FileIntegrity, type RemoteStoreReader } from '@portal/api/src/remotes/remote-store';
import fs from 'node:fs';
import path from 'node:path';
import { precompressFolder } from './precompress';

export interface PublishedBuild {
  name: string;
  version: string;
  entry: string;
  integrity: string;
  /** Every script of the stored version folder, hashed from the stored bytes. */
  files: FileIntegrity;
  builtAt: Date;
}

export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(dir, path.join(prefix, e.name)) : [path.join(prefix, e.name)]))
    .sort();
}

/** The version names the exact bytes of a build, so the same build always lands in the same folder
 * and a folder, once written, never changes (it is served `immutable`). */
export function buildVersion(distDir: string, packageVersion: string): string {
  const hash = crypto.createHash('sha256');
  for (const file of listFiles(distDir)) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(distDir, file)));
    hash.update('\0');
  }
  return `${packageVersion}-${hash.digest('hex').slice(0, 10)}`;
}

export function entryIntegrity(entryFile: string): string {
  return sriOf(fs.readFileSync(entryFile));
}

/** Remote names are also folder names and URL segments: keep them to a safe alphabet. */
export function assertSafeSegment(kind: string, value: string): void {
  if (!/^[a-z0-9][a-z0-9._-]{0,79}$/i.test(value) || value.includes('..')) {
    throw new Error(`Unsafe ${kind}: "${value}"`);
  }
}

/** Copies a remote's dist/ into <store>/<name>/<version>/ (write to a temp folder, then rename, so a
 * half-copied version is never visible) and describes it for the registry. */
export function publishBuild(opts: { storeDir: string; name: string; distDir: string; packageVersion: string; precompressCacheDir?: string }): Omit<PublishedBuild, 'files'> {
  const { storeDir, name, distDir, packageVersion } = opts;
  assertSafeSegment('remote name', name);
  const entryFile = path.join(distDir, REMOTE_ENTRY_FILE);
  if (!fs.existsSync(entryFile)) throw new Error(`${distDir} has no ${REMOTE_ENTRY_FILE}: build the remote first`);
  const version = buildVersion(distDir, packageVersion);
  const target = path.join(storeDir, name, version);
  if (!fs.existsSync(target)) {
    const temp = `${target}.tmp-${process.pid}-${Date.now()}`;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(distDir, temp, { recursive: true });
    precompressFolder(temp, opts.precompressCacheDir);
    fs.renameSync(temp, target);
  }
  return {
    name,
    version,
    entry: `/remotes/${name}/${version}/${REMOTE_ENTRY_FILE}`,
    integrity: entryIntegrity(path.join(target, REMOTE_ENTRY_FILE)),
    builtAt: fs.statSync(entryFile).mtime,
  };
}

/** One stored file as the portal serves it under /remotes/. */
export interface RemoteFile {
  body: Buffer;
  contentType: string;
  /** Set when the stored bytes are a precompressed variant. */
  contentEncoding?: 'br' | 'gzip';
}

/**
 * The remote store as the deploy tooling and the server see it. The embedded default is a folder
 * (DATA_DIR/remote-store, served by @fastify/static); with REMOTE_STORE_URL=s3://bucket/prefix it
 * is an S3-compatible bucket whose files the portal serves itself (see remote-store-s3.ts).
 */
export interface RemoteStore extends RemoteStoreReader {
  readonly location: string;
  publish(build: { name: string; distDir: string; packageVersion: string }): Promise<PublishedBuild>;
  /** Present when the server must read files through the store instead of from a local folder. */
  readFile?(name: string, version: string, file: string, acceptEncoding: string): Promise<RemoteFile | null>;
}

export function createFolderRemoteStore(storeDir: string, options: { precompressCacheDir?: string } = {}): RemoteStore {
  const reader = folderStoreReader(storeDir);
  return {
    location: storeDir,
    inspect: reader.inspect,
    publish: async (build) => {
      const published = publishBuild({ storeDir, ...build, precompressCacheDir: options.precompressCacheDir });
      const stored = await reader.inspect(published.name, published.version);
      if (!stored) throw new Error(`${published.name}@${published.version} is not readable from ${storeDir} after publishing`);
      return { ...published, files: stored.files };
    },
  };
}
