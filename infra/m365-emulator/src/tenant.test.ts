import zlib from 'node:zlib';
import { contentBytes, messageRecord } from './items';
import { buildMime } from './mime';
import { mutate } from './mutate';
import { driveItemBytes, driveRecord } from './drive-items';
import { Tenant } from './tenant';

function fingerprint(tenant: Tenant): string {
  const user = tenant.users[1];
  const inbox = tenant.containers[user.folders[0].containerNo];
  const drive = tenant.containers[tenant.drives[user.driveNo].containerNo];
  const mimes = Array.from({ length: Math.min(5, inbox.count) }, (_, i) => buildMime(messageRecord(tenant, inbox, i, user.idx, 0)).toString('base64'));
  const files = Array.from({ length: Math.min(5, drive.count) }, (_, i) => {
    const record = driveRecord(tenant, drive, i);
    return `${record.name}:${record.folder ? '' : driveItemBytes(record).toString('base64')}`;
  });
  return JSON.stringify([tenant.tenantId, tenant.clientSecret, tenant.organizationName, tenant.users.map((u) => [u.id, u.userPrincipalName]), tenant.groups, tenant.sites, tenant.drives, tenant.channels, tenant.counts(), mimes, files]);
}

describe('generated tenant', () => {
  it('is identical for the same seed and size, and different for another seed', () => {
    expect(fingerprint(new Tenant({ seed: 42, size: 3000 }))).toBe(fingerprint(new Tenant({ seed: 42, size: 3000 })));
    expect(fingerprint(new Tenant({ seed: 43, size: 3000 }))).not.toBe(fingerprint(new Tenant({ seed: 42, size: 3000 })));
  });

  it('mutates deterministically: the same rounds give the same tenant', () => {
    const a = new Tenant({ seed: 'm', size: 2000 });
    const b = new Tenant({ seed: 'm', size: 2000 });
    expect(mutate(a, 0.05)).toEqual(mutate(b, 0.05));
    expect(mutate(a, 0.1)).toEqual(mutate(b, 0.1));
    expect(fingerprint(a)).toBe(fingerprint(b));
    expect(fingerprint(a)).not.toBe(fingerprint(new Tenant({ seed: 'm', size: 2000 })));
  });

  it('has the default shape of about 50 users, a few groups, sites and teams and tens of thousands of items', () => {
    const tenant = new Tenant({ seed: 1 });
    expect(tenant.users.length).toBeGreaterThanOrEqual(40);
    expect(tenant.users.length).toBeLessThanOrEqual(60);
    expect(tenant.groups.length).toBeGreaterThanOrEqual(3);
    expect(tenant.sites.length).toBe(tenant.groups.length + 1);
    expect(tenant.groups.filter((g) => g.isTeam).length).toBeGreaterThanOrEqual(2);
    const counts = tenant.counts();
    expect(counts.total).toBeGreaterThan(15_000);
    for (const kind of ['message', 'event', 'contact', 'driveItem', 'chatMessage'] as const) expect(counts[kind]).toBeGreaterThan(0);
  });

  it('describes a million-item tenant without materialising it', () => {
    const before = process.memoryUsage().heapUsed;
    const started = Date.now();
    const tenant = new Tenant({ seed: 1, size: 1_000_000 });
    expect(Math.abs(tenant.counts().total - 1_000_000)).toBeLessThan(50_000);
    expect(Date.now() - started).toBeLessThan(3000);
    // Layout only: a few thousand containers, not a million items.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(100 * 1024 * 1024);
    expect(tenant.containers.length).toBeLessThan(10_000);
  });

  it('gives a file the same bytes every time and new bytes after a change', () => {
    const tenant = new Tenant({ seed: 'files', size: 2000 });
    const drive = tenant.containers[tenant.drives[0].containerNo];
    const index = 1 + (drive.drive?.folderCount ?? 0);
    const original = driveItemBytes(driveRecord(tenant, drive, index));
    expect(driveItemBytes(driveRecord(tenant, drive, index)).equals(original)).toBe(true);
    expect(original.length).toBe(driveRecord(tenant, drive, index).size);
    tenant.touchItem(drive, index);
    expect(driveItemBytes(driveRecord(tenant, drive, index)).equals(original)).toBe(false);
  });

  it('produces content of exactly the requested size', () => {
    for (const size of [0, 1, 77, 65_536, 100_001]) expect(contentBytes(`k${size}`, size).length).toBe(size);
  });

  it('gives one key the same bytes every time and two keys different bytes, which compress as text does', () => {
    const a = contentBytes('file-a', 200_000);
    expect(contentBytes('file-a', 200_000).equals(a)).toBe(true);
    expect(contentBytes('file-b', 200_000).equals(a)).toBe(false);
    // Not one stretch repeated (that would compress far more) nor noise (that would not compress).
    const ratio = a.length / zlib.deflateSync(a).length;
    expect(ratio).toBeGreaterThan(2);
    expect(ratio).toBeLessThan(5);
  });
});
