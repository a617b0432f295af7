import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type Emulator } from './index';

// Microsoft's Graph SDK and @azure/identity, unchanged, against the emulator over https. They run in a
// child process (official-sdk.scenario.ts) whose only extra trust is this emulator's fresh self-signed
// certificate, given the way Node documents for extra roots (NODE_EXTRA_CA_CERTS, read at start):
// nothing turns certificate checks off.

interface Findings {
  users: { count: number; distinct: number };
  messages: { count: number };
  delta: { first: number; firstLink: string; changed: number; secondLink: string };
  upload: { uploadUrl: string; name: string; size: number; downloadedEqual: boolean };
  batch: { status1: number; user: string; status2: number; folder: string };
  retry: { organizations: number; waitedMs: number };
  notFound: { thrown: boolean; graphError: boolean; statusCode?: number; code?: string };
}

describe('official Microsoft clients against the emulator over https', () => {
  let emulator: Emulator;
  let dir: string;
  let findings: Findings;
  let inboxCount: number;

  beforeAll(async () => {
    emulator = await startEmulator({ seed: 'official-sdk', size: 2000, adminKey: 'sdk-key', tls: true });
    dir = mkdtempSync(join(tmpdir(), 'm365-emulator-sdk-'));
    const certFile = join(dir, 'emulator.crt');
    writeFileSync(certFile, emulator.certificate ?? '');
    const user = emulator.tenant.users[0];
    // Counted before the scenario changes the tenant (it mutates between the two delta rounds).
    inboxCount = liveCount(user.folders.find((folder) => folder.displayName === 'Inbox')?.containerNo ?? -1);
    const { NODE_TLS_REJECT_UNAUTHORIZED: _ignored, ...inherited } = process.env;
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', join(__dirname, 'official-sdk.scenario.ts')],
        {
          cwd: join(__dirname, '..'),
          timeout: 90_000,
          env: {
            ...inherited,
            NODE_EXTRA_CA_CERTS: certFile,
            NO_PROXY: '127.0.0.1,localhost',
            EMULATOR_ORIGIN: emulator.authorityUrl,
            EMULATOR_TENANT_ID: emulator.tenantId,
            EMULATOR_CLIENT_ID: emulator.clientId,
            EMULATOR_CLIENT_SECRET: emulator.clientSecret,
            EMULATOR_USER_ID: user.id,
            EMULATOR_DRIVE_ID: emulator.tenant.drives[user.driveNo].id,
            EMULATOR_ADMIN_KEY: 'sdk-key',
          },
        },
        (error, out, err) => (error ? reject(new Error(`scenario failed: ${error.message}\n${err}`)) : resolve(out)),
      );
    });
    findings = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Findings;
  }, 120_000);

  afterAll(async () => {
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const liveCount = (containerNo: number) => {
    const container = emulator.tenant.containers[containerNo];
    let count = 0;
    for (let index = 0; index < container.count; index++) if (emulator.tenant.exists(container, index)) count += 1;
    return count;
  };

  it('serves https with the certificate it made', () => {
    expect(emulator.authorityUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.certificate).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  it('gets a token through ClientSecretCredential and pages users and messages with PageIterator', () => {
    expect(findings.users).toEqual({ count: emulator.tenant.users.length, distinct: emulator.tenant.users.length });
    expect(emulator.tenant.users.length).toBeGreaterThan(7);
    expect(findings.messages.count).toBe(inboxCount);
    expect(findings.messages.count).toBeGreaterThan(10);
    expect(emulator.stats().tokenRequests).toBeGreaterThanOrEqual(1);
    // MSAL read the tenant's OpenID configuration from the emulator before asking for the token.
    expect(emulator.stats().discoveryRequests).toBeGreaterThanOrEqual(1);
  });

  it('runs a drive delta to its deltaLink and again from that link', () => {
    expect(findings.delta.first).toBeGreaterThan(5);
    expect(findings.delta.firstLink).toMatch(new RegExp(`^${emulator.url.replace(/\./g, '\\.')}/drives/.+/root/delta\\?.*\\$deltatoken=`));
    expect(findings.delta.changed).toBeGreaterThan(0);
    expect(findings.delta.changed).toBeLessThan(findings.delta.first);
    expect(findings.delta.secondLink).toContain('$deltatoken=');
    expect(findings.delta.secondLink).not.toBe(findings.delta.firstLink);
  });

  it('uploads a large file with LargeFileUploadTask and reads it back through the redirect', () => {
    expect(findings.upload.uploadUrl.startsWith(`${emulator.authorityUrl}/_upload/`)).toBe(true);
    expect(findings.upload).toMatchObject({ name: 'large.bin', size: 3 * 320 * 1024 + 12_345, downloadedEqual: true });
  });

  it('sends a $batch with dependsOn and reads it with BatchResponseContent', () => {
    expect(findings.batch).toEqual({ status1: 200, user: emulator.tenant.users[0].id, status2: 200, folder: 'Inbox' });
  });

  it('is retried by the retry handler after a 429 with Retry-After', () => {
    expect(findings.retry.organizations).toBe(1);
    expect(findings.retry.waitedMs).toBeGreaterThanOrEqual(900);
    expect(emulator.stats().throttled).toBe(1);
  });

  it('raises GraphError with statusCode 404 for a missing item', () => {
    expect(findings.notFound).toMatchObject({ thrown: true, graphError: true, statusCode: 404 });
  });
});
