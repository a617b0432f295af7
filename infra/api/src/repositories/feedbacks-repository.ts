import type { FeedbackSort } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import { likePattern, PERSON_NAME_SQL } from './support-repository';

export interface FeedbackRow {
  id: string;
  feedback: string;
  authorId: string;
  authorName: string;
  organisationId: string;
  organisationName: string;
  createdAt: Date;
}

interface RawFeedback {
  id: string;
  feedback: string;
  author_id: string;
  author_name: string;
  organisation_id: string;
  organisation_name: string;
  created_at: Date;
}

const SELECT = `
  select f.id, f.feedback, f.author_id, ${PERSON_NAME_SQL('u')} as author_name,
         f.organisation_id, o.name as organisation_name, f.created_at
  from feedbacks f
  join users u on u.id = f.author_id
  join organisations o on o.id = f.organisation_id`;

const toFeedback = (row: RawFeedback): FeedbackRow => ({
  id: row.id,
  feedback: row.feedback,
  authorId: row.author_id,
  authorName: row.author_name,
  organisationId: row.organisation_id,
  organisationName: row.organisation_name,
  createdAt: new Date(row.created_at),
});

/** Whose feedback a caller may read: a whole subtree (ADMIN, partners) or only their own. */
export type FeedbackScope = { subtreeOf: string } | { authorId: string };

function scopeSql(scope: FeedbackScope, params: unknown[]): string {
  if ('subtreeOf' in scope) {
    params.push(scope.subtreeOf);
    return `starts_with(o.path, (select path from organisations where id = $${params.length}))`;
  }
  params.push(scope.authorId);
  return `f.author_id = $${params.length}`;
}

/** Inserts and reads back the stored entry in one statement. */
export async function insertFeedback(db: Queryable, input: { authorId: string; organisationId: string; feedback: string }): Promise<FeedbackRow> {
  const { rows } = await db.query<RawFeedback>(
    `with f as (insert into feedbacks (author_id, organisation_id, feedback) values ($1, $2, $3) returning *)
     select f.id, f.feedback, f.author_id, ${PERSON_NAME_SQL('u')} as author_name, f.organisation_id, o.name as organisation_name, f.created_at
     from f join users u on u.id = f.author_id join organisations o on o.id = f.organisation_id`,
    [input.authorId, input.organisationId, input.feedback],
  );
  return toFeedback(rows[0]);
}

export async function findVisibleFeedback(db: Queryable, scope: FeedbackScope, id: string): Promise<FeedbackRow | undefined> {
  const params: unknown[] = [];
  const where = scopeSql(scope, params);
  params.push(id);
  const { rows } = await db.query<RawFeedback>(`${SELECT} where ${where} and f.id = $${params.length}`, params);
  return rows[0] ? toFeedback(rows[0]) : undefined;
}

const ORDER: Record<FeedbackSort, string> = {
  '-createdAt': 'f.created_at desc, f.id desc',
  createdAt: 'f.created_at asc, f.id asc',
  author: 'lower(u.username) asc, f.created_at desc, f.id',
  '-author': 'lower(u.username) desc, f.created_at desc, f.id',
};

export interface FeedbackFilter {
  q?: string;
  from?: string;
  to?: string;
  sort: FeedbackSort;
  page: number;
  pageSize: number;
}

export async function listVisibleFeedbacks(db: Queryable, scope: FeedbackScope, filter: FeedbackFilter): Promise<{ items: FeedbackRow[]; total: number }> {
  const params: unknown[] = [];
  const where = [scopeSql(scope, params)];
  if (filter.q) {
    params.push(likePattern(filter.q.trim()));
    const p = `$${params.length}`;
    where.push(`(f.feedback ilike ${p} or ${PERSON_NAME_SQL('u')} ilike ${p} or u.username ilike ${p} or o.name ilike ${p})`);
  }
  if (filter.from) {
    params.push(filter.from);
    where.push(`f.created_at >= ($${params.length}::date)::timestamp at time zone 'UTC'`);
  }
  if (filter.to) {
    params.push(filter.to);
    where.push(`f.created_at < ($${params.length}::date + 1)::timestamp at time zone 'UTC'`);
  }
  const whereSql = where.join(' and ');
  const count = await db.query<{ total: number }>(
    `select count(*)::int as total from feedbacks f join users u on u.id = f.author_id join organisations o on o.id = f.organisation_id where ${whereSql}`,
    params,
  );
  const { rows } = await db.query<RawFeedback>(
    `${SELECT} where ${whereSql} order by ${ORDER[filter.sort]} limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
    params,
  );
  return { items: rows.map(toFeedback), total: Number(count.rows[0]?.total ?? 0) };
}

export async function deleteFeedbackById(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(`delete from feedbacks where id = $1 returning id`, [id]);
  return rows.length > 0;
}
