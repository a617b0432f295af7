-- An object's snapshot counts its items from its previous snapshot and the versions that began or
-- ended since (the engine's OBJECT_TOTALS_SINCE), not by reading every current version again: an
-- incremental run changes a few items of each object. The versions that began are found by
-- backup_item_object_run_idx; this finds those that ended. Partial: a version gets its entry only
-- when it ends, so writing new versions (all of a full backup) costs nothing more.
create index backup_item_object_ended_idx on backup_item_versions (object_id, valid_to_run) where valid_to_run is not null;
