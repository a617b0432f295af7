import { remotesRegistrySchema } from '@portal/contracts';
import { migrate } from '@portal/db';
import { openTestDatabase } from '../test/build';
import { folderStoreReader } from '../remotes/remote-store';
import { recordMissingReleaseFiles } from '../services/remote-ops-service';
import { listCurrentRemotes, listPointerHistory, pointRemote, recordRelease, RegistryError, releaseFiles } from './registry-repository';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const sri = (fill: number) => `sha384-${Buffer.alloc(48, fill).toString('base64')}`;
const release = (version: string, fill = 1) => ({
  name: 'backup_sets',
  version,
  entry: `/remotes/backup_sets/${version}/remoteEntry.js`,
  integrity: sri(fill),
  builtAt: '2026-01-02T03:04:05.000Z',
  gitCommit: 'abc1234',
});

async function freshDb() {
  const db = await openTestDatabase();
  await migrate(db);
  return db;
}

describe('remote registry', () => {
  it('records releases idempotently, moves pointers with history and lists the current versions', async () => {
    const db = await freshDb();
    expect(await listCurrentRemotes(db)).toEqual([]);

    const first = await recordRelease(db, release('1.0.0-aaaa'));
    expect(first).toMatchObject({ name: 'backup_sets', version: '1.0.0-aaaa', builtAt: '2026-01-02T03:04:05.000Z', gitCommit: 'abc1234' });
    expect(await recordRelease(db, release('1.0.0-aaaa'))).toEqual(first);
    await recordRelease(db, release('1.1.0-bbbb', 2));
    await recordRelease(db, { name: 'support', version: '0.1.0', entry: '/remotes/support/0.1.0/remoteEntry.js', integrity: sri(3) });

    await pointRemote(db, 'backup_sets', '1.0.0-aaaa', 'deploy');
    await pointRemote(db, 'backup_sets', '1.1.0-bbbb', 'deploy');
    const rollback = await pointRemote(db, 'backup_sets', '1.0.0-aaaa', 'operator');
    expect(rollback).toMatchObject({ fromVersion: '1.1.0-bbbb', toVersion: '1.0.0-aaaa', actor: 'operator' });
    await pointRemote(db, 'support', '0.1.0', 'deploy');

    const current = await listCurrentRemotes(db);
    expect(current).toEqual([
      { name: 'backup_sets', version: '1.0.0-aaaa', entry: '/remotes/backup_sets/1.0.0-aaaa/remoteEntry.js', integrity: sri(1), publishedAt: first.publishedAt },
      { name: 'support', version: '0.1.0', entry: '/remotes/support/0.1.0/remoteEntry.js', integrity: sri(3), publishedAt: expect.any(String) },
    ]);
    expect(remotesRegistrySchema.parse({ remotes: current.map(({ name, version, entry, integrity }) => ({ name, version, entry, integrity })) }).remotes).toHaveLength(2);

    const history = await listPointerHistory(db, 'backup_sets');
    expect(history.map((h) => [h.fromVersion, h.toVersion, h.actor])).toEqual([
      [null, '1.0.0-aaaa', 'deploy'],
      ['1.0.0-aaaa', '1.1.0-bbbb', 'deploy'],
      ['1.1.0-bbbb', '1.0.0-aaaa', 'operator'],
    ]);
  });

  it('refuses to change a recorded version, to point at an unknown version, or to record unsafe names', async () => {
    const db = await freshDb();
    await recordRelease(db, release('1.0.0'));
    await expect(recordRelease(db, release('1.0.0', 9))).rejects.toThrow(RegistryError);
    await expect(pointRemote(db, 'backup_sets', '9.9.9', 'deploy')).rejects.toThrow('not recorded');
    await expect(recordRelease(db, { ...release('../../etc'), version: '../../etc' })).rejects.toThrow(RegistryError);
    await expect(recordRelease(db, { ...release('1.0.1'), integrity: 'md5-abc' })).rejects.toThrow(RegistryError);
    expect(await listCurrentRemotes(db)).toEqual([]);
  });

  it("records the hash of every script of a version once, and refuses the same version with other files", async () => {
    const db = await freshDb();
    const files = { 'remoteEntry.js': sri(1), '12.ab.js': sri(2) };
    await recordRelease(db, { ...release('1.0.0'), files });
    expect(await releaseFiles(db, 'backup_sets', '1.0.0')).toEqual(files);
    await recordRelease(db, { ...release('1.0.0'), files: { ...files } });
    await expect(recordRelease(db, { ...release('1.0.0'), files: { ...files, '12.ab.js': sri(3) } })).rejects.toThrow(/different files/);
    await expect(recordRelease(db, { ...release('1.0.0'), files: { ...files, '34.cd.js': sri(4) } })).rejects.toThrow(/different files/);
    expect(await releaseFiles(db, 'backup_sets', '1.0.0')).toEqual(files);
    expect(await releaseFiles(db, 'backup_sets', '9.9.9')).toBeNull();
  });

  it('gives versions recorded before their files were hashed the hashes from the store, unless the entry changed there', async () => {
    const db = await freshDb();
    const store = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-files-'));
    try {
      const folder = (version: string) => {
        const dir = path.join(store, 'backup_sets', version);
        fs.mkdirSync(dir, { recursive: true });
        return dir;
      };
      for (const version of ['1.0.0', '2.0.0']) {
        fs.writeFileSync(path.join(folder(version), 'remoteEntry.js'), `entry ${version}`);
        fs.writeFileSync(path.join(folder(version), '7.ab.js'), `chunk ${version}`);
        fs.writeFileSync(path.join(folder(version), '7.ab.js.gz'), 'compressed');
      }
      const reader = folderStoreReader(store);
      const stored = (await reader.inspect('backup_sets', '1.0.0'))!;
      expect(Object.keys(stored.files)).toEqual(['7.ab.js', 'remoteEntry.js']);
      await recordRelease(db, { ...release('1.0.0'), integrity: stored.integrity });
      // 2.0.0 was recorded with an entry hash that its folder no longer has.
      await recordRelease(db, release('2.0.0', 5));
      expect(await recordMissingReleaseFiles(db, reader)).toEqual(['backup_sets@2.0.0']);
      expect(await releaseFiles(db, 'backup_sets', '1.0.0')).toEqual(stored.files);
      expect(await releaseFiles(db, 'backup_sets', '2.0.0')).toBeNull();
    } finally {
      fs.rmSync(store, { recursive: true, force: true });
    }
  });
});
