-- Every script of a remote version is pinned, not only its entry (issue 23): the SRI hash of each
-- .js file in the version folder, computed from the stored bytes when the version is published.
-- Null for versions published before; the portal fills it from the store at start.
alter table remote_releases add column files jsonb;
