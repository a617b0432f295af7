-- Metrics history for the /grafana page when no Grafana is configured (issue 10). Every API process
-- writes one row a minute with what it answered since its previous row, plus the backup gauges it read;
-- the history endpoint adds the processes' rows up per step. Rows older than 7 days are pruned.
create table metric_samples (
  id bigserial primary key,
  at timestamptz not null default clock_timestamp(),
  instance text not null,
  requests bigint not null,
  errors bigint not null,
  -- Per-bucket (not cumulative) latency counts for the API's fixed bucket bounds plus the overflow.
  latency_buckets jsonb not null,
  protected_bytes bigint not null,
  protected_items bigint not null,
  queue_depth integer not null
);
create index metric_samples_at_idx on metric_samples (at);
