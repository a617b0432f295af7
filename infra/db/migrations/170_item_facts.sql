-- Facts of an item that its stored content does not carry but a faithful restore needs: for mail
-- the read state, flag, importance, categories and the sent/received times (the MIME has none of
-- them reliably); for files the client-side times (fileSystemInfo). Null for older versions, which
-- restore as before.
alter table backup_item_versions add column facts jsonb;
