import crypto from 'node:crypto';
import { AUDIT_VERIFY_BROKEN_MAX, toStorableDeep, toStorableText, type AuditListQuery, type AuditPage, type AuditVerify } from '@portal/contracts';
import type { Db, Queryable } from '@portal/db';
import {
  auditRowsAfter,
  insertAuditRow,
  lastAuditHash,
  listAuditRows,
  lockAuditChain,
  type AuditRow,
} from '../repositories/audit-repository';
import { findOrganisationById } from '../repositories/organisations-repository';
import { notFound } from './errors';

/** The hash the first entry chains to. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

export interface AuditEvent {
  /** Organisation the event belongs to (decides who may see it). */
  organisationId: string;
  actorId?: string | null;
  actorName?: string | null;
  action: string;
  target?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

const storableOrNull = (text: string | null): string | null => (text === null ? null : toStorableText(text));

/** Everything an entry says, in a fixed order, plus the previous hash: changing any of it breaks the chain. */
export function auditHash(prevHash: string, row: Omit<AuditRow, 'seq' | 'hash' | 'prevHash'>): string {
  const canonical = JSON.stringify([
    prevHash,
    row.at.toISOString(),
    row.organisationPath,
    row.actorId,
    row.actorName,
    row.action,
    row.target,
    row.ip,
    sortKeys(row.detail),
  ]);
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

// jsonb does not keep key order, so the hash is computed over sorted keys.
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value as object).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]));
  }
  return value;
}

/** Appends one entry to the chain. */
export async function recordAudit(db: Db, event: AuditEvent): Promise<void> {
  const organisation = await findOrganisationById(db, event.organisationId);
  if (!organisation) return;
  await db.transaction(async (tx) => appendAudit(tx, organisation.path, event));
}

async function appendAudit(tx: Queryable, organisationPath: string, event: AuditEvent): Promise<void> {
  await lockAuditChain(tx);
  const prevHash = (await lastAuditHash(tx)) ?? AUDIT_GENESIS_HASH;
  // Millisecond precision and storable strings, so the stored entry reads back exactly as hashed.
  const row = {
    at: new Date(),
    organisationPath,
    actorId: event.actorId ?? null,
    actorName: storableOrNull(event.actorName ?? null),
    action: toStorableText(event.action),
    target: storableOrNull(event.target ?? null),
    ip: storableOrNull(event.ip ?? null),
    detail: toStorableDeep(event.detail ?? {}) as Record<string, unknown>,
  };
  await insertAuditRow(tx, { ...row, prevHash, hash: auditHash(prevHash, row) });
}

/**
 * Best effort from request handlers: an audit failure is logged, never turned into a failed
 * sign-in or password change.
 */
export function auditInBackground(db: Db, event: AuditEvent, log?: { error: (obj: unknown, msg: string) => void }): Promise<void> {
  return recordAudit(db, event).catch((error) => log?.error({ err: error }, 'audit append failed'));
}

const VERIFY_BATCH = 1000;

/**
 * Walks the whole chain: every entry's hash must match its content and its predecessor's stored
 * hash. A broken entry is reported and the walk goes on from its stored hash, so one break (or
 * one hostile entry) cannot hide a later change.
 */
export async function verifyAuditChain(db: Queryable): Promise<AuditVerify> {
  let prevHash = AUDIT_GENESIS_HASH;
  let afterSeq = 0;
  let checked = 0;
  let brokenCount = 0;
  const brokenSeqs: number[] = [];
  for (;;) {
    const batch = await auditRowsAfter(db, afterSeq, VERIFY_BATCH);
    for (const row of batch) {
      checked += 1;
      if (row.prevHash !== prevHash || auditHash(row.prevHash, row) !== row.hash) {
        brokenCount += 1;
        if (brokenSeqs.length < AUDIT_VERIFY_BROKEN_MAX) brokenSeqs.push(row.seq);
      }
      prevHash = row.hash;
      afterSeq = row.seq;
    }
    if (batch.length < VERIFY_BATCH) return { valid: brokenCount === 0, checked, brokenAtSeq: brokenSeqs[0] ?? null, brokenSeqs, brokenCount };
  }
}

export async function listAudit(db: Queryable, caller: { organisationId: string }, query: AuditListQuery): Promise<AuditPage> {
  const organisation = await findOrganisationById(db, caller.organisationId);
  if (!organisation) throw notFound();
  const { rows, total } = await listAuditRows(
    db,
    { path: organisation.path, action: query.action || undefined, search: query.search || undefined, from: query.from, to: query.to },
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return {
    entries: rows.map((row) => ({
      seq: row.seq,
      at: row.at.toISOString(),
      actorName: row.actorName,
      action: row.action,
      target: row.target,
      ip: row.ip,
      organisationName: row.organisationName,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

const csvCell = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const AUDIT_CSV_MAX_ROWS = 10_000;

export async function auditCsv(db: Queryable, caller: { organisationId: string }, query: AuditListQuery): Promise<string> {
  const page = await listAudit(db, caller, { ...query, page: 1, pageSize: AUDIT_CSV_MAX_ROWS });
  const lines = [['seq', 'time', 'actor', 'action', 'target', 'address', 'organisation'].join(',')];
  for (const entry of page.entries) {
    lines.push([entry.seq, entry.at, entry.actorName, entry.action, entry.target, entry.ip, entry.organisationName].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Sign-in outcomes for the audit log. Unknown names go to the provider's log (only the provider
 * sees them), so a tenant never learns what names someone tried against another tenant.
 */
export async function auditSignIn(db: Db, username: string, outcome: 'success' | 'failure', ip: string | null, log?: { error: (obj: unknown, msg: string) => void }): Promise<void> {
  try {
    const { rows } = await db.query<{ id: string | null; organisation_id: string | null; username: string | null }>(
      `select u.id, u.organisation_id, u.username from users u where lower(u.username) = lower($1)
       union all select null, o.id, null from organisations o where o.parent_id is null
       limit 1`,
      [username.trim()],
    );
    const row = rows[0];
    if (!row?.organisation_id) return;
    await recordAudit(db, {
      organisationId: row.organisation_id,
      actorId: row.id,
      actorName: row.username ?? username.trim().slice(0, 254),
      action: outcome === 'success' ? 'signin.success' : 'signin.failure',
      target: row.username ?? username.trim().slice(0, 254),
      ip,
    });
  } catch (error) {
    log?.error({ err: error }, 'audit append failed');
  }
}

/** An event about one user (its own actor), e.g. a password reset or change, filed under its organisation. */
export async function auditUserEvent(db: Db, by: { userId?: string; email?: string }, action: string, ip: string | null, log?: { error: (obj: unknown, msg: string) => void }): Promise<void> {
  try {
    const { rows } = await db.query<{ id: string; organisation_id: string; username: string }>(
      'select id, organisation_id, username from users where id = $1::uuid or lower(email) = lower($2) limit 1',
      [by.userId ?? null, by.email ?? null],
    );
    const user = rows[0];
    if (!user) return;
    await recordAudit(db, { organisationId: user.organisation_id, actorId: user.id, actorName: user.username, action, target: user.username, ip });
  } catch (error) {
    log?.error({ err: error }, 'audit append failed');
  }
}
