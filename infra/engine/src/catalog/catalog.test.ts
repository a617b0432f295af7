import crypto from 'node:crypto';
import { migrate, openDatabase, type Db, type Statement } from '@portal/db';
import { insertTenant } from '../tenants';
import { closeVersions, SEARCH_TEXT, searchTextOf, VISIBLE_AT, writeVersions, type ItemRecord } from './catalog';
import { readCheckpoint } from './checkpoints';
import { ObjectEnd } from './object-end';

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

describe.each(databases)('catalog page writes on %s', (_name, open, drop) => {
  let db: Db;
  let setId: string;
  let objectId: string;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    const { rows: org } = await db.query<{ id: string }>(`insert into organisations (name, kind, path) values ('Catalog test', 'PROVIDER', '/catalog-test/') returning id`);
    const credentials = { tenantId: 'tenant', clientId: 'client', clientSecret: 'secret', graphBaseUrl: 'http://127.0.0.1:9' };
    const tenant = await insertTenant(db, 'catalog-test-master-secret-0123456789abcd', { organisationId: org[0].id, name: 'Catalog test', credentials });
    const { rows: set } = await db.query<{ id: string }>(
      `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days)
       values ($1, $2, 'Catalog', 'm365', '{"mode":"all"}', '["mail","contacts"]', '{"frequency":"manual","time":"02:00","dayOfWeek":0}', 30) returning id`,
      [org[0].id, tenant.id],
    );
    setId = set[0].id;
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

  it("ends an object in one statement: the checkpoints that waited, and the versions outside each service's remaining containers", async () => {
    const counted = counting();
    // A version written by this run in the folder that went: it never existed at any snapshot.
    await writeVersions(db, setId, objectId, 5, [message('a-new', 'archive', 'e')]);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from backup_item_versions where object_id = $1 and service = 'mail' and container_id = 'archive' and valid_to_run is null and valid_from_run < 5`,
      [objectId],
    );
    const end = new ObjectEnd(counted.db, objectId, 5);
    end.wait('mail:inbox', { link: 'https://graph.example/delta?token=6', runSeq: 5, roundComplete: true });
    end.wait('mail:archive', { link: 'https://graph.example/delta?token=stale', runSeq: 5, roundComplete: true });
    // Stored since with a page of its own: the waiting one is older and must not replace it.
    end.stored('mail:archive');
    // The archive folder was deleted as a whole; contacts keep theirs.
    end.closeOutside('mail', ['inbox']);
    end.closeOutside('contacts', ['contacts']);
    const contactsBefore = [...(await visibleAt(4)).keys()].filter((id) => id.startsWith('c'));
    expect(rows[0].n).toBeGreaterThan(0);
    expect(await end.flush()).toBe(rows[0].n);
    expect(counted.statements).toBe(1);
    const after = await visibleAt(5);
    expect([...after.keys()].filter((id) => id.startsWith('m')).every((id) => Number(id.slice(1)) % 2 === 1)).toBe(true);
    expect(after.has('m3')).toBe(true);
    expect(contactsBefore.every((id) => after.has(id))).toBe(true);
    expect(await versionsOf('a-new')).toBe(0);
    expect(await readCheckpoint(db, objectId, 'mail:inbox')).toEqual({ link: 'https://graph.example/delta?token=6', runSeq: 5, roundComplete: true });
    expect(await readCheckpoint(db, objectId, 'mail:archive')).toBeNull();
    // Flushed: nothing waits any more.
    expect(await end.flush()).toBe(0);
    expect(counted.statements).toBe(1);
  });
});
