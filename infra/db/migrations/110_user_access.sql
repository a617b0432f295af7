-- Access level within the tier (issue 10): the spec role stays one per organisation kind; a
-- 'read-only' user sees everything the role sees and changes nothing (enforced by the API's
-- read-only guard, which reads this column with the session on every request).
alter table users add column access text not null default 'full' check (access in ('full', 'read-only'));
