-- One row per billable seat, by the usage feed's counting rules (infra/api/README.md, "Counting
-- rules"), so the dashboard, the organisation tree and the usage feed count seats one way: a
-- protected user (once per organisation, however many sets protect it) who holds a licence (unknown
-- counts as licensed) and whose mailbox or OneDrive is backed up, and each protected SharePoint site.
-- Teams and groups are no seats; shared mailboxes (no licence) are not either.
create view protected_seats as
  select s.organisation_id, bo.external_id, 'user'::text as kind
    from backup_objects bo join backup_sets s on s.id = bo.set_id
   where bo.kind = 'user' and bo.active
   group by s.organisation_id, bo.external_id
  having coalesce(bool_or(bo.licensed), true) and bool_or(s.services ?| array['mail', 'calendar', 'contacts', 'onedrive'])
  union all
  select distinct s.organisation_id, bo.external_id, 'site'::text as kind
    from backup_objects bo join backup_sets s on s.id = bo.set_id
   where bo.kind = 'site' and bo.active and s.services ? 'sharepoint';
