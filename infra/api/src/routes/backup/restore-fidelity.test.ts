import { defaultGraphClientFactory } from '@portal/engine';
import type { BackupSet, Job, SnapshotList, ProtectedObjectPage, Tenant } from '@portal/contracts';
import type { GraphClient, GraphDriveItem, GraphMessage } from '@portal/graph-connector';
import { build, signin, type ApiInstance, type Session } from '../../test/build';
import { call, waitForJob } from '../../test/calls';
import { emulatorOutbound } from '../../test/emulator-outbound';
import { testEmulator } from '../../test/emulator';

// A restore must look like the original, not like a draft: every restored message keeps its sent
// and received times, read state, flag, importance and categories, and every restored file its
// client-side times. Checked here independently of the job's own verification, by reading both
// mailboxes and drives back from Graph (the emulator) after a whole-snapshot restore to another user.

jest.setTimeout(180_000);

const emulator = testEmulator({ seed: 'restore-fidelity', size: 150, users: 2 });

async function collect<T>(pages: AsyncIterable<{ items: T[] }>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...page.items);
  return out;
}

async function mailbox(graph: GraphClient, userId: string): Promise<GraphMessage[]> {
  const messages: GraphMessage[] = [];
  for await (const folder of graph.listMailFolders(userId)) messages.push(...(await collect(graph.messagesDelta(userId, folder.id))));
  return messages;
}

async function files(graph: GraphClient, userId: string): Promise<GraphDriveItem[]> {
  const drive = await graph.getUserDrive(userId);
  return (await collect(graph.driveItemsDelta(drive.id))).filter((item) => item.file);
}

const messageFacts = (m: GraphMessage) => ({
  isDraft: m.isDraft,
  subject: m.subject,
  sent: Date.parse(m.sentDateTime!),
  received: Date.parse(m.receivedDateTime!),
  isRead: m.isRead,
  flag: m.flag?.flagStatus ?? 'notFlagged',
  importance: m.importance,
  categories: [...(m.categories ?? [])].sort(),
});
const fileTimes = (f: GraphDriveItem) => ({ created: Date.parse(f.fileSystemInfo!.createdDateTime!), modified: Date.parse(f.fileSystemInfo!.lastModifiedDateTime!) });

describe('restore fidelity', () => {
  let app: ApiInstance;
  let customer: Session;

  beforeEach(async () => {
    app = await build({ backup: { demo: false, scheduleEveryMs: 60_000, outbound: emulatorOutbound(emulator) } });
    customer = await signin(app, 'customer');
  });

  it('restores every message as delivered (not a draft) with its times, read state and flags, and every file with its times', async () => {
    const graph = defaultGraphClientFactory()(emulator.credentials);
    const [source, target] = emulator.tenant.users;
    const tenant = (await call<Tenant>(app, customer, 'POST', 'api/backup/tenants', { name: 'Fidelity', ...emulator.credentials })).body;
    const set = await call<BackupSet>(app, customer, 'POST', 'api/backup/sets', {
      name: 'One mailbox',
      tenantId: tenant.id,
      type: 'm365',
      scope: { mode: 'selected', objects: [{ kind: 'user', externalId: source.id, displayName: source.displayName }] },
      services: ['mail', 'onedrive'],
      schedule: { frequency: 'daily', time: '03:00', dayOfWeek: 0 },
      retention: { days: 30 },
    });
    expect(set.status).toBe(201);
    const run = await call<Job>(app, customer, 'POST', `api/backup/sets/${set.body.id}/run`);
    expect((await waitForJob(app, customer, run.body.id)).status).toBe('succeeded');

    const object = (await call<ProtectedObjectPage>(app, customer, 'GET', `api/backup/sets/${set.body.id}/objects`)).body.items[0];
    const snapshot = (await call<SnapshotList>(app, customer, 'GET', `api/backup/sets/${set.body.id}/objects/${object.id}/snapshots`)).body.items[0];
    const originals = await mailbox(graph, source.id);
    const originalFiles = await files(graph, source.id);
    // The generated mailbox has read and unread, flagged and categorised mail: the test covers each.
    expect(new Set(originals.map((m) => m.isRead)).size).toBe(2);
    expect(originals.some((m) => m.flag?.flagStatus !== 'notFlagged')).toBe(true);
    expect(originals.some((m) => m.hasAttachments)).toBe(true);
    const before = new Set((await mailbox(graph, target.id)).map((m) => m.id));
    const filesBefore = new Set((await files(graph, target.id)).map((f) => f.id));

    const restore = await call<Job>(app, customer, 'POST', 'api/backup/restores', {
      setId: set.body.id,
      selection: { kind: 'snapshot', snapshotId: snapshot.id, services: ['mail', 'onedrive'] },
      destination: { kind: 'user', tenantId: tenant.id, userExternalId: target.id },
    });
    expect(restore.status).toBe(202);
    const done = await waitForJob(app, customer, restore.body.id);
    const log = (await call<{ items: Array<{ message: string }> }>(app, customer, 'GET', `api/jobs/${restore.body.id}/log`)).body.items.map((l) => l.message);
    expect({ status: done.status, warnings: log.filter((line) => /differs|draft/.test(line)) }).toEqual({ status: 'succeeded', warnings: [] });
    expect(done.verifiedCount).toBe(originals.length + originalFiles.length);

    const restored = (await mailbox(graph, target.id)).filter((m) => !before.has(m.id));
    expect(restored).toHaveLength(originals.length);
    const byMessageId = new Map(restored.map((m) => [m.internetMessageId, m]));
    for (const original of originals) {
      const copy = byMessageId.get(original.internetMessageId);
      expect(copy && messageFacts(copy)).toEqual({ ...messageFacts(original), isDraft: false });
    }

    const restoredFiles = (await files(graph, target.id)).filter((f) => !filesBefore.has(f.id));
    expect(restoredFiles).toHaveLength(originalFiles.length);
    const byContent = new Map(restoredFiles.map((f) => [f.file?.hashes?.quickXorHash, f]));
    for (const original of originalFiles) {
      const copy = byContent.get(original.file?.hashes?.quickXorHash);
      expect(copy && fileTimes(copy)).toEqual(fileTimes(original));
    }
  });
});
