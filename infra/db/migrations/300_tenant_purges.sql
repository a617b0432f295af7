-- A deleted tenant's stored content (its packs and lone blobs in the object store) is deleted after
-- the tenant's rows, which go at once with it (on delete cascade). The row here, written in the same
-- transaction as the tenant's deletion, keeps that work from being lost: a store that is down, or a
-- process that stops halfway, leaves it for the scheduler to finish (the engine's tenant-purges.ts).
-- No foreign key: the tenant it names is gone. claimed_until is both a worker's lease and, after a
-- failure, when to try again.
create table backup_tenant_purges (
  tenant_id uuid primary key,
  requested_at timestamptz not null default now(),
  claimed_until timestamptz,
  attempts integer not null default 0,
  last_error text
);
