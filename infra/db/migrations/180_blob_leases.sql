-- A blob's lease (see the engine's blob-leases.ts): every put, stored or deduplicated, renews it, and
-- garbage collection deletes only blobs that nothing references and nobody touched within the grace
-- window, so a blob a running backup has just been told is stored cannot vanish before its item
-- version references it. Existing blobs start with a fresh lease.
alter table backup_blobs add column touched_at timestamptz not null default now();
create index backup_blobs_lease_idx on backup_blobs (tenant_id, touched_at);
