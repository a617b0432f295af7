-- Every foreign key's referencing columns lead an index (db.test.ts checks it). Without one, each row
-- deleted from the referenced table makes PostgreSQL scan the whole referencing table, once per row,
-- to cascade, null or refuse: the hourly webhook prune deleted N old deliveries with N scans of the
-- deliveries table (resend_of) and N old events with N more (event_id), deleting a user scanned
-- remote_loads and the ticket history, deleting a backup set its snapshots.
create index api_keys_created_by_idx on api_keys (created_by);
create index api_keys_revoked_by_idx on api_keys (revoked_by) where revoked_by is not null;
create index backup_mappings_source_set_idx on backup_mappings (source_set_id);
create index backup_mappings_target_tenant_idx on backup_mappings (target_tenant_id);
create index backup_sets_tenant_idx on backup_sets (tenant_id);
create index backup_snapshots_set_idx on backup_snapshots (set_id);
create index image_uploads_sha256_idx on image_uploads (sha256);
create index organisations_region_idx on organisations (region);
create index remote_canaries_version_idx on remote_canaries (name, version);
create index remote_loads_user_idx on remote_loads (user_id) where user_id is not null;
create index remote_pointers_version_idx on remote_pointers (name, version);
create index support_ticket_events_author_idx on support_ticket_events (author_id);
create index tenant_consent_states_organisation_idx on tenant_consent_states (organisation_id);
create index tenant_consent_states_user_idx on tenant_consent_states (user_id);
create index webhook_deliveries_event_idx on webhook_deliveries (event_id);
create index webhook_deliveries_resend_of_idx on webhook_deliveries (resend_of) where resend_of is not null;
create index webhook_endpoints_created_by_idx on webhook_endpoints (created_by) where created_by is not null;
create index webhook_events_organisation_idx on webhook_events (organisation_id);
create index whitelabel_settings_sender_code_idx on whitelabel_settings (sender_code_id) where sender_code_id is not null;
create index whitelabel_settings_updated_by_idx on whitelabel_settings (updated_by) where updated_by is not null;
-- The prune's own filter: finished deliveries by age.
create index webhook_deliveries_finished_idx on webhook_deliveries (created_at) where status <> 'pending';
