import crypto from 'node:crypto';
import { createGraphClient, GraphError, type GraphClient } from '@portal/graph-connector';
import { batchInTransaction, type Db } from '@portal/db';
import { startEmulator, type Emulator } from '@portal/m365-emulator';
import type { BackupService } from '@portal/contracts';
import type { JobContext } from '../jobs/job-context';
import type { BlobStore, EngineDb } from '../ports';
import { backupObject, type ObjectBackupEnv, type ObjectRef } from './backup-object';

// Events, contacts and channel messages go through Graph's delta: a second run asks only for what
// changed (its requests and records follow the changes), and deleted items end at that run. The
// catalog is a stand-in that keeps the delta checkpoints and records every other statement.

interface Statement {
  sql: string;
  params: unknown[];
}

interface Record_ {
  service: string;
  kind: string;
  externalId: string;
  containerId: string;
  folderPath: string;
}

function checkpointingDb(statements: Statement[]): EngineDb {
  const checkpoints = new Map<string, { link: unknown; run_seq: unknown; round_complete: unknown }>();
  const db = {
    query: async (sql: string, params: unknown[] = []) => {
      statements.push({ sql, params });
      const key = `${String(params[0])}|${String(params[1])}`;
      if (sql.includes('from backup_checkpoints') && params.length === 1) {
        // All of an object's streams, as a backup reads them when it starts the object.
        const rows = [...checkpoints].filter(([k]) => k.startsWith(`${String(params[0])}|`)).map(([k, row]) => ({ stream: k.slice(k.indexOf('|') + 1), ...row }));
        return { rows, rowCount: rows.length };
      }
      if (sql.includes('select exists')) {
        // Whether the catalog holds versions of the object: whether any were inserted for it.
        const holds = statements.some((s) => s.sql.includes('insert into backup_item_versions') && s.params[1] === params[0]);
        return { rows: [{ holds }], rowCount: 1 };
      }
      if (sql.includes('from backup_checkpoints')) {
        const row = checkpoints.get(key);
        return { rows: row ? [row] : [], rowCount: row ? 1 : 0 };
      }
      if (sql.includes('insert into backup_checkpoints')) {
        // Alone, or a CTE of a page's or an object's statement: the object and the JSON rows are the parameters the SQL names.
        const objectParam = Number(/select \$(\d+), x\.stream/.exec(sql)![1]) - 1;
        const jsonParam = Number(/jsonb_to_recordset\(\$(\d+)::jsonb\) as x\(stream/.exec(sql)![1]) - 1;
        for (const row of JSON.parse(String(params[jsonParam])) as Array<{ stream: string; link: unknown; runSeq: unknown; roundComplete: unknown }>) {
          checkpoints.set(`${String(params[objectParam])}|${row.stream}`, { link: row.link, run_seq: row.runSeq, round_complete: row.roundComplete });
        }
      }
      return { rows: [], rowCount: 0 };
    },
    transaction: async <T>(work: (tx: unknown) => Promise<T>) => work(db),
    batch: (batch: Array<{ sql: string; params?: unknown[] }>) => batchInTransaction(db as unknown as Db, batch),
  };
  return db as unknown as EngineDb;
}

const inserted = (statements: Statement[]): Record_[] =>
  statements.filter((s) => s.sql.includes('insert into backup_item_versions')).flatMap((s) => JSON.parse(String(s.params[3])) as Record_[]);

/** External ids a statement ended (`update … set valid_to_run` of the ids in $3), as closeVersions issues it. */
const closed = (statements: Statement[]): string[] =>
  statements.filter((s) => /update backup_item_versions v set valid_to_run/.test(s.sql) && s.sql.includes('external_id = any($3')).flatMap((s) => s.params[2] as string[]);

describe('incremental backups of events, contacts and channel messages through delta', () => {
  let emulator: Emulator;
  let graph: GraphClient;
  let db: EngineDb;
  const statements: Statement[] = [];
  /** HTTP requests the client sent (a JSON batch is one). */
  let sent = 0;

  beforeAll(async () => {
    emulator = await startEmulator({ seed: 'engine-incremental', size: 2000 });
    // Small pages, so a full round costs many requests and an incremental one a single page per stream.
    graph = createGraphClient({
      ...emulator.credentials,
      pageSize: 5,
      fetch: (input, init) => {
        sent += 1;
        return fetch(input, init);
      },
    });
    db = checkpointingDb(statements);
  });
  afterAll(() => emulator.stop());

  function env(runSeq: number, services: BackupService[]): ObjectBackupEnv {
    const hashOf = (content: Buffer) => ({ hash: crypto.createHash('sha256').update(content).digest('hex') });
    const blobs = { put: async (_tenant: string, content: Buffer) => hashOf(content), putMany: async (_tenant: string, contents: Buffer[]) => contents.map(hashOf) } as unknown as BlobStore;
    const job = { progress: { itemsDone: 0, bytesDone: 0 }, checkpoint: async () => undefined } as unknown as JobContext;
    return { db, blobs, graph, job, setId: 'set-1', tenantRowId: 'tenant-1', runSeq, services, fetchConcurrency: 2 };
  }

  /** Runs the user (calendar, contacts) and the team (teams) backups; returns the statements and Graph requests of the run. */
  async function run(runSeq: number, user: ObjectRef, team: ObjectRef) {
    const from = statements.length;
    const before = sent;
    await backupObject(env(runSeq, ['calendar', 'contacts']), user);
    await backupObject(env(runSeq, ['teams']), team);
    return { statements: statements.slice(from), requests: sent - before };
  }

  it('fetches only the changed event, contact and channel message on the second run and closes the deleted ones', async () => {
    const { tenant } = emulator;
    const userInfo = tenant.users[0];
    const teamInfo = tenant.groups.find((g) => g.isTeam)!;
    const channels = tenant.channels.filter((c) => c.groupIdx === teamInfo.idx);
    const user: ObjectRef = { id: 'user-1', kind: 'user', externalId: userInfo.id, displayName: userInfo.displayName };
    const team: ObjectRef = { id: 'team-1', kind: 'team', externalId: teamInfo.id, displayName: teamInfo.displayName };

    const first = await run(1, user, team);
    const firstRecords = inserted(first.statements);
    const events = firstRecords.filter((r) => r.service === 'calendar');
    const contacts = firstRecords.filter((r) => r.service === 'contacts');
    const messages = firstRecords.filter((r) => r.service === 'teams');
    expect(events).toHaveLength(tenant.containers[userInfo.eventsNo].count);
    expect(contacts).toHaveLength(tenant.containers[userInfo.contactsNo].count);
    // The same records the listing path wrote: one calendar, the default contacts container, messages keyed by channel.
    expect(new Set(events.map((r) => `${r.kind}|${r.containerId}|${r.folderPath}`))).toEqual(new Set(['event|calendar|Calendar']));
    expect(new Set(contacts.map((r) => `${r.kind}|${r.containerId}|${r.folderPath}`))).toEqual(new Set(['contact|contacts|Contacts']));
    expect(messages.every((r) => r.kind === 'channelMessage' && r.externalId.startsWith(`${r.containerId}/`))).toBe(true);
    const channelMessageCount = channels.reduce((n, c) => n + tenant.containers[c.containerNo].count, 0);
    // Listed in full first (delta starts with eight months), so every message is kept.
    expect(new Set(messages.map((r) => r.externalId)).size).toBe(channelMessageCount);

    // One change and one deletion of each kind.
    const eventsContainer = tenant.containers[userInfo.eventsNo];
    const contactsContainer = tenant.containers[userInfo.contactsNo];
    const channel = channels[0];
    const chat = tenant.containers[channel.containerNo];
    const changedEvent = tenant.parseItemId('event', events[0].externalId)!;
    tenant.touchItem(eventsContainer, changedEvent.index);
    await graph.request('DELETE', `/users/${userInfo.id}/events/${events[1].externalId}`);
    const changedContact = tenant.parseItemId('contact', contacts[0].externalId)!;
    tenant.touchItem(contactsContainer, changedContact.index);
    await graph.request('DELETE', `/users/${userInfo.id}/contacts/${contacts[1].externalId}`);
    const lastIndex = chat.count - 1;
    const editedId = String(1_600_000_000_000 + lastIndex);
    const deletedId = String(1_600_000_000_000 + lastIndex - 1);
    tenant.touchItem(chat, lastIndex);
    await graph.request('POST', `/teams/${teamInfo.id}/channels/${encodeURIComponent(channel.id)}/messages/${deletedId}/softDelete`);

    const second = await run(2, user, team);
    expect(inserted(second.statements).map((r) => r.externalId).sort()).toEqual([events[0].externalId, contacts[0].externalId, `${channel.id}/${editedId}`].sort());
    expect(closed(second.statements)).toEqual(expect.arrayContaining([events[1].externalId, contacts[1].externalId, `${channel.id}/${deletedId}`]));
    // The user's contact folder listing, default contact folder lookup and calendar and contact
    // rounds' first pages in one JSON batch; the channel list and a delta call per channel: the cost
    // follows the changes, not the size.
    expect(second.requests).toBe(1 + 1 + channels.length);
    // The streams' checkpoints are read once per object (the user and the team), not once per stream.
    expect(second.statements.filter((s) => s.sql.includes('from backup_checkpoints'))).toHaveLength(2);
    expect(first.requests).toBeGreaterThan(second.requests * 3);

    const third = await run(3, user, team);
    expect(inserted(third.statements)).toEqual([]);
    expect(third.requests).toBe(second.requests);
    // Nothing changed: per object, its checkpoints read as it starts and one statement as it ends (every
    // stream's checkpoint, and the end of versions in deleted folders and channels), however many streams.
    expect(third.statements.map((s) => (s.sql.includes('from backup_checkpoints') ? 'read' : s.sql.includes('checkpoints as (') ? 'end' : s.sql))).toEqual([
      'read',
      'end',
      'read',
      'end',
    ]);
    const { rows: stored } = await db.query<{ stream: string; run_seq: number; round_complete: boolean }>('select stream from backup_checkpoints where object_id = $1', [team.id]);
    expect(stored.filter((row) => row.stream.startsWith('teams:')).map((row) => [row.run_seq, row.round_complete])).toEqual(channels.map(() => [3, true]));
  });

  /** A user backed up once (calendar and contacts); its default contact folder and Graph's calls per stream. */
  async function backedUpUser(index: number) {
    const userInfo = emulator.tenant.users[index];
    const user: ObjectRef = { id: `user-${index + 1}`, kind: 'user', externalId: userInfo.id, displayName: userInfo.displayName };
    await backupObject(env(1, ['calendar', 'contacts']), user);
    const defaultFolder = (await graph.defaultContactFolderId(userInfo.id))!;
    const calls = { events: 0, contactFolders: [] as string[] };
    const counting: GraphClient = {
      ...graph,
      eventsDelta: (...args) => {
        calls.events += 1;
        return graph.eventsDelta(...args);
      },
      contactsDelta: (userId, folderId, link) => {
        calls.contactFolders.push(folderId);
        return graph.contactsDelta(userId, folderId, link);
      },
    };
    const checkpoint = async (stream: string) =>
      (await db.query<{ stream: string; run_seq: number; round_complete: boolean }>('select stream from backup_checkpoints where object_id = $1', [user.id])).rows.find((row) => row.stream === stream);
    return { userInfo, user, defaultFolder, calls, counting, checkpoint };
  }

  it('stores the checkpoints of streams that changed nothing when a later stream fails the object, so the resumed run skips them', async () => {
    const { user, calls, counting, checkpoint } = await backedUpUser(2);
    const failing: GraphClient = {
      ...counting,
      contactsDelta: () => {
        throw new Error('Graph answered 503');
      },
    };
    await expect(backupObject({ ...env(2, ['calendar', 'contacts']), graph: failing }, user)).rejects.toThrow('Graph answered 503');
    // The calendar's page stored nothing; its checkpoint waited for the object's end and was written then.
    expect(await checkpoint('calendar')).toMatchObject({ run_seq: 2, round_complete: true });

    calls.events = 0;
    await backupObject({ ...env(2, ['calendar', 'contacts']), graph: counting }, user);
    expect(calls.events).toBe(0);
    expect(calls.contactFolders.length).toBeGreaterThan(0);
  });

  it("loses the gathered pages when killed before the object's write: their streams are read again from their checkpoints, each item written once", async () => {
    const { userInfo, user, defaultFolder, calls, counting, checkpoint } = await backedUpUser(3);
    const contactsContainer = emulator.tenant.containers[userInfo.contactsNo];
    emulator.tenant.touchItem(contactsContainer, 0);
    // The process dies as the object's write is sent (a statement or a batch, which is one transaction):
    // that write and everything after it never reach the database.
    let dead = false;
    const dies = (sql: string) => (dead ||= sql.includes('checkpoints as ('));
    const dying = {
      ...db,
      query: (sql: string, params?: unknown[]) => (dies(sql) ? Promise.reject(new Error('killed')) : db.query(sql, params)),
      batch: (batch: Array<{ sql: string; params?: unknown[] }>) => (batch.some((s) => dies(s.sql)) ? Promise.reject(new Error('killed')) : db.batch(batch)),
    } as EngineDb;
    const from = statements.length;
    await expect(backupObject({ ...env(2, ['calendar', 'contacts']), db: dying, graph: counting }, user)).rejects.toThrow('killed');
    // The changed contact's page and the checkpoints gathered with it are lost together.
    expect(inserted(statements.slice(from))).toEqual([]);
    expect(await checkpoint(`contacts:${defaultFolder}`)).toMatchObject({ run_seq: 1 });
    expect(await checkpoint('calendar')).toMatchObject({ run_seq: 1 });

    calls.events = 0;
    calls.contactFolders = [];
    const resumed = statements.length;
    await backupObject({ ...env(2, ['calendar', 'contacts']), graph: counting }, user);
    expect(calls.events).toBe(1);
    expect(calls.contactFolders).toContain(defaultFolder);
    // The resumed run writes the changed contact once, and every stream ends the run at this run's checkpoint.
    expect(inserted(statements.slice(resumed)).map((r) => r.service)).toEqual(['contacts']);
    expect(await checkpoint(`contacts:${defaultFolder}`)).toMatchObject({ run_seq: 2, round_complete: true });
    expect(await checkpoint('calendar')).toMatchObject({ run_seq: 2, round_complete: true });
  });
  it("looks up no stored change tags, known folders or unseen versions on an object's first backup, and does on the next", async () => {
    const userInfo = emulator.tenant.users[4];
    const user: ObjectRef = { id: 'user-5', kind: 'user', externalId: userInfo.id, displayName: userInfo.displayName };
    const lookups = (from: number) =>
      statements
        .slice(from)
        .filter((s) => /select external_id, change_tag from|kind = 'folder' and container_id|select external_id from backup_item_versions where object_id = \$1 and service = \$2 and valid_to_run is null and container_id/.test(s.sql))
        .map((s) => String(s.params[1]));
    const first = statements.length;
    await backupObject(env(1, ['mail', 'onedrive']), user);
    const firstRecords = inserted(statements.slice(first));
    expect(new Set(firstRecords.map((r) => r.service))).toEqual(new Set(['mail', 'onedrive']));
    expect(lookups(first)).toEqual([]);
    emulator.tenant.touchItem(emulator.tenant.containers[emulator.tenant.drives[userInfo.driveNo].containerNo], 0);
    const second = statements.length;
    await backupObject(env(2, ['mail', 'onedrive']), user);
    expect(lookups(second)).toContain('onedrive');
  });

  it("reads an incremental mailbox's folders through JSON batches, one per 20 folders instead of a request each", async () => {
    const userInfo = emulator.tenant.users[5];
    const user: ObjectRef = { id: 'user-6', kind: 'user', externalId: userInfo.id, displayName: userInfo.displayName };
    const requests: string[] = [];
    const counted = createGraphClient({
      ...emulator.credentials,
      pageSize: 5,
      fetch: (input, init) => {
        const url = new URL(String(input));
        requests.push(`${init?.method ?? 'GET'} ${url.pathname.split('/').slice(-2).join('/')}`);
        return fetch(input, init);
      },
    });
    await backupObject({ ...env(1, ['mail']), graph: counted }, user);
    const folders = new Set<string>();
    for await (const folder of graph.listMailFolders(userInfo.id)) folders.add(folder.id);
    expect(folders.size).toBeGreaterThan(1);
    // A message changes in each of two folders; pages hold 5, so each round is one page.
    for (const folder of userInfo.folders.slice(0, 2)) emulator.tenant.touchItem(emulator.tenant.containers[folder.containerNo], 0);
    requests.length = 0;
    const from = statements.length;
    await backupObject({ ...env(2, ['mail']), graph: counted }, user);
    // The folders' first pages in one batch per 20, and the two changed messages' MIME in one more.
    expect(requests.filter((r) => r === 'POST v1.0/$batch')).toHaveLength(Math.ceil(folders.size / 20) + 1);
    expect(requests.filter((r) => r.endsWith('messages/delta') || r.endsWith('$value'))).toEqual([]);
    // The batch's pages looked up their stored change tags together.
    expect(statements.slice(from).filter((s) => s.sql.includes('select external_id, change_tag from'))).toHaveLength(Math.ceil(folders.size / 20));
    expect(inserted(statements.slice(from)).map((r) => r.service)).toEqual(['mail', 'mail']);
  });

  it("reads a quiet user's folder listings and its mail, calendar, contact and OneDrive rounds in batches, and stores what changed in each", async () => {
    const userInfo = emulator.tenant.users[6];
    const user: ObjectRef = { id: 'user-7', kind: 'user', externalId: userInfo.id, displayName: userInfo.displayName };
    const services: BackupService[] = ['mail', 'calendar', 'contacts', 'onedrive'];
    const requests: string[] = [];
    const counted = createGraphClient({
      ...emulator.credentials,
      pageSize: 5,
      fetch: (input, init) => {
        requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname.split('/').slice(-2).join('/')}`);
        return fetch(input, init);
      },
    });
    await backupObject({ ...env(1, services), graph: counted }, user);
    let folders = 0;
    let parents = 0;
    for await (const folder of graph.listMailFolders(userInfo.id)) {
      folders += 1;
      if ((folder.childFolderCount ?? 0) > 0) parents += 1;
    }
    // The test means a mailbox with nested folders (the first run lists each parent's children alone).
    expect(parents).toBeGreaterThan(0);
    const { tenant } = emulator;
    tenant.touchItem(tenant.containers[userInfo.eventsNo], 0);
    tenant.touchItem(tenant.containers[userInfo.contactsNo], 0);
    tenant.touchItem(tenant.containers[tenant.drives[userInfo.driveNo].containerNo], 1);
    requests.length = 0;
    const from = statements.length;
    await backupObject({ ...env(2, services), graph: counted }, user);
    // Nothing asked alone: the folder listings (with the children of the folders the first run found
    // had some) and the mail folders', calendar's, contact folder's and drive's first pages came in
    // batches of 20 (none of mail's messages changed, so no MIME batch).
    expect(requests.filter((r) => r !== 'POST v1.0/$batch')).toEqual([]);
    expect(requests).toHaveLength(Math.ceil((3 + parents + folders + 3) / 20));
    expect(inserted(statements.slice(from)).map((r) => r.service).sort()).toEqual(['calendar', 'contacts', 'onedrive']);
  });

  it("backs up the default Contacts folder where List contactFolders answers only the folders inside it (Graph's behaviour)", async () => {
    const userInfo = emulator.tenant.users[1];
    const user: ObjectRef = { id: 'user-2', kind: 'user', externalId: userInfo.id, displayName: userInfo.displayName };
    const from = statements.length;
    const graphsView: GraphClient = { ...graph, openUser: async (...args) => ({ ...(await graph.openUser(...args)), contactFolders: [] }) };
    await backupObject({ ...env(1, ['contacts']), graph: graphsView }, user);
    const contacts = inserted(statements.slice(from)).filter((r) => r.service === 'contacts');
    expect(contacts).toHaveLength(emulator.tenant.containers[userInfo.contactsNo].count);
    expect(new Set(contacts.map((r) => `${r.containerId}|${r.folderPath}`))).toEqual(new Set(['contacts|Contacts']));
  });

  it("reaches a user's OneDrive by its stored drive id on later runs, and through the user again once Graph no longer has that drive", async () => {
    const [userInfo, otherInfo] = [emulator.tenant.users[2], emulator.tenant.users[3]];
    const user: ObjectRef = { id: 'user-3', kind: 'user', externalId: userInfo.id, displayName: userInfo.displayName };
    const [own, other] = await Promise.all([graph.getUserDrive(userInfo.id), graph.getUserDrive(otherInfo.id)]);
    let drive = own;
    let gone: string | null = null;
    const lookups: string[] = [];
    const counting: GraphClient = {
      ...graph,
      getUserDrive: async (userId) => {
        lookups.push(userId);
        return drive;
      },
      driveItemsDelta: (driveId, link) => {
        if (driveId === gone) throw new GraphError({ status: 404, code: 'itemNotFound', message: 'The resource could not be found.' });
        return graph.driveItemsDelta(driveId, link);
      },
    };
    const runDrive = async (runSeq: number) => {
      const from = statements.length;
      await backupObject({ ...env(runSeq, ['onedrive']), graph: counting }, user);
      return inserted(statements.slice(from)).filter((r) => r.service === 'onedrive');
    };

    expect((await runDrive(1)).length).toBeGreaterThan(0);
    expect(lookups).toEqual([userInfo.id]);
    // Nothing changed: the stored drive's delta answers, and the user's drive is not asked for.
    expect(await runDrive(2)).toEqual([]);
    expect(lookups).toHaveLength(1);

    // A 404 that is not the drive's (the user still has the same one) fails the object as before.
    gone = own.id;
    await expect(runDrive(3)).rejects.toThrow('The resource could not be found.');
    expect(lookups).toHaveLength(2);

    // The drive is gone and the user has another: that one is backed up, from its first page.
    drive = other;
    const records = await runDrive(3);
    expect(lookups).toHaveLength(3);
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => r.containerId))).toEqual(new Set([other.id]));
  });
});
