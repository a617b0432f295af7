-- The item search's other sort orders (name, size) walk an index like the default (modified) one,
-- so the first page of a large set is read straight from it instead of sorting every match. Each
-- index serves both directions: the search orders ties by id in the same direction as the key.
create index backup_item_set_name_idx on backup_item_versions (set_id, name, id);
create index backup_item_set_size_idx on backup_item_versions (set_id, size_bytes, id);
