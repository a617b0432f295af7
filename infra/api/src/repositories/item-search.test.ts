import { insertTenant, SEARCH_TEXT } from '@portal/engine';
import { migrate, type Db } from '@portal/db';
import { ITEM_SORTS, ITEM_TOTAL_CAP, itemSearchQuerySchema } from '@portal/contracts';
import { seedDemo } from '../seed/seed-demo';
import { openTestDatabase } from '../test/build';
import { findUserByUsername } from './users-repository';
import { searchItems } from './backup-repository';

// Every sort of the item search returns what sorting all matches would, whether the search sorts
// its few matches itself or walks an index through many (the two plans the count chooses between),
// and relevance ranks the matches by ts_rank.

jest.setTimeout(120_000);

const ROWS = 6_000; // above ITEM_TOTAL_CAP / 2: a search without filters takes the "many" plan

interface Row {
  id: string;
  name: string;
  size_bytes: number;
  modified_at: Date | null;
}

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
  await db.query(
    `insert into backup_item_versions (set_id, object_id, service, kind, external_id, container_id, folder_path, name, sender, recipients,
                                       size_bytes, has_attachments, modified_at, content_type, valid_from_run, search)
     select $1, $2, 'mail', 'message', 'item-' || g, 'c', 'Inbox', x.name, null, '{}', (g * 7919) % 500, false,
            case when g % 11 = 0 then null else timestamptz '2025-01-01' + (g % 400) * interval '1 hour' end, 'message/rfc822', 1,
            to_tsvector('simple', ${SEARCH_TEXT('x.name', "''", "''", "''")})
       from generate_series(1, $3::int) g
       join lateral (select (array['alpha report', 'beta report report', 'gamma', 'delta report'])[1 + g % 4] || ' ' || (g % 37) as name) x on true`,
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
    const all = (await db.query<Row>(`select id, name, size_bytes, modified_at from backup_item_versions where set_id = $1`, [setId])).rows;
    const few = (await db.query<Row>(`select id, name, size_bytes, modified_at from backup_item_versions where set_id = $1 and name like 'gamma%'`, [setId])).rows;
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
});
