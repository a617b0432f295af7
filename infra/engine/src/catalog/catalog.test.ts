import crypto from 'node:crypto';
import { migrate, openDatabase, type Db, type Statement } from '@portal/db';
import { insertTenant } from '../tenants';
import { applyRetention, closeVersions, SEARCH_TEXT, searchTextOf, UNNEEDED_VERSIONS, VISIBLE_AT, writeVersions, type ItemRecord } from './catalog';
import { checkpointReader, readCheckpoint, readCheckpoints, writeCheckpoints } from './checkpoints';
import { ObjectWrites } from './object-writes';
import { analyzedPlan, rowsRead } from '../testing/explain';

// The catalog's page writes on the engine's real tables, on PGlite and on PostgreSQL (DATABASE_URL,
// else the local test database, in a schema of its own that it drops): a page's versions, removals and
// checkpoint in one transaction, every row of a large page, changed items closing their previous
// version, a page written again by a resumed run replacing its own versions, a failing page leaving
// nothing behind, and search terms written from the record's text as SEARCH_TEXT makes them in SQL.

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const pgSchema = `engine_catalog_${crypto.randomBytes(5).toString('hex')}`;

const databases: Array<[string, () => Promise<Db>, (db: Db) => Promise<void>]> = [
  ['PGlite', () => openDatabase({}), async () => undefined],
  ['PostgreSQL', () => openDatabase({ databaseUrl, schema: pgSchema, poolSize: 2 }), (db) => db.exec(`drop schema ${pgSchema} cascade`)],
];

function message(externalId: string, containerId: string, tag: string, extra: Partial<ItemRecord> = {}): ItemRecord {
  return {
    service: 'mail',
    kind: 'message',
    externalId,
    containerId,
    folderPath: containerId === 'inbox' ? 'Inbox' : 'Archive',
    name: `Subject of ${externalId}`,
    sender: 'ada@contoso.example',
    recipients: ['bob@contoso.example', 'carol@contoso.example'],
    sizeBytes: 100 + externalId.length,
    hasAttachments: false,
    modifiedAt: '2026-01-02T03:04:05.000Z',
    contentType: 'message/rfc822',
    blobHash: crypto.createHash('sha256').update(`${externalId}:${tag}`).digest('hex'),
    changeTag: tag,
    ...extra,
  };
}

/** A migrated database with an organisation, a tenant and a backup set named `name`; the set's id. */
async function setUp(db: Db, name: string): Promise<string> {
  await migrate(db);
  const { rows: org } = await db.query<{ id: string }>(`insert into organisations (name, kind, path) values ($1, 'PROVIDER', $2) returning id`, [name, `/${name.toLowerCase()}/`]);
  const credentials = { tenantId: 'tenant', clientId: 'client', clientSecret: 'secret', graphBaseUrl: 'http://127.0.0.1:9' };
  const tenant = await insertTenant(db, 'catalog-test-master-secret-0123456789abcd', { organisationId: org[0].id, name, credentials });
  const { rows: set } = await db.query<{ id: string }>(
    `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days)
     values ($1, $2, $3, 'm365', '{"mode":"all"}', '["mail","contacts"]', '{"frequency":"manual","time":"02:00","dayOfWeek":0}', 30) returning id`,
    [org[0].id, tenant.id, name],
  );
  return set[0].id;
}

describe.each(databases)('catalog page writes on %s', (_name, open, drop) => {
  let db: Db;
  let setId: string;
  let objectId: string;

  beforeAll(async () => {
    db = await open();
    setId = await setUp(db, 'Catalog');
    const { rows: object } = await db.query<{ id: string }>(`insert into backup_objects (set_id, kind, external_id, display_name) values ($1, 'user', 'u1', 'User') returning id`, [setId]);
    objectId = object[0].id;
  }, 60_000);

  afterAll(async () => {
    if (!db) return;
    await drop(db);
    await db.close();
  });

  /** external id -> change tag of the versions visible at a run. */
  async function visibleAt(run: number): Promise<Map<string, string>> {
    const { rows } = await db.query<{ external_id: string; change_tag: string }>(
      `select v.external_id, v.change_tag from backup_item_versions v where v.object_id = $1 and ${VISIBLE_AT('v', '$2')}`,
      [objectId, run],
    );
    return new Map(rows.map((row) => [row.external_id, row.change_tag]));
  }

  const versionsOf = async (externalId: string) =>
    (await db.query<{ n: number }>('select count(*)::int as n from backup_item_versions where object_id = $1 and external_id = $2', [objectId, externalId])).rows[0].n;

  it('writes every row of a large page with two services, its checkpoint in the same transaction', async () => {
    const page = [
      ...Array.from({ length: 1200 }, (_, i) => message(`m${i}`, i % 2 ? 'inbox' : 'archive', 'a')),
      ...Array.from({ length: 30 }, (_, i) => ({ ...message(`c${i}`, 'contacts', 'a'), service: 'contacts' as const, kind: 'contact' as const, contentType: 'application/json' })),
    ];
    const counts = await writeVersions(db, setId, objectId, 1, page, {
      removed: { service: 'mail', externalIds: [], containerId: 'inbox' },
      checkpoint: { stream: 'mail:inbox', link: 'https://graph.example/delta?token=1', runSeq: 1, roundComplete: true },
    });
    expect(counts).toEqual({ added: 1230, changed: 0, removed: 0 });
    const visible = await visibleAt(1);
    expect(visible.size).toBe(1230);
    expect([...visible.values()].every((tag) => tag === 'a')).toBe(true);
    const { rows } = await db.query<{ recipients: string[]; blob_hash: string; matches: boolean }>(
      `select recipients, blob_hash, search @@ to_tsquery('simple', 'carol') as matches from backup_item_versions where object_id = $1 and external_id = 'm7'`,
      [objectId],
    );
    expect(rows).toEqual([{ recipients: ['bob@contoso.example', 'carol@contoso.example'], blob_hash: message('m7', 'inbox', 'a').blobHash, matches: true }]);
    expect(await readCheckpoint(db, objectId, 'mail:inbox')).toEqual({ link: 'https://graph.example/delta?token=1', runSeq: 1, roundComplete: true });
  });

  it('closes the previous version of changed items and ends removed ones only in the container that reported them', async () => {
    const counts = await writeVersions(db, setId, objectId, 2, [message('m1', 'inbox', 'b'), message('m3', 'inbox', 'b'), message('new-1', 'inbox', 'b')], {
      // m0 lives in archive: a removal reported by the inbox's stream leaves it alone.
      removed: { service: 'mail', externalIds: ['m5', 'm0'], containerId: 'inbox' },
      checkpoint: { stream: 'mail:inbox', link: 'https://graph.example/delta?token=2', runSeq: 2, roundComplete: true },
    });
    expect(counts).toEqual({ added: 1, changed: 2, removed: 1 });
    const before = await visibleAt(1);
    const after = await visibleAt(2);
    expect([before.get('m1'), before.get('m5'), before.has('new-1')]).toEqual(['a', 'a', false]);
    expect([after.get('m1'), after.get('m3'), after.get('new-1'), after.has('m5'), after.get('m0')]).toEqual(['b', 'b', 'b', false, 'a']);
    expect(await readCheckpoint(db, objectId, 'mail:inbox')).toMatchObject({ link: 'https://graph.example/delta?token=2', runSeq: 2 });
  });

  it('replaces, not duplicates, what the same run wrote when a resumed run sees the page again', async () => {
    const counts = await writeVersions(db, setId, objectId, 2, [message('m1', 'inbox', 'c'), message('new-1', 'inbox', 'c')]);
    // Run 2's own versions are replaced: nothing new is closed, and m1 keeps one version per run.
    expect(counts).toEqual({ added: 2, changed: 0, removed: 0 });
    expect(await versionsOf('m1')).toBe(2);
    expect(await versionsOf('new-1')).toBe(1);
    expect((await visibleAt(2)).get('m1')).toBe('c');
    expect((await visibleAt(1)).get('m1')).toBe('a');
    // m2 lives in archive, new-1 in inbox: a removal touches only the container that reported it.
    expect(await closeVersions(db, objectId, 'mail', ['new-1', 'm2'], 2, 'archive')).toBe(1);
    expect(await versionsOf('new-1')).toBe(1);
    // Removed in the run that added it: it never existed at any snapshot, so it goes rather than closes.
    expect(await closeVersions(db, objectId, 'mail', ['new-1', 'm2'], 2, 'inbox')).toBe(0);
    expect(await versionsOf('new-1')).toBe(0);
    expect((await visibleAt(1)).has('m2')).toBe(true);
    expect((await visibleAt(2)).has('m2')).toBe(false);
  });

  it('writes nothing of a page whose statements fail: not its items, not its removals, not its checkpoint', async () => {
    const before = await visibleAt(3);
    const failing = writeVersions(db, setId, objectId, 3, [message('m9', 'archive', 'd'), message('m11', 'inbox', 'd', { modifiedAt: 'not a date' })], {
      removed: { service: 'mail', externalIds: ['m13'], containerId: 'inbox' },
      checkpoint: { stream: 'mail:inbox', link: 'https://graph.example/delta?token=3', runSeq: 3, roundComplete: true },
    });
    await expect(failing).rejects.toThrow();
    // The stream still starts from the page before, so the next attempt reads the failed page again.
    expect(await readCheckpoint(db, objectId, 'mail:inbox')).toMatchObject({ link: 'https://graph.example/delta?token=2', runSeq: 2 });
    expect(await visibleAt(3)).toEqual(before);
  });

  it('writes the search terms SEARCH_TEXT gives for the row: no sender, no recipients, separators, accents', async () => {
    const records = [
      message('s1', 'inbox', 'a', { name: 'Q3_report-final.v2.pdf', sender: null, recipients: [], folderPath: 'Projects/Q3_plans/sub-folder.old' }),
      message('s2', 'inbox', 'a', { name: 'Café Über résumé', sender: 'zoë.o_brien-x@bücher.example', recipients: ['a.b@c.example', 'd_e-f@g.example', 'x@y.example'] }),
      message('s3', 'inbox', 'a', { name: '', sender: '', recipients: [''], folderPath: '' }),
    ];
    for (const record of records) {
      const params = [record.name, record.sender, record.recipients.join(' '), record.folderPath];
      const { rows } = await db.query<{ text: string }>(`select ${SEARCH_TEXT('$1::text', '$2::text', '$3::text', '$4::text')} as text`, params);
      expect(searchTextOf(record)).toBe(rows[0].text);
    }
    await writeVersions(db, setId, objectId, 4, records);
    const { rows } = await db.query<{ external_id: string; same: boolean }>(
      `select external_id, search = to_tsvector('simple', ${SEARCH_TEXT('name', 'sender', "array_to_string(recipients, ' ')", 'folder_path')}) as same
         from backup_item_versions where object_id = $1 and external_id like 's_' order by external_id`,
      [objectId],
    );
    expect(rows).toEqual(['s1', 's2', 's3'].map((id) => ({ external_id: id, same: true })));
  });

  it('stores the checkpoint of a page that changed nothing', async () => {
    const before = await visibleAt(3);
    const counts = await writeVersions(db, setId, objectId, 3, [], {
      removed: { service: 'mail', externalIds: [], containerId: 'inbox' },
      checkpoint: { stream: 'mail:inbox', link: 'https://graph.example/delta?token=4', runSeq: 3, roundComplete: true },
    });
    expect(counts).toEqual({ added: 0, changed: 0, removed: 0 });
    expect(await readCheckpoint(db, objectId, 'mail:inbox')).toEqual({ link: 'https://graph.example/delta?token=4', runSeq: 3, roundComplete: true });
    expect(await visibleAt(3)).toEqual(before);
  });

  /** The database, counting the statements sent through it (a batch's each). */
  function counting() {
    const counted = { statements: 0, db: db as Db };
    counted.db = {
      ...db,
      query: (sql: string, params?: unknown[]) => ((counted.statements += 1), db.query(sql, params)),
      batch: (batch: Statement[]) => ((counted.statements += batch.length), db.batch(batch)),
    } as Db;
    return counted;
  }

  it('writes a page of removals only, with its checkpoint, in one statement', async () => {
    const counted = counting();
    const counts = await writeVersions(counted.db, setId, objectId, 5, [], {
      removed: { service: 'mail', externalIds: ['m1'], containerId: 'inbox' },
      checkpoint: { stream: 'mail:inbox', link: 'https://graph.example/delta?token=5', runSeq: 5, roundComplete: true },
    });
    expect(counts).toEqual({ added: 0, changed: 0, removed: 1 });
    expect(counted.statements).toBe(1);
    expect([(await visibleAt(4)).has('m1'), (await visibleAt(5)).has('m1')]).toEqual([true, false]);
    expect(await readCheckpoint(db, objectId, 'mail:inbox')).toEqual({ link: 'https://graph.example/delta?token=5', runSeq: 5, roundComplete: true });
  });

  it("ends an object in one statement: the checkpoints gathered, and the versions outside each service's remaining containers", async () => {
    const counted = counting();
    // A version written by this run in the folder that went: it never existed at any snapshot.
    await writeVersions(db, setId, objectId, 5, [message('a-new', 'archive', 'e')]);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from backup_item_versions where object_id = $1 and service = 'mail' and container_id = 'archive' and valid_to_run is null and valid_from_run < 5`,
      [objectId],
    );
    const end = new ObjectWrites(counted.db, setId, objectId, 5);
    const nothingIn = (containerId: string) => ({ service: 'mail' as const, externalIds: [], containerId });
    await end.page([], { removed: nothingIn('inbox'), checkpoint: { stream: 'mail:inbox', link: 'https://graph.example/delta?token=6', runSeq: 5, roundComplete: true } });
    await end.page([], { removed: nothingIn('archive'), checkpoint: { stream: 'mail:archive', link: 'https://graph.example/delta?token=stale', runSeq: 5, roundComplete: false } });
    // The stream's later page: its checkpoint replaces the earlier one.
    await end.page([], { removed: nothingIn('archive'), checkpoint: { stream: 'mail:archive', link: 'https://graph.example/delta?token=7', runSeq: 5, roundComplete: true } });
    // The archive folder was deleted as a whole; contacts keep theirs.
    end.closeOutside('mail', ['inbox']);
    end.closeOutside('contacts', ['contacts']);
    const contactsBefore = [...(await visibleAt(4)).keys()].filter((id) => id.startsWith('c'));
    expect(rows[0].n).toBeGreaterThan(0);
    expect(counted.statements).toBe(0);
    expect(await end.flush()).toEqual({ added: 0, changed: 0, removed: rows[0].n });
    expect(counted.statements).toBe(1);
    const after = await visibleAt(5);
    expect([...after.keys()].filter((id) => id.startsWith('m')).every((id) => Number(id.slice(1)) % 2 === 1)).toBe(true);
    expect(after.has('m3')).toBe(true);
    expect(contactsBefore.every((id) => after.has(id))).toBe(true);
    expect(await versionsOf('a-new')).toBe(0);
    expect(await readCheckpoint(db, objectId, 'mail:inbox')).toEqual({ link: 'https://graph.example/delta?token=6', runSeq: 5, roundComplete: true });
    expect(await readCheckpoint(db, objectId, 'mail:archive')).toEqual({ link: 'https://graph.example/delta?token=7', runSeq: 5, roundComplete: true });
    // Written: nothing waits any more, and the counts stay those of everything written.
    expect(await end.flush()).toEqual({ added: 0, changed: 0, removed: rows[0].n });
    expect(counted.statements).toBe(1);
  });
});

// An object's pages gathered (ObjectWrites) leave the catalog as the same pages written one by one:
// two objects start alike, one gets the pages one by one, the other gathered.
describe.each(databases)('gathered page writes on %s', (_name, open, drop) => {
  let db: Db;
  let setId: string;

  beforeAll(async () => {
    db = await open();
    setId = await setUp(db, 'Gathered');
  }, 60_000);

  afterAll(async () => {
    if (!db) return;
    await drop(db);
    await db.close();
  });

  let objects = 0;
  async function newObject(): Promise<string> {
    objects += 1;
    const { rows } = await db.query<{ id: string }>(`insert into backup_objects (set_id, kind, external_id, display_name) values ($1, 'user', $2, 'User') returning id`, [setId, `g${objects}`]);
    return rows[0].id;
  }

  /** external id -> container and change tag of an object's versions visible at a run, and how many versions each id has. */
  async function catalogOf(objectId: string, run: number) {
    const { rows } = await db.query<{ external_id: string; container_id: string; change_tag: string; n: number }>(
      `select v.external_id, v.container_id, v.change_tag, (select count(*)::int from backup_item_versions w where w.object_id = v.object_id and w.external_id = v.external_id) as n
         from backup_item_versions v where v.object_id = $1 and ${VISIBLE_AT('v', '$2')} order by v.external_id`,
      [objectId, run],
    );
    return rows;
  }

  const removal = (containerId: string, ...externalIds: string[]) => ({ service: 'mail' as const, externalIds, containerId });
  const checkpoint = (stream: string, token: number) => ({ stream, link: `https://graph.example/delta?token=${token}`, runSeq: 2, roundComplete: true });
  const contact = (externalId: string, tag: string) => ({ ...message(externalId, 'contacts', tag), service: 'contacts' as const, kind: 'contact' as const });

  // Run 1 holds k1..k4 in the inbox, a1 in the archive and a contact; run 2's pages, in order, from two
  // streams and two services: an item recorded twice, a record then removed, a removal then recorded
  // again, an item moved each way between the folders, plain changes, additions and removals.
  const initial = [message('k1', 'inbox', 'a'), message('k2', 'inbox', 'a'), message('k3', 'inbox', 'a'), message('k4', 'inbox', 'a'), message('a1', 'archive', 'a'), contact('p1', 'a')];
  const pages: Array<{ records: ItemRecord[]; removed: ReturnType<typeof removal>; checkpoint: ReturnType<typeof checkpoint> }> = [
    { records: [message('k1', 'inbox', 'b'), message('n1', 'inbox', 'b')], removed: removal('inbox', 'k2'), checkpoint: checkpoint('mail:inbox', 1) },
    { records: [message('k1', 'inbox', 'c'), message('k3', 'archive', 'b'), contact('p1', 'b')], removed: removal('archive', 'a1'), checkpoint: checkpoint('mail:archive', 1) },
    { records: [message('a1', 'inbox', 'b'), message('n2', 'inbox', 'b')], removed: removal('inbox', 'n1', 'k3', 'k4'), checkpoint: checkpoint('mail:inbox', 2) },
    { records: [message('k4', 'inbox', 'd'), message('n1', 'archive', 'c')], removed: removal('inbox', 'n2'), checkpoint: checkpoint('mail:inbox', 3) },
  ];

  it('leaves the catalog and checkpoints as the pages written one by one, in one transaction', async () => {
    const [oneByOne, gathered] = [await newObject(), await newObject()];
    for (const objectId of [oneByOne, gathered]) await writeVersions(db, setId, objectId, 1, initial);
    for (const page of pages) await writeVersions(db, setId, oneByOne, 2, page.records, page);
    let calls = 0;
    let statements = 0;
    const counted = {
      ...db,
      query: (sql: string, params?: unknown[]) => ((calls += 1), (statements += 1), db.query(sql, params)),
      batch: (batch: Statement[]) => ((calls += 1), (statements += batch.length), db.batch(batch)),
    } as Db;
    const writes = new ObjectWrites(counted, setId, gathered, 2);
    for (const page of pages) await writes.page(page.records, page);
    expect(calls).toBe(0);
    const counts = await writes.flush();
    expect(calls).toBe(1);
    // Whatever the services: one statement ends the current versions, one inserts, one ends the removed.
    expect(statements).toBe(3);
    expect(await catalogOf(gathered, 2)).toEqual(await catalogOf(oneByOne, 2));
    expect(await catalogOf(gathered, 1)).toEqual(await catalogOf(oneByOne, 1));
    expect((await catalogOf(gathered, 2)).map((row) => `${row.external_id}:${row.container_id}:${row.change_tag}`)).toEqual(
      ['a1:inbox:b', 'k1:inbox:c', 'k3:archive:b', 'k4:inbox:d', 'n1:archive:c', 'p1:contacts:b'],
    );
    // k1, p1 and k4 changed; a1 and k3 moved (one by one: removed and added); k2 removed; n1 added.
    expect(counts).toEqual({ added: 1, changed: 5, removed: 1 });
    for (const stream of ['mail:inbox', 'mail:archive']) expect(await readCheckpoint(db, gathered, stream)).toEqual(await readCheckpoint(db, oneByOne, stream));
  });

  it('writes the gathered pages once they hold the limit of records and removals', async () => {
    const objectId = await newObject();
    let calls = 0;
    const counted = { ...db, query: (sql: string, params?: unknown[]) => ((calls += 1), db.query(sql, params)), batch: (batch: Statement[]) => ((calls += 1), db.batch(batch)) } as Db;
    const writes = new ObjectWrites(counted, setId, objectId, 1, 3);
    await writes.page([message('x1', 'inbox', 'a'), message('x2', 'inbox', 'a')], { removed: removal('inbox'), checkpoint: checkpoint('mail:inbox', 1) });
    expect(calls).toBe(0);
    await writes.page([message('x3', 'inbox', 'a')], { removed: removal('inbox'), checkpoint: checkpoint('mail:inbox', 2) });
    expect(calls).toBe(1);
    expect((await catalogOf(objectId, 1)).map((row) => row.external_id)).toEqual(['x1', 'x2', 'x3']);
    expect(await readCheckpoint(db, objectId, 'mail:inbox')).toMatchObject({ link: 'https://graph.example/delta?token=2' });
    expect(await writes.flush()).toEqual({ added: 3, changed: 0, removed: 0 });
    expect(calls).toBe(1);
  });

  it("reads a run's objects' checkpoints a group at a time, each as readCheckpoints would", async () => {
    const ids = [await newObject(), await newObject(), await newObject()];
    await writeCheckpoints(db, ids[0], [checkpoint('mail:inbox', 7), checkpoint('contacts:c', 8)]);
    await writeCheckpoints(db, ids[2], [checkpoint('drive', 9)]);
    const expected = await Promise.all(ids.map((id) => readCheckpoints(db, id)));
    const alone = await newObject();
    await writeCheckpoints(db, alone, [checkpoint('calendar', 3)]);
    let statements = 0;
    const counted = { ...db, query: (sql: string, params?: unknown[]) => ((statements += 1), db.query(sql, params)) } as Db;
    const read = checkpointReader(counted, ids, 2);
    expect(await Promise.all([read(ids[0]), read(ids[1])])).toEqual(expected.slice(0, 2));
    expect(statements).toBe(1);
    expect(await read(ids[2])).toEqual(expected[2]);
    expect(statements).toBe(2);
    // An object the run did not name is read alone.
    expect(await read(alone)).toEqual(await readCheckpoints(db, alone));
    expect(statements).toBe(3);
    expect(expected[1].size).toBe(0);
  });
});

describe.each(databases)('retention on %s', (_name, open, drop) => {
  let db: Db;
  let setId: string;

  beforeAll(async () => {
    db = await open();
    setId = await setUp(db, 'Retention');
  }, 60_000);

  afterAll(async () => {
    if (!db) return;
    await drop(db);
    await db.close();
  });

  it("reads only the set's ended versions, however many current ones it holds, and deletes those no snapshot sees", async () => {
    const objects: string[] = [];
    for (const user of ['r1', 'r2']) {
      const { rows } = await db.query<{ id: string }>(`insert into backup_objects (set_id, kind, external_id, display_name) values ($1, 'user', $2, $2) returning id`, [setId, user]);
      objects.push(rows[0].id);
    }
    for (const objectId of objects) {
      // Enough that reading every version costs more than the ended-version index (a small table is read whole).
      await writeVersions(db, setId, objectId, 1, Array.from({ length: 5000 }, (_, i) => message(`m${i}`, 'inbox', 'a')));
      await writeVersions(db, setId, objectId, 2, [message('m0', 'inbox', 'b'), message('m1', 'inbox', 'b')]);
    }
    // Run 1's snapshot of the first object sees its two ended versions; the second object has none.
    await db.query(`insert into backup_snapshots (set_id, object_id, job_id, run_seq, status, item_count) values ($1, $2, gen_random_uuid(), 1, 'ok', 400)`, [setId, objects[0]]);
    const read = rowsRead(await analyzedPlan(db, UNNEEDED_VERSIONS, [setId]), 'backup_item_versions');
    // Four ended versions among 10,000: a filter on the set read them all.
    expect(read).toBeLessThanOrEqual(4);
    const retained = await applyRetention(db, setId, 30);
    expect(retained).toMatchObject({ snapshots: 0, versions: 2 });
    // The blobs the deleted versions named, for the run's collection to look at (once each).
    expect(retained.blobs.sort()).toEqual([message('m0', 'inbox', 'a').blobHash, message('m1', 'inbox', 'a').blobHash].sort());
    const { rows } = await db.query<{ object_id: string; n: number }>(
      'select object_id, count(*)::int as n from backup_item_versions where set_id = $1 and valid_to_run is not null group by object_id',
      [setId],
    );
    expect(rows).toEqual([{ object_id: objects[0], n: 2 }]);
  });
});
