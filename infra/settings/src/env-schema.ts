import { parseGrafanaUrl } from '@portal/contracts/grafana-url';
// The policy's own file, not the package index: the index also loads undici, which the CLI never needs.
import { OutboundPolicy } from '@portal/outbound-guard/src/outbound-policy';
import { z } from 'zod';
import {
  checkJwtSecret,
  checkMetricsToken,
  offWhenZero,
  oneOf,
  parseHttpUrl,
  parseList,
  parsePort,
  parsePositiveInteger,
  parsePositiveSeconds,
  parseRemoteStoreUrl,
  s3UrlParser,
  parseSenderDomains,
  parseTrustProxy,
  parseWholeMs,
} from './rules';

/** The processes that read the environment: the portal server, its CLI, the API alone, a backup worker. */
export type EnvReader = 'portal' | 'cli' | 'api' | 'worker';

export interface VariableDoc {
  /** What the value is, for the table in the README. */
  type: string;
  readBy: readonly EnvReader[];
  /** The default in words, where it is not a fixed value (the schema's `.default()` is shown otherwise). */
  default?: string;
}

/** Type, readers and default of each variable, beside the `.describe()` sentence in zod's own registry. */
export const envDocs = z.registry<VariableDoc>();

/** A variable whose text `parse` turns into the setting; what `parse` throws becomes the variable's problem. */
function parsed<T>(parse: (raw: string) => T) {
  return z.string().transform((raw, ctx) => {
    try {
      return parse(raw);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message, input: raw });
      return z.NEVER;
    }
  });
}

/** Kept as typed once `check` has accepted it. */
const checked = (check: (raw: string) => unknown) =>
  parsed((raw) => {
    check(raw);
    return raw;
  });

const text = () => z.string();

function variable<T extends z.ZodType>(schema: T, doc: VariableDoc, description: string): T {
  const described = schema.describe(description);
  envDocs.add(described, doc);
  return described;
}

const SERVERS = ['portal', 'api'] as const;
const STORE_READERS = ['portal', 'cli'] as const;
const BACKUP_PROCESSES = ['portal', 'api', 'worker'] as const;
/** The S3 connection serves the remote store (portal, CLI) and the backup blob store (portal, API, worker). */
const S3_READERS = ['portal', 'cli', 'api', 'worker'] as const;

const outboundList = (key: 'origins' | 'networks') =>
  parsed((raw) => {
    const list = parseList(raw);
    // The policy's own parser is the rule: a typo fails the start, not every later backup.
    new OutboundPolicy({ [key]: list });
    return list;
  });

/**
 * Every environment variable of the portal server, its CLI, the API run alone and the backup
 * worker. An empty value counts as unset; unknown variables are ignored.
 */
export const envSchema = z.object({
  PORT: variable(parsed(parsePort).default(8080), { type: 'port', readBy: ['portal'] }, 'Port the portal listens on (0: any free port).'),
  HOST: variable(
    text().optional(),
    { type: 'address', readBy: ['portal'], default: '127.0.0.1 in demo mode, else 0.0.0.0' },
    'Address the portal listens on; a demo portal (whose passwords are public) stays on this machine unless HOST says otherwise.',
  ),
  API_PORT: variable(parsed(parsePort).default(8081), { type: 'port', readBy: ['api'] }, 'Port of the API run alone (infra/api/src/main.ts).'),
  API_HOST: variable(text().default('127.0.0.1'), { type: 'address', readBy: ['api'] }, 'Address the API run alone listens on.'),
  DATA_DIR: variable(
    text().optional(),
    { type: 'path', readBy: ['portal', 'cli', 'api', 'worker'], default: 'portal and CLI: ./data at the workspace root; API alone: an in-memory database' },
    'Data folder: the embedded database (db/), the remote store (remote-store/) and the blob store (blobs/); the portal and its CLI resolve a relative path against INIT_CWD.',
  ),
  INIT_CWD: variable(
    text().optional(),
    { type: 'path', readBy: STORE_READERS, default: 'the current folder' },
    'Folder the command was typed in (pnpm sets it), so a relative DATA_DIR means the same under `pnpm --filter`.',
  ),
  DATABASE_URL: variable(
    text().optional(),
    { type: 'PostgreSQL URL', readBy: ['portal', 'cli', 'api', 'worker'], default: 'embedded PGlite in DATA_DIR; required by a worker' },
    'PostgreSQL server to use instead of the embedded database, e.g. postgres://postgres@127.0.0.1:5432/test.',
  ),
  DATABASE_SCHEMA: variable(text().optional(), { type: 'name', readBy: ['worker'], default: "the server's search path" }, "PostgreSQL schema of a backup worker's tables."),
  PORTAL_DEMO: variable(
    parsed(offWhenZero).default(true),
    { type: 'flag (0 = off)', readBy: SERVERS },
    'Demo mode: seeds the demo organisation on first start and shows the e-mail outbox to ADMIN; 0 starts empty.',
  ),
  PORTAL_VERSION: variable(
    text().optional(),
    { type: 'text', readBy: SERVERS, default: 'the root package.json version' },
    'Platform version shown in the footer and answered by platform/version.',
  ),
  JWT_SECRET: variable(
    checked(checkJwtSecret).optional(),
    { type: 'secret (32+ characters)', readBy: SERVERS, default: 'generated once, kept in the database' },
    'Signs the session tokens and keys the one-time code hashes.',
  ),
  LOG_LEVEL: variable(
    parsed(oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
    { type: 'fatal, error, warn, info, debug, trace or silent', readBy: ['portal'] },
    "The portal server's log level.",
  ),
  PORTAL_REGISTRY_REFRESH_MS: variable(
    parsed(parseWholeMs).default(60_000),
    { type: 'ms', readBy: ['portal'] },
    'Least time between two re-reads of /remotes.json by an open page when the user navigates.',
  ),
  ALLOWED_REMOTE_ORIGINS: variable(
    parsed(parseList).default(() => []),
    { type: 'comma-separated origins', readBy: ['portal'], default: 'none' },
    'Extra origins the host may load remotes from (added to the Content-Security-Policy).',
  ),
  TRUST_PROXY: variable(
    parsed(parseTrustProxy).default(false),
    { type: 'true, false, hop count or addresses/CIDR ranges', readBy: ['portal'], default: 'no proxy trusted' },
    'For a portal behind a reverse proxy or load balancer: the proxies whose X-Forwarded-For gives the client address (per-address limits, audit log, sessions), as true (every hop), a hop count such as 1, or a comma-separated list of their addresses or CIDR ranges (10.0.0.0/8,fd00::/8); unset, X-Forwarded-For is ignored, so a client cannot choose its own address.',
  ),
  PORTAL_PUBLIC_URL: variable(
    parsed(parseHttpUrl).optional(),
    { type: 'http(s) URL', readBy: SERVERS, default: 'unset' },
    "The portal's public origin, e.g. https://backup.example.com: mail links uploaded logos and invitations with it, and when it is https every response carries Strict-Transport-Security (never over plain http).",
  ),
  GRAFANA_URL: variable(
    parsed((raw) => parseGrafanaUrl(raw)!).optional(),
    { type: 'http(s) URL', readBy: SERVERS, default: 'unset: /grafana draws the charts itself' },
    'Grafana dashboard the /grafana page embeds; its origin is the only one the CSP lets the page frame.',
  ),
  METRICS_TOKEN: variable(
    checked(checkMetricsToken).optional(),
    { type: 'secret (16+ characters)', readBy: SERVERS, default: 'unset: ADMIN sessions only' },
    'Bearer token Prometheus scrapes GET /backend/api/metrics with.',
  ),
  METRICS_SAMPLE_EVERY_MS: variable(
    parsed(parseWholeMs).default(60_000),
    { type: 'ms', readBy: SERVERS },
    'How often each API process stores a metrics sample for the /grafana charts (kept 7 days); 0 turns sampling off.',
  ),
  ALERT_NOTIFY_MS: variable(parsed(parseWholeMs).default(5_000), { type: 'ms', readBy: SERVERS }, 'How often each API process mails new alerts; 0 turns it off.'),
  ALERT_SECRET_CHECK_MS: variable(
    parsed(parseWholeMs).default(3_600_000),
    { type: 'ms', readBy: SERVERS },
    "How often each API process checks the tenants' M365 app secrets for expiry (also once at start); 0 turns it off.",
  ),
  SMTP_URL: variable(
    text().optional(),
    { type: 'smtp(s) URL', readBy: SERVERS, default: 'unset: mail goes to the database outbox' },
    'Send e-mail through this SMTP server, e.g. smtp://user:pass@mail.example.com:587.',
  ),
  MAIL_FROM: variable(
    text().optional(),
    { type: 'mailbox', readBy: SERVERS, default: '`Cloud Backup Portal <no-reply@portal.local>`' },
    "Sender of the portal's e-mail.",
  ),
  MAIL_SENDER_DOMAINS: variable(
    parsed(parseSenderDomains).default(() => []),
    { type: 'comma-separated domains', readBy: SERVERS, default: 'none' },
    "Domains this server may send for (SPF/DKIM set up): a partner's verified white-label address in one of them becomes the From; otherwise mail comes from MAIL_FROM's address in the partner's name, with the verified address as Reply-To.",
  ),
  REDIS_URL: variable(
    text().optional(),
    { type: 'redis URL', readBy: ['api'], default: 'unset: counters in memory' },
    'Keeps rate-limit counters in Redis so several API processes share them, e.g. redis://127.0.0.1:6379.',
  ),
  REMOTE_STORE_URL: variable(
    parsed(parseRemoteStoreUrl).optional(),
    { type: 's3://bucket/prefix', readBy: STORE_READERS, default: 'unset: DATA_DIR/remote-store' },
    'Keeps the remote versions in an S3-compatible bucket instead of a folder, e.g. s3://portal-remotes/prod.',
  ),
  S3_ENDPOINT: variable(
    checked(parseHttpUrl).optional(),
    { type: 'http(s) URL', readBy: S3_READERS, default: 'unset: AWS' },
    "The S3-compatible service (MinIO, Ceph, R2, ...) of REMOTE_STORE_URL's and BACKUP_BLOB_URL's buckets; credentials come from the AWS SDK's usual variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, profiles, roles).",
  ),
  S3_REGION: variable(text().optional(), { type: 'text', readBy: S3_READERS, default: 'AWS_REGION, else us-east-1' }, "The buckets' region."),
  AWS_REGION: variable(text().optional(), { type: 'text', readBy: S3_READERS, default: 'unset' }, "The buckets' region when S3_REGION is unset."),
  S3_FORCE_PATH_STYLE: variable(
    parsed(offWhenZero).optional(),
    { type: 'flag (0 = off)', readBy: S3_READERS, default: 'on with S3_ENDPOINT, else off' },
    'Path-style bucket addressing, which most S3-compatible services need.',
  ),
  PORTAL_PRECOMPRESS_CACHE_DIR: variable(
    text().optional(),
    { type: 'path', readBy: STORE_READERS, default: 'node_modules/.cache/portal-precompressed' },
    'Cache of the Brotli and gzip variants of published files, so a publish compresses only what it has not seen.',
  ),
  PORTAL_URL: variable(
    checked(parseHttpUrl).optional(),
    { type: 'http(s) URL', readBy: ['cli'], default: 'the portal running on DATA_DIR, else http://localhost:8080' },
    'The running portal whose API the CLI uses.',
  ),
  PORTAL_USERNAME: variable(text().optional(), { type: 'text', readBy: ['cli'], default: 'unset' }, 'ADMIN user the CLI signs in as when a portal is running.'),
  PORTAL_PASSWORD: variable(text().optional(), { type: 'secret', readBy: ['cli'], default: 'unset' }, "That user's password."),
  USER: variable(
    text().optional(),
    { type: 'text', readBy: ['cli'], default: "the system's user name" },
    'Recorded as the actor (`cli:` and this name) when the CLI changes the registry in the database itself.',
  ),
  BACKUP_MASTER_KEY: variable(
    text().optional(),
    { type: 'secret', readBy: BACKUP_PROCESSES, default: 'generated once, kept in the database' },
    "Wraps the tenants' data keys and seals their credentials; every process needs the same one.",
  ),
  BACKUP_BLOB_DIR: variable(
    text().optional(),
    { type: 'path', readBy: BACKUP_PROCESSES, default: 'DATA_DIR/blobs; API alone: the database folder + `-blobs`, or a temporary folder for an in-memory database' },
    'Folder of the local blob store (unused when BACKUP_BLOB_URL names a bucket); workers need the one the API uses.',
  ),
  BACKUP_BLOB_URL: variable(
    parsed(s3UrlParser('BACKUP_BLOB_URL')).optional(),
    { type: 's3://bucket/prefix', readBy: BACKUP_PROCESSES, default: 'unset: the local blob store (BACKUP_BLOB_DIR)' },
    'Keeps backup content in an S3-compatible bucket (reached with the S3_* settings) instead of the local blob store, so workers on other machines restore what any of them backed up, e.g. s3://portal-backups/prod.',
  ),
  BACKUP_QUEUE: variable(
    parsed(oneOf(['embedded', 'pg-boss'])).optional(),
    { type: 'embedded or pg-boss', readBy: SERVERS, default: 'pg-boss with DATABASE_URL, else embedded' },
    'How jobs reach workers: pg-boss shares the queue between processes on PostgreSQL, embedded runs them in-process from the jobs table.',
  ),
  BACKUP_QUEUE_SCHEMA: variable(text().optional(), { type: 'name', readBy: ['worker'], default: 'pgboss' }, "PostgreSQL schema of a worker's pg-boss tables."),
  BACKUP_WORKERS: variable(
    parsed(offWhenZero).default(true),
    { type: 'flag (0 = off)', readBy: SERVERS },
    'Run job workers and the scheduler in this process; 0 only queues jobs (for separate worker processes).',
  ),
  BACKUP_ENGINE_THREAD: variable(
    // Unset, the API runs the engine on its thread (backupOptionsFromSettings). bench:api, p95 of an
    // API request during a full backup against idle: PostgreSQL about 3x with the thread, 13x without;
    // PGlite 3.5x with it, 11.6x without, both with the database on the API's thread (PGLITE_THREAD=0).
    parsed(offWhenZero).optional(),
    { type: 'flag (0 = off)', readBy: SERVERS, default: 'on' },
    "1 runs this process's job workers and scheduler on a worker thread of their own, so backups delay API requests less (with PGlite the engine thread sends its statements to the database's thread, see PGLITE_THREAD); 0 runs them on the main thread.",
  ),
  PGLITE_THREAD: variable(
    // bench:api: see the README of infra/db for the p95 of an API request during a backup with and without it.
    parsed(offWhenZero).default(true),
    { type: 'flag (0 = off)', readBy: SERVERS },
    'Without DATABASE_URL: run the embedded PGlite in a worker thread of its own, so no statement (the API\'s or a backup\'s) runs on the thread that answers requests; 0 runs it on the main thread.',
  ),
  BACKUP_WORKER_CONCURRENCY: variable(parsed(parsePositiveInteger).default(2), { type: 'count', readBy: ['worker'] }, 'Jobs a worker process runs at once.'),
  BACKUP_SCHEDULE_MS: variable(
    parsed(parsePositiveInteger).default(15_000),
    { type: 'ms', readBy: ['worker'] },
    "How often a worker's scheduler starts due backups and re-queues abandoned jobs.",
  ),
  BACKUP_STALE_SECONDS: variable(
    parsed(parsePositiveSeconds).default(30),
    { type: 'seconds', readBy: BACKUP_PROCESSES },
    "Heartbeat age after which a running job counts as abandoned by its worker and another takes it over.",
  ),
  PORTAL_DEMO_BACKUPS: variable(
    parsed((raw) => oneOf(['0', '1'])(raw) === '1').optional(),
    { type: '0 or 1', readBy: SERVERS, default: 'on in demo mode' },
    "Connects the demo customer to an in-process M365 emulator and runs its first backup: 1 always, 0 never (the test suites' default).",
  ),
  PORTAL_DEMO_BACKUP_SIZE: variable(
    parsed(parsePositiveInteger).optional(),
    { type: 'count', readBy: SERVERS, default: "the emulator's (about 20 000 items)" },
    'Items in the demo tenant.',
  ),
  M365_APP_CLIENT_ID: variable(
    text().optional(),
    { type: 'application (client) id', readBy: SERVERS, default: 'unset: Connect with Microsoft is off' },
    "The provider's multi-tenant Entra ID app registration that customers consent to with Connect with Microsoft (with M365_APP_CLIENT_SECRET); its redirect URI is {portal}/backend/api/backup/tenants/consent/callback.",
  ),
  M365_APP_CLIENT_SECRET: variable(
    text().optional(),
    { type: 'secret', readBy: SERVERS, default: 'unset' },
    "The client secret of the provider's app registration (M365_APP_CLIENT_ID); a tenant connected by consent uses it.",
  ),
  M365_APP_AUTHORITY_URL: variable(
    parsed(parseHttpUrl).optional(),
    { type: 'http(s) URL', readBy: SERVERS, default: 'https://login.microsoftonline.com' },
    "Identity platform of the provider's app (its admin consent and token endpoints); an M365 emulator's origin in tests and demos.",
  ),
  M365_APP_GRAPH_URL: variable(
    parsed(parseHttpUrl).optional(),
    { type: 'http(s) URL', readBy: SERVERS, default: 'https://graph.microsoft.com/v1.0' },
    "Graph base URL of the tenants connected with the provider's app; an M365 emulator's in tests and demos.",
  ),
  OUTBOUND_ALLOWED_ORIGINS: variable(
    outboundList('origins').default(() => []),
    { type: 'comma-separated origins', readBy: BACKUP_PROCESSES, default: "none: Microsoft's hosts only" },
    "Origins the server may call besides the https hosts of Microsoft Graph, Entra ID sign-in and SharePoint content, e.g. http://127.0.0.1:4100 for an M365 emulator; a tenant's Graph or authority URL outside them is refused (the demo's own emulator is allowed by the server that starts it; see @portal/outbound-guard).",
  ),
  OUTBOUND_ALLOWED_NETWORKS: variable(
    outboundList('networks').default(() => []),
    { type: 'comma-separated addresses or CIDR ranges', readBy: BACKUP_PROCESSES, default: 'none: public addresses only' },
    'Loopback, link-local (cloud metadata), private or unique-local networks the server may reach, e.g. 127.0.0.0/8; any other address off the public internet is refused.',
  ),
});

export type EnvSettings = z.output<typeof envSchema>;
export type EnvName = keyof typeof envSchema.shape;
