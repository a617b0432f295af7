import { remotesRegistrySchema } from '@portal/contracts';
import { migrate } from '@portal/db';
import { openTestDatabase } from '../test/build';
import { listCurrentRemotes, listPointerHistory, pointRemote, recordRelease, RegistryError } from './registry-repository';

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
});
