-- The item search's full text among items with attachments: a common word matches about one item in
-- ten, and with "has attachments" (one in seven) the capped count read about 70 000 rows, most of them
-- on their own heap page, to find the 10 000 it counts. This index holds only items with attachments,
-- so the same search reads just the rows that have them (searchItems writes the filter as a literal
-- `v.has_attachments`, which the planner matches to this predicate whatever the plan's parameters).
create index backup_item_search_attached_idx on backup_item_versions using gin (search) where has_attachments and kind <> 'folder';
