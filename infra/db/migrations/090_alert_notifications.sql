-- Alert e-mail (issue 10): every new alert, whoever inserted it (API code, the job trigger of 061,
-- the consent trigger below), is mailed once by a dispatcher in the API that claims rows whose
-- notified_at is still null (`for update skip locked`, so several API processes never mail twice).

alter table alerts add column notified_at timestamptz;
-- Alerts raised before the dispatcher existed are history: nobody is mailed about them now.
update alerts set notified_at = created_at;
create index alerts_unnotified_idx on alerts (id) where notified_at is null;

-- One open alert per M365 problem (m365:consent:<tenant>, m365:secret:<tenant>): raising again while
-- one is open is a no-op (insert ... on conflict do nothing), even from two processes at once.
create unique index alerts_one_open_m365_idx on alerts (source) where status <> 'resolved' and source like 'm365:%';
