import type { Queryable } from '@portal/db';

export const ORGANISATION_KINDS = ['PROVIDER', 'PARTNER', 'DIRECTPARTNER', 'CUSTOMER', 'DIRECTCUSTOMER'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

export interface Organisation {
  id: string;
  name: string;
  kind: OrganisationKind;
  parentId: string | null;
  path: string;
  region: string | null;
  demo: boolean;
  createdAt: Date;
}

interface OrganisationRow {
  id: string;
  name: string;
  kind: OrganisationKind;
  parent_id: string | null;
  path: string;
  region: string | null;
  demo: boolean;
  created_at: Date;
}

const COLUMNS = 'id, name, kind, parent_id, path, region, demo, created_at';

function toOrganisation(row: OrganisationRow): Organisation {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    parentId: row.parent_id,
    path: row.path,
    region: row.region,
    demo: row.demo,
    createdAt: row.created_at,
  };
}

export async function insertOrganisation(
  db: Queryable,
  input: { name: string; kind: OrganisationKind; parentId: string | null; region?: string | null; demo?: boolean },
): Promise<Organisation> {
  // The id is generated first so the path can end with it in the same statement.
  const { rows } = await db.query<OrganisationRow>(
    `with fresh as (select gen_random_uuid() as id)
     insert into organisations (id, name, kind, parent_id, path, region, demo)
     select fresh.id, $1, $2, $3::uuid,
            coalesce((select path from organisations where id = $3::uuid), '/') || fresh.id::text || '/',
            $4, $5
     from fresh
     returning ${COLUMNS}`,
    [input.name, input.kind, input.parentId, input.region ?? null, input.demo ?? false],
  );
  return toOrganisation(rows[0]);
}

export async function findOrganisationById(db: Queryable, id: string): Promise<Organisation | undefined> {
  const { rows } = await db.query<OrganisationRow>(`select ${COLUMNS} from organisations where id = $1`, [id]);
  return rows[0] ? toOrganisation(rows[0]) : undefined;
}

export async function findOrganisationByName(db: Queryable, name: string): Promise<Organisation | undefined> {
  const { rows } = await db.query<OrganisationRow>(
    `select ${COLUMNS} from organisations where name = $1 order by created_at limit 1`,
    [name],
  );
  return rows[0] ? toOrganisation(rows[0]) : undefined;
}

/** The organisation itself and everything below it, root first. */
export async function listSubtree(db: Queryable, rootId: string): Promise<Organisation[]> {
  const { rows } = await db.query<OrganisationRow>(
    `select ${COLUMNS} from organisations
     where starts_with(path, (select path from organisations where id = $1))
     order by length(path), name`,
    [rootId],
  );
  return rows.map(toOrganisation);
}

/** True when target is the caller's organisation or lies below it. */
export async function isInSubtree(db: Queryable, rootId: string, targetId: string): Promise<boolean> {
  const { rows } = await db.query<{ inside: boolean }>(
    `select exists (
       select 1 from organisations target, organisations root
       where root.id = $1 and target.id = $2 and starts_with(target.path, root.path)
     ) as inside`,
    [rootId, targetId],
  );
  return rows[0]?.inside === true;
}
