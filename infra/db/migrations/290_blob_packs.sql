-- Blobs written together are stored as one object, a pack (the engine's blob-packs.ts): one file or one
-- PUT per round of a backup page instead of one per blob. A blob row names its pack and where its sealed
-- bytes start in it (stored_size is their length); a blob stored alone (before packs, or too large to
-- share one) has no pack. A pack is deleted when no blob row names it, never before: the foreign key
-- refuses to remove a pack row a blob still points at. Pack ids are random (128 bits), so the key is the
-- id alone, and the blobs' index on it is by pack only.
create table backup_blob_packs (
  id text primary key,
  tenant_id uuid not null references backup_tenants (id) on delete cascade,
  size bigint not null,
  created_at timestamptz not null default now()
);
create index backup_blob_packs_tenant_idx on backup_blob_packs (tenant_id);
alter table backup_blobs add column pack_id text references backup_blob_packs (id), add column pack_offset bigint;
create index backup_blobs_pack_idx on backup_blobs (pack_id);
