import { insertTenant, SEARCH_TEXT } from '@portal/engine';
import { migrate, type Db } from '@portal/db';
import { ITEM_SORTS, ITEM_TOTAL_CAP, itemSearchQuerySchema } from '@portal/contracts';
import { seedDemo } from '../seed/seed-demo';
import { openTestDatabase } from '../test/build';
import { findUserByUsername } from './users-repository';
import { indexedWords, prefixTsQuery, searchItems } from './backup-repository';

// Every sort of the item search returns what sorting all matches would, whether the search sorts
// the matches it counted itself or walks an index through more than it counts (the two plans the
// count chooses between), and relevance ranks the matches by ts_rank. Every filter of the page gives
// the total (capped) and the page that filtering all items would.

jest.setTimeout(120_000);

const ROWS = 12_000; // above ITEM_TOTAL_CAP: a search without filters takes the "many" plan

interface Row {
  id: string;
  name: string;
  size_bytes: number;
  modified_at: Date | null;
  service: string;
  folder_path: string;
  has_attachments: boolean;
}

const ROW_COLUMNS = 'id, name, size_bytes, modified_at, service, folder_path, has_attachments';

async function fill(db: Db): Promise<string> {
  await migrate(db);
  await seedDemo(db);
  const customer = (await findUserByUsername(db, 'customer'))!;
  const tenant = await insertTenant(db, 'item-search-test-master-secret-0123456789', {
    organisationId: customer.organisationId,
    name: 'Search test',
    credentials: { tenantId: 't', clientId: 'c', clientSecret: 's', graphBaseUrl: 'http://127.0.0.1:9/v1.0' },
  });
  const { rows: set } = await db.query<{ id: string }>(
    `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days)
     values ($1, $2, 'Search test', 'm365', '{"mode":"all"}', '["mail"]', '{"frequency":"manual","time":"02:00","dayOfWeek":0}', 30) returning id`,
    [customer.organisationId, tenant.id],
  );
  const { rows: object } = await db.query<{ id: string }>(`insert into backup_objects (set_id, kind, external_id, display_name) values ($1, 'user', 'u1', 'User') returning id`, [set[0].id]);
  // Names and sizes repeat (ties go by id) and some times are missing (nulls sort last / first).
  // Folders, services and attachments vary for the filters; every 50th row is a folder, never a result.
  await db.query(
    `insert into backup_item_versions (set_id, object_id, service, kind, external_id, container_id, folder_path, name, sender, recipients,
                                       size_bytes, has_attachments, modified_at, content_type, valid_from_run, search)
     select $1, $2, case when g % 5 = 0 then 'onedrive' else 'mail' end, case when g % 50 = 0 then 'folder' else 'message' end,
            'item-' || g, 'c', x.folder, x.name, null, '{}', (g * 7919) % 500, g % 3 = 0,
            case when g % 11 = 0 then null else timestamptz '2025-01-01' + (g % 400) * interval '1 hour' end, 'message/rfc822', 1,
            to_tsvector('simple', ${SEARCH_TEXT('x.name', "''", "''", 'x.folder')})
       from generate_series(1, $3::int) g
       join lateral (select (array['alpha report', 'beta report report', 'gamma', 'delta report'])[1 + g % 4] || ' ' || (g % 37) as name,
                            (array['Inbox', 'Archive', 'Archive/2025', 'Archived'])[1 + (g / 7) % 4] as folder) x on true`,
    [set[0].id, object[0].id, ROWS],
  );
  return set[0].id;
}

function expected(rows: Row[], sort: (typeof ITEM_SORTS)[number]): string[] {
  const key: Record<string, (r: Row) => number | string> = {
    modifiedAt: (r) => (r.modified_at ? r.modified_at.getTime() : -Infinity),
    name: (r) => r.name,
    sizeBytes: (r) => Number(r.size_bytes),
  };
  const field = sort.replace(/^-/, '');
  const direction = sort.startsWith('-') ? -1 : 1;
  const compare = (a: Row, b: Row) => {
    const x = key[field](a);
    const y = key[field](b);
    if (x < y) return -direction;
    if (x > y) return direction;
    // Ties go by id in the direction of the index each order reads (modified time's is descending).
    const idDirection = field === 'modifiedAt' ? -direction : direction;
    return a.id < b.id ? -idDirection : a.id > b.id ? idDirection : 0;
  };
  return [...rows].sort(compare).map((r) => r.id);
}

describe('item search orders', () => {
  it.each(ITEM_SORTS.filter((s) => s !== 'relevance'))('%s returns the order of all matches, with many and with few matches', async (sort) => {
    const db = await openTestDatabase();
    const setId = await fill(db);
    const all = (await db.query<Row>(`select ${ROW_COLUMNS} from backup_item_versions where set_id = $1 and kind <> 'folder'`, [setId])).rows;
    const few = (await db.query<Row>(`select ${ROW_COLUMNS} from backup_item_versions where set_id = $1 and kind <> 'folder' and name like 'gamma%'`, [setId])).rows;
    expect(all.length).toBeGreaterThan(ITEM_TOTAL_CAP);
    expect(few.length).toBeLessThan(ITEM_TOTAL_CAP / 2);
    for (const [rows, q] of [[all, undefined], [few, 'gamma']] as const) {
      const query = itemSearchQuerySchema.parse({ sort, page: '2', pageSize: '25', ...(q ? { q } : {}) });
      const page = await searchItems(db, setId, query, null);
      expect(page.items.map((i) => i.id)).toEqual(expected(rows, sort).slice(25, 50));
    }
  });

  it('relevance puts the items where the words weigh most first', async () => {
    const db = await openTestDatabase();
    const setId = await fill(db);
    const page = await searchItems(db, setId, itemSearchQuerySchema.parse({ q: 'report', sort: 'relevance', pageSize: '50' }), null);
    expect(page.items).toHaveLength(50);
    // "beta report report" names the word twice: those rank above the ones that name it once.
    expect(page.items.every((i) => i.name.startsWith('beta'))).toBe(true);
  });

  it('is planned for its words every time: PGlite keeps no prepared statement of it', async () => {
    const db = await openTestDatabase();
    const setId = await fill(db);
    for (const q of ['report', 'gamma 7', 'report']) await searchItems(db, setId, itemSearchQuerySchema.parse({ q, pageSize: '50' }), null);
    await searchItems(db, setId, itemSearchQuerySchema.parse({ pageSize: '50' }), null);
    if (db.driver !== 'pglite') return;
    // (This statement is prepared too, and names what it looks for.)
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements where statement like '%from backup_item_versions v%' and statement not like '%pg_prepared_statements%'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('gives every filter the capped total and the page of filtering all items, and words common to most items are still all required', async () => {
    const db = await openTestDatabase();
    const setId = await fill(db);
    // Statistics as a catalog in use has them: "report" is in three items of four.
    await db.query('analyze backup_item_versions');
    const all = (await db.query<Row>(`select ${ROW_COLUMNS} from backup_item_versions where set_id = $1 and kind <> 'folder'`, [setId])).rows;
    const matching = async (q: string) =>
      new Set((await db.query<{ id: string }>(`select id from backup_item_versions where set_id = $1 and search @@ to_tsquery('simple', $2)`, [setId, prefixTsQuery(q)])).rows.map((r) => r.id));
    const time = (r: Row) => (r.modified_at ? new Date(r.modified_at).getTime() : null);
    const cases: Array<[Record<string, string>, (r: Row) => boolean]> = [
      [{}, () => true],
      [{ q: 'report' }, () => true],
      [{ q: 'beta report' }, () => true],
      [{ q: 'gamma report' }, () => true],
      [{ q: 'report 1' }, () => true],
      [{ service: 'onedrive' }, (r) => r.service === 'onedrive'],
      [{ folder: 'mail:Archive' }, (r) => r.service === 'mail' && (r.folder_path === 'Archive' || r.folder_path.startsWith('Archive/'))],
      [{ folder: 'onedrive:' }, (r) => r.service === 'onedrive'],
      [{ from: '2025-01-03' }, (r) => time(r) !== null && time(r)! >= Date.parse('2025-01-03T00:00:00Z')],
      [{ from: '2025-01-02', to: '2025-01-05' }, (r) => time(r) !== null && time(r)! >= Date.parse('2025-01-02T00:00:00Z') && time(r)! <= Date.parse('2025-01-05T23:59:59.999Z')],
      [{ minSize: '100', maxSize: '300' }, (r) => Number(r.size_bytes) >= 100 && Number(r.size_bytes) <= 300],
      [{ maxSize: '499' }, () => true],
      [{ hasAttachments: 'true' }, (r) => r.has_attachments],
      [{ hasAttachments: 'false' }, (r) => !r.has_attachments],
      [{ q: 'report', hasAttachments: 'true', minSize: '100' }, (r) => r.has_attachments && Number(r.size_bytes) >= 100],
      [{ q: 'beta report', service: 'mail', folder: 'mail:Inbox', hasAttachments: 'false' }, (r) => r.service === 'mail' && r.folder_path === 'Inbox' && !r.has_attachments],
    ];
    let capped = 0;
    for (const [raw, filter] of cases) {
      const words = raw.q ? await matching(raw.q) : null;
      const rows = all.filter((r) => filter(r) && (!words || words.has(r.id)));
      if (rows.length >= ITEM_TOTAL_CAP) capped += 1;
      for (const sort of ['-modifiedAt', 'sizeBytes'] as const) {
        const page = await searchItems(db, setId, itemSearchQuerySchema.parse({ ...raw, sort, page: '3', pageSize: '40' }), null);
        expect({ raw, sort, total: page.total }).toEqual({ raw, sort, total: Math.min(rows.length, ITEM_TOTAL_CAP) });
        expect(page.items.map((i) => i.id)).toEqual(expected(rows, sort).slice(80, 120));
      }
    }
    expect(capped).toBeGreaterThan(0);
    // "report" is too common to look up in the index: "beta" finds the items and "report" is checked on them.
    const shares = new Map((await db.query<{ elems: string[]; freqs: number[] }>(
      `select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs from pg_stats where tablename = 'backup_item_versions' and attname = 'search' and schemaname = current_schema()`,
    )).rows.flatMap((r) => r.elems.map((e, i) => [e, Number(r.freqs[i])] as const)));
    expect(indexedWords(['beta', 'report'], shares)).toEqual(['beta']);
    expect(indexedWords(['gamma', 'report'], shares)).toEqual(['gamma']);
    expect((await matching('gamma report')).size).toBe(0);
    expect(indexedWords(['beta', 'alpha'], shares)).toBeNull();
  });
});
