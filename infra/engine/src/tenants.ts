import { createGraphClient, type GraphClient, type GraphClientOptions } from '@portal/graph-connector';
import { newWrappedDataKey, openSecret, sealSecret } from './crypto/keys';
import type { EngineQueryable, TenantCredentials } from './ports';
import { classifyTenantAccessError, describeConsentProblem } from './tenant-access';

// Connected M365 tenants: the client secret is sealed with the master key and bound to the row id;
// only the engine unseals it, to build a Graph client. Nothing here ever returns it to a caller.

export interface TenantRow {
  id: string;
  organisation_id: string;
  name: string;
  tenant_id: string;
  client_id: string;
  secret_sealed: string;
  graph_base_url: string;
  authority_url: string | null;
  data_key_wrapped: string;
  organization_name: string | null;
  status: 'connected' | 'error' | 'untested';
  last_tested_at: Date | null;
  last_error: string | null;
  demo: boolean;
  created_at: Date;
  /** The app roles the last successful connection test read from the token (migration 240); null: unknown. */
  granted_permissions?: string[] | null;
  connected_via?: 'credentials' | 'consent';
}

const secretContext = (rowId: string) => `backup-tenant:${rowId}`;

export async function insertTenant(
  db: EngineQueryable,
  masterSecret: string,
  input: { organisationId: string; name: string; credentials: TenantCredentials; demo?: boolean; connectedVia?: 'credentials' | 'consent' },
): Promise<TenantRow> {
  const { rows: idRows } = await db.query<{ id: string }>('select gen_random_uuid() as id');
  const id = idRows[0].id;
  const { rows } = await db.query<TenantRow>(
    `insert into backup_tenants (id, organisation_id, name, tenant_id, client_id, secret_sealed, graph_base_url, authority_url, data_key_wrapped, demo, connected_via)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
    [
      id,
      input.organisationId,
      input.name,
      input.credentials.tenantId,
      input.credentials.clientId,
      sealSecret(masterSecret, secretContext(id), input.credentials.clientSecret),
      input.credentials.graphBaseUrl,
      input.credentials.authorityUrl ?? null,
      newWrappedDataKey(masterSecret, id),
      input.demo ?? false,
      input.connectedVia ?? 'credentials',
    ],
  );
  return rows[0];
}

export async function updateTenantCredentials(
  db: EngineQueryable,
  masterSecret: string,
  row: TenantRow,
  changes: Partial<TenantCredentials> & { name?: string },
): Promise<TenantRow> {
  const { rows } = await db.query<TenantRow>(
    `update backup_tenants set name = $2, client_id = $3, secret_sealed = $4, graph_base_url = $5, authority_url = $6,
            status = case when $7::boolean then 'untested' else status end
      where id = $1 returning *`,
    [
      row.id,
      changes.name ?? row.name,
      changes.clientId ?? row.client_id,
      changes.clientSecret !== undefined ? sealSecret(masterSecret, secretContext(row.id), changes.clientSecret) : row.secret_sealed,
      changes.graphBaseUrl ?? row.graph_base_url,
      changes.authorityUrl !== undefined ? changes.authorityUrl : row.authority_url,
      changes.clientId !== undefined || changes.clientSecret !== undefined || changes.graphBaseUrl !== undefined || changes.authorityUrl !== undefined,
    ],
  );
  return rows[0];
}

export async function findTenantRow(db: EngineQueryable, id: string): Promise<TenantRow | null> {
  const { rows } = await db.query<TenantRow>('select * from backup_tenants where id = $1', [id]);
  return rows[0] ?? null;
}

export function tenantCredentials(masterSecret: string, row: TenantRow): TenantCredentials {
  return {
    tenantId: row.tenant_id,
    clientId: row.client_id,
    clientSecret: openSecret(masterSecret, secretContext(row.id), row.secret_sealed),
    graphBaseUrl: row.graph_base_url,
    authorityUrl: row.authority_url ?? undefined,
  };
}

export type GraphClientFactory = (credentials: TenantCredentials) => GraphClient;

export const defaultGraphClientFactory =
  (extra: Partial<GraphClientOptions> = {}): GraphClientFactory =>
  (credentials) =>
    createGraphClient({ ...credentials, ...extra });

/** Runs the connector's connection test and records the outcome on the tenant row. */
export async function testTenantRow(db: EngineQueryable, masterSecret: string, factory: GraphClientFactory, row: TenantRow) {
  let result: { ok: true; organizationName: string; grantedPermissions: string[] | null } | { ok: false; errorMessage: string };
  try {
    result = await factory(tenantCredentials(masterSecret, row)).testConnection();
  } catch (error) {
    result = { ok: false, errorMessage: error instanceof Error ? error.message : String(error) };
  }
  // A consent problem gets a readable message and consent_lost (migration 091 raises or resolves the alert).
  const consentLost = !result.ok && classifyTenantAccessError(result.errorMessage) === 'consent';
  const lastError = result.ok ? null : consentLost ? describeConsentProblem(result.errorMessage) : result.errorMessage;
  await db.query(
    `update backup_tenants set status = $2, organization_name = coalesce($3, organization_name), last_error = $4, last_tested_at = now(),
            consent_lost = coalesce($5::boolean, consent_lost), granted_permissions = case when $2 = 'connected' then $6::text[] else granted_permissions end
      where id = $1`,
    // Success clears the mark; another kind of failure (an outage) says nothing about consent and keeps it.
    [row.id, result.ok ? 'connected' : 'error', result.ok ? result.organizationName : null, lastError, result.ok ? false : consentLost ? true : null, result.ok ? (result.grantedPermissions ?? null) : null],
  );
  return result;
}
