import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createLocalObjectStore, defaultGraphClientFactory } from '@portal/engine';
import type { BackupSet, ItemPage, Job, ProtectedObjectPage, SnapshotList, Tenant, TreeList } from '@portal/contracts';
import { build, signin, type ApiInstance, type Session } from '../../test/build';
import { call, manualExchangeSet, waitForJob, waitUntil } from '../../test/calls';
import { emulatorOutbound } from '../../test/emulator-outbound';
import { testEmulator } from '../../test/emulator';

// The vertical slice through the API: connect a tenant (the emulator), create a set, run a backup
// job, browse a snapshot, search, restore to the original place (read back from the emulator byte
// for byte) and as a ZIP; and the isolation rules (another organisation's records answer 404).

jest.setTimeout(180_000);

const emulator = testEmulator({ seed: 'api-test', size: 400, users: 3 });

const connectBody = () => ({ name: 'Contoso test', ...emulator.credentials });

/** Entries of a ZIP (stored or deflated), enough to check what a download contains. */
function unzip(buffer: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  for (let i = 0; i < count; i += 1) {
    const method = buffer.readUInt16LE(at + 10);
    const compressed = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extra = buffer.readUInt16LE(at + 30);
    const comment = buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(dataStart, dataStart + compressed);
    entries.set(name, method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

describe('backup API', () => {
  let app: ApiInstance;
  let customer: Session;

  beforeEach(async () => {
    app = await build({ backup: { demo: false, scheduleEveryMs: 60_000, outbound: emulatorOutbound(emulator) } });
    customer = await signin(app, 'customer');
  });

  it('connects a tenant, backs it up, browses, searches and restores', async () => {
    const bad = await call(app, customer, 'POST', 'api/backup/tenants', { ...connectBody(), clientSecret: 'wrong' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toMatch(/^Connection failed/);

    const tested = await call<{ ok: boolean; failureReason?: string }>(app, customer, 'POST', 'api/backup/tenants/test', { ...connectBody(), clientSecret: 'wrong' });
    expect(tested.status).toBe(200);
    expect(tested.body.ok).toBe(false);
    expect(tested.body.failureReason).toEqual(expect.any(String));
    expect(tested.body.errorMessage).toBeUndefined();
    expect((await call<{ ok: boolean }>(app, customer, 'POST', 'api/backup/tenants/test', connectBody())).body).toEqual({ ok: true, organizationName: emulator.organizationName });

    const connected = await call<Tenant>(app, customer, 'POST', 'api/backup/tenants', connectBody());
    expect(connected.status).toBe(201);
    expect(connected.body.status).toBe('connected');
    expect(connected.body.organizationName).toBe(emulator.organizationName);
    expect(JSON.stringify(connected.body)).not.toContain(emulator.clientSecret);
    const stored = await app.apiDb.query<{ secret_sealed: string }>('select secret_sealed from backup_tenants where id = $1', [connected.body.id]);
    expect(stored.rows[0].secret_sealed).not.toContain(emulator.clientSecret);

    const users = await call<{ items: Array<{ externalId: string; displayName: string }> }>(app, customer, 'GET', `api/backup/tenants/${connected.body.id}/directory?kind=user`);
    expect(users.body.items).toHaveLength(3);

    const created = await call<BackupSet>(app, customer, 'POST', 'api/backup/sets', {
      name: 'Mail and files',
      tenantId: connected.body.id,
      type: 'm365',
      scope: { mode: 'selected', objects: [{ kind: 'user', ...users.body.items[0] }, { kind: 'user', ...users.body.items[1] }] },
      services: ['mail', 'onedrive', 'calendar', 'contacts'],
      schedule: { frequency: 'daily', time: '03:00', dayOfWeek: 0 },
      retention: { days: 30 },
    });
    expect(created.status).toBe(201);
    expect(created.body.nextRunAt).not.toBeNull();
    const setId = created.body.id;

    const run = await call<Job>(app, customer, 'POST', `api/backup/sets/${setId}/run`);
    expect(run.status).toBe(202);
    expect((await call(app, customer, 'POST', `api/backup/sets/${setId}/run`)).status).toBe(409);
    const job = await waitForJob(app, customer, run.body.id);
    expect(job.status).toBe('succeeded');
    expect(job.progress.objectsDone).toBe(2);
    expect(job.progress.itemsDone).toBeGreaterThan(0);

    const objects = await call<ProtectedObjectPage>(app, customer, 'GET', `api/backup/sets/${setId}/objects`);
    expect(objects.body.total).toBe(2);
    const object = objects.body.items[0];
    expect(object.status).toBe('ok');
    expect(object.itemCount).toBeGreaterThan(0);
    expect(object.services.map((s) => s.service)).toEqual(expect.arrayContaining(['mail', 'onedrive']));

    const snapshots = await call<SnapshotList>(app, customer, 'GET', `api/backup/sets/${setId}/objects/${object.id}/snapshots`);
    expect(snapshots.body.items).toHaveLength(1);
    const snapshot = snapshots.body.items[0];
    expect(snapshot.itemCount).toBe(object.itemCount);

    const root = await call<TreeList>(app, customer, 'GET', `api/backup/snapshots/${snapshot.id}/tree`);
    expect(root.body.nodes.map((n) => n.service)).toEqual(expect.arrayContaining(['mail', 'onedrive']));
    const mailRoot = await call<TreeList>(app, customer, 'GET', `api/backup/snapshots/${snapshot.id}/tree?parent=${encodeURIComponent('mail:')}`);
    expect(mailRoot.body.nodes.map((n) => n.name)).toContain('Inbox');

    // Search: a word from a stored subject finds that message.
    const all = await call<ItemPage>(app, customer, 'GET', `api/backup/sets/${setId}/items?objectId=${object.id}&service=mail&pageSize=50`);
    expect(all.body.total).toBeGreaterThan(0);
    const message = all.body.items.find((i) => i.name.split(' ').some((w) => w.length > 4))!;
    const word = message.name.split(' ').find((w) => w.length > 4)!.replace(/[^\p{L}\p{N}]/gu, '');
    const found = await call<ItemPage>(app, customer, 'GET', `api/backup/sets/${setId}/items?q=${encodeURIComponent(word)}&snapshotId=${snapshot.id}`);
    expect(found.body.items.map((i) => i.id)).toContain(message.id);
    const none = await call<ItemPage>(app, customer, 'GET', `api/backup/sets/${setId}/items?q=zzqqxxnotaword`);
    expect(none.body.total).toBe(0);

    const preview = await call<{ bodyText: string | null; bodyHtml: string | null }>(app, customer, 'GET', `api/backup/items/${message.id}`);
    expect(preview.status).toBe(200);
    expect((preview.body.bodyText ?? preview.body.bodyHtml ?? '').length).toBeGreaterThan(0);

    // Restore a message and a file to their original place; the job reads them back from Graph.
    const file = (await call<ItemPage>(app, customer, 'GET', `api/backup/sets/${setId}/items?objectId=${object.id}&service=onedrive&pageSize=5`)).body.items[0];
    const event = (await call<ItemPage>(app, customer, 'GET', `api/backup/sets/${setId}/items?objectId=${object.id}&service=calendar&pageSize=1`)).body.items[0];
    const contact = (await call<ItemPage>(app, customer, 'GET', `api/backup/sets/${setId}/items?objectId=${object.id}&service=contacts&pageSize=1`)).body.items[0];
    const restore = await call<Job>(app, customer, 'POST', 'api/backup/restores', {
      setId,
      selection: { kind: 'items', itemIds: [message.id, file.id, event.id, contact.id] },
      destination: { kind: 'original' },
    });
    expect(restore.status).toBe(202);
    const restored = await waitForJob(app, customer, restore.body.id);
    const restoreLog = await call<{ items: Array<{ message: string }> }>(app, customer, 'GET', `api/jobs/${restore.body.id}/log`);
    expect({ status: restored.status, log: restoreLog.body.items.map((l) => l.message) }).toEqual({
      status: 'succeeded',
      log: ['4 items to restore', 'Restored 4 of 4 items, 4 verified'],
    });
    expect(restored.verifiedCount).toBe(4);

    // Independently of the job's own check: the restored file in the emulator has the backed-up bytes.
    const graph = defaultGraphClientFactory()(emulator.credentials);
    const download = await call<Buffer>(app, customer, 'GET', `api/backup/items/${file.id}/download-link`);
    const original = await app.inject({ method: 'GET', url: (download.body as unknown as { url: string }).url });
    expect(original.statusCode).toBe(200);
    const drive = await graph.getUserDrive(object.externalId);
    const copies: Buffer[] = [];
    for await (const page of graph.driveItemsDelta(drive.id)) {
      for (const item of page.items) {
        if (item.file && item.name.startsWith(file.name.replace(/\.[^.]+$/, ''))) {
          const content = await graph.downloadDriveItem(drive.id, item.id);
          const chunks: Buffer[] = [];
          for await (const chunk of content.stream) chunks.push(Buffer.from(chunk as Uint8Array));
          copies.push(Buffer.concat(chunks));
        }
      }
    }
    expect(copies.length).toBeGreaterThanOrEqual(2);
    expect(copies.every((c) => c.equals(original.rawPayload))).toBe(true);

    // Download restore: a ZIP with the message as EML (same bytes as the item download).
    const zipJob = await call<Job>(app, customer, 'POST', 'api/backup/restores', { setId, selection: { kind: 'items', itemIds: [message.id] }, destination: { kind: 'download' } });
    const zipDone = await waitForJob(app, customer, zipJob.body.id);
    expect(zipDone.downloadReady).toBe(true);
    const link = await call<{ url: string }>(app, customer, 'GET', `api/jobs/${zipJob.body.id}/download-link`);
    const zipResponse = await app.inject({ method: 'GET', url: link.body.url });
    expect(zipResponse.statusCode).toBe(200);
    expect(zipResponse.headers['content-type']).toBe('application/zip');
    const entries = unzip(zipResponse.rawPayload);
    const [name, eml] = [...entries.entries()][0];
    expect(name).toMatch(/\/mail\/.+\.eml$/);
    const messageLink = await call<{ url: string }>(app, customer, 'GET', `api/backup/items/${message.id}/download-link`);
    expect(eml.equals((await app.inject({ method: 'GET', url: messageLink.body.url })).rawPayload)).toBe(true);
    // A tampered token opens nothing.
    expect((await app.inject({ method: 'GET', url: link.body.url.replace(/token=\d+/, 'token=1') })).statusCode).toBe(404);

    const log = await call<{ items: Array<{ message: string }> }>(app, customer, 'GET', `api/jobs/${job.id}/log`);
    expect(log.body.items.some((l) => /finished/.test(l.message))).toBe(true);
    const jobs = await call<{ total: number }>(app, customer, 'GET', 'api/jobs?type=restore');
    expect(jobs.body.total).toBe(2);
  });

  it('deletes the content a tenant still has stored when the tenant is deleted after its sets', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenant-purge-'));
    const objects = createLocalObjectStore(dir);
    const own = await build({ backup: { demo: false, scheduleEveryMs: 60_000, outbound: emulatorOutbound(emulator), objectStore: objects } });
    try {
      const session = await signin(own, 'customer');
      const tenant = await call<Tenant>(own, session, 'POST', 'api/backup/tenants', connectBody());
      const set = await call<BackupSet>(own, session, 'POST', 'api/backup/sets', manualExchangeSet(tenant.body.id, 'Contacts', ['contacts']));
      const run = await call<Job>(own, session, 'POST', `api/backup/sets/${set.body.id}/run`);
      expect((await waitForJob(own, session, run.body.id)).status).toBe('succeeded');
      const stored = async () => {
        const keys: string[] = [];
        for (const folder of ['packs', 'blobs']) for await (const key of objects.list!(`${folder}/${tenant.body.id}`)) keys.push(key);
        return keys;
      };
      expect((await stored()).length).toBeGreaterThan(0);
      expect((await call(own, session, 'DELETE', `api/backup/tenants/${tenant.body.id}`)).status).toBe(409);
      // Deleting the set frees nothing yet: its content waits out the collection's grace window.
      expect((await call(own, session, 'DELETE', `api/backup/sets/${set.body.id}`)).status).toBe(200);
      expect((await stored()).length).toBeGreaterThan(0);
      expect((await call(own, session, 'DELETE', `api/backup/tenants/${tenant.body.id}`)).status).toBe(200);
      // Started with the request, finished in the background.
      // The purge's row goes in the statement after the last object (tenant-purges.ts): wait for both.
      const purgesLeft = async () => (await own.apiDb.query('select 1 from backup_tenant_purges')).rows.length;
      await waitUntil(async () => (await stored()).length === 0 && (await purgesLeft()) === 0);
      expect(await stored()).toEqual([]);
    } finally {
      await own.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('deletes a tenant whose store is down, and keeps the deletion of its content for later', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenant-purge-down-'));
    const local = createLocalObjectStore(dir);
    const objects = {
      ...local,
      // The listing a purge starts with fails, as an unreachable bucket would.
      async *list(): AsyncIterable<string> {
        throw new Error('store unreachable');
      },
    };
    const own = await build({ backup: { demo: false, scheduleEveryMs: 60_000, outbound: emulatorOutbound(emulator), objectStore: objects } });
    try {
      const session = await signin(own, 'customer');
      const tenant = await call<Tenant>(own, session, 'POST', 'api/backup/tenants', connectBody());
      expect((await call(own, session, 'DELETE', `api/backup/tenants/${tenant.body.id}`)).status).toBe(200);
      expect((await call(own, session, 'GET', `api/backup/tenants/${tenant.body.id}`)).status).toBe(404);
      const purges = () => own.apiDb.query<{ tenant_id: string; last_error: string | null }>('select tenant_id, last_error from backup_tenant_purges');
      await waitUntil(async () => (await purges()).rows[0]?.last_error !== null);
      expect((await purges()).rows).toEqual([{ tenant_id: tenant.body.id, last_error: 'store unreachable' }]);
    } finally {
      await own.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers 404 for another organisation's tenants, sets, snapshots, items and jobs", async () => {
    const tenant = await call<Tenant>(app, customer, 'POST', 'api/backup/tenants', connectBody());
    const set = await call<BackupSet>(app, customer, 'POST', 'api/backup/sets', manualExchangeSet(tenant.body.id, 'Exchange', ['contacts']));
    const run = await call<Job>(app, customer, 'POST', `api/backup/sets/${set.body.id}/run`);
    await waitForJob(app, customer, run.body.id);
    const object = (await call<ProtectedObjectPage>(app, customer, 'GET', `api/backup/sets/${set.body.id}/objects`)).body.items[0];
    const snapshot = (await call<SnapshotList>(app, customer, 'GET', `api/backup/sets/${set.body.id}/objects/${object.id}/snapshots`)).body.items[0];
    const item = (await call<ItemPage>(app, customer, 'GET', `api/backup/sets/${set.body.id}/items`)).body.items[0];
    expect(item).toBeDefined();

    // Snapshot mapping: restore this user's contacts to another user of the tenant, in bulk.
    const target = (await call<{ items: Array<{ externalId: string; displayName: string }> }>(app, customer, 'GET', `api/backup/tenants/${tenant.body.id}/directory?kind=user`)).body.items.find(
      (u) => u.externalId !== object.externalId,
    )!;
    const mapping = await call<{ id: string }>(app, customer, 'POST', 'api/backup/mappings', {
      name: 'Move contacts',
      sourceSetId: set.body.id,
      targetTenantId: tenant.body.id,
      pairs: [{ sourceObjectId: object.id, targetUserExternalId: target.externalId, targetDisplayName: target.displayName }],
    });
    expect(mapping.status).toBe(201);
    expect((await call<{ valid: boolean }>(app, customer, 'POST', `api/backup/mappings/${mapping.body.id}/validate`)).body.valid).toBe(true);
    const bad = await call<{ id: string }>(app, customer, 'PUT', `api/backup/mappings/${mapping.body.id}`, {
      name: 'Nobody',
      sourceSetId: set.body.id,
      targetTenantId: tenant.body.id,
      pairs: [{ sourceObjectId: object.id, targetUserExternalId: 'no-such-user' }],
    });
    expect(bad.status).toBe(200);
    expect((await call<{ valid: boolean; problems: unknown[] }>(app, customer, 'POST', `api/backup/mappings/${mapping.body.id}/validate`)).body).toMatchObject({ valid: false, problems: [expect.anything()] });
    await call(app, customer, 'PUT', `api/backup/mappings/${mapping.body.id}`, {
      name: 'Move contacts',
      sourceSetId: set.body.id,
      targetTenantId: tenant.body.id,
      pairs: [{ sourceObjectId: object.id, targetUserExternalId: target.externalId }],
    });
    const bulk = await call<Job>(app, customer, 'POST', `api/backup/mappings/${mapping.body.id}/start`, {});
    expect(bulk.status).toBe(202);
    const bulkDone = await waitForJob(app, customer, bulk.body.id);
    expect(bulkDone.status).toBe('succeeded');
    expect(bulkDone.verifiedCount).toBe(snapshot.itemCount);

    const other = await signin(app, 'customer2');
    const urls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?]> = [
      ['GET', `api/backup/tenants/${tenant.body.id}`],
      ['POST', `api/backup/tenants/${tenant.body.id}/test`],
      ['GET', `api/backup/tenants/${tenant.body.id}/directory`],
      ['DELETE', `api/backup/tenants/${tenant.body.id}`],
      ['GET', `api/backup/sets/${set.body.id}`],
      ['PATCH', `api/backup/sets/${set.body.id}`, { name: 'Mine now' }],
      ['POST', `api/backup/sets/${set.body.id}/run`],
      ['POST', `api/backup/sets/${set.body.id}/pause`],
      ['DELETE', `api/backup/sets/${set.body.id}`],
      ['GET', `api/backup/sets/${set.body.id}/objects`],
      ['GET', `api/backup/sets/${set.body.id}/objects/${object.id}/snapshots`],
      ['GET', `api/backup/snapshots/${snapshot.id}/tree`],
      ['GET', `api/backup/sets/${set.body.id}/items`],
      ['GET', `api/backup/items/${item.id}`],
      ['GET', `api/backup/items/${item.id}/download-link`],
      ['POST', 'api/backup/restores', { setId: set.body.id, selection: { kind: 'items', itemIds: [item.id] }, destination: { kind: 'download' } }],
      ['GET', `api/jobs/${run.body.id}`],
      ['GET', `api/jobs/${run.body.id}/log`],
      ['POST', `api/jobs/${run.body.id}/retry`],
      ['POST', `api/jobs/${run.body.id}/cancel`],
      ['GET', `api/backup/mappings/${mapping.body.id}`],
      ['POST', `api/backup/mappings/${mapping.body.id}/validate`],
      ['POST', `api/backup/mappings/${mapping.body.id}/start`, {}],
      ['DELETE', `api/backup/mappings/${mapping.body.id}`],
    ];
    for (const [method, url, payload] of urls) {
      const response = await call(app, other, method, url, payload);
      expect({ url, method, status: response.status }).toEqual({ url, method, status: 404 });
      expect(response.body.errorMessage).toBe('Not found');
    }
    expect((await call<{ total: number }>(app, other, 'GET', 'api/jobs')).body.total).toBe(0);
    expect((await call<{ items: unknown[] }>(app, other, 'GET', 'api/backup/tenants')).body.items).toHaveLength(0);
    expect((await call<{ items: unknown[] }>(app, other, 'GET', 'api/backup/mappings')).body.items).toHaveLength(0);
    // A set created against someone else's tenant id is refused like an unknown tenant.
    const foreign = await call(app, other, 'POST', 'api/backup/sets', manualExchangeSet(tenant.body.id, 'Steal', ['mail']));
    expect(foreign.status).toBe(400);
    // Roles that do not manage backups are refused outright.
    const partner = await signin(app, 'partner');
    expect((await call(app, partner, 'GET', 'api/backup/sets')).status).toBe(403);
    // The owner still sees everything unchanged.
    expect((await call<BackupSet>(app, customer, 'GET', `api/backup/sets/${set.body.id}`)).body.name).toBe('Exchange');
  });
});
