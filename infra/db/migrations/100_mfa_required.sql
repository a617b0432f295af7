-- MFA enforcement for a subtree (issue 10). An organisation's own switch; the effective requirement
-- is this flag on the organisation or on any ancestor (found with the materialised path), so a
-- lower tier can never switch off what a higher one required.
alter table organisations add column mfa_required boolean not null default false;
