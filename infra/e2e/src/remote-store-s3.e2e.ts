import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestS3, TEST_S3_CREDENTIALS, type TestS3 } from '../../portal-server/src/testing/s3-test-server';
import { launchBrowser, newPage, signIn } from './browser';
import { RunningPortal, runPortalCli, startPortal } from './portal';

jest.setTimeout(300_000);

let s3: TestS3;
let portal: RunningPortal;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let storeEnv: Record<string, string>;
const label = `s3-${crypto.randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  s3 = await startTestS3();
  storeEnv = { ...TEST_S3_CREDENTIALS, REMOTE_STORE_URL: `s3://${s3.bucket}/e2e/remotes`, S3_ENDPOINT: s3.endpoint };
  // Fresh: the template's remotes were published to a folder store, not to this bucket.
  portal = await startPortal({ ...storeEnv, PORTAL_REGISTRY_REFRESH_MS: '0' }, { fresh: true });
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, portal.url));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await portal?.stop();
  await s3?.stop();
});

async function cli(args: string[], env: Record<string, string> = {}): Promise<string> {
  const result = await runPortalCli(portal, args, { ...storeEnv, ...env });
  if (result.status !== 0) throw new Error(`portal ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function supportVersion(): Promise<string> {
  const { remotes } = await (await fetch(`${portal.url}/remotes.json`)).json();
  return remotes.find((r: { name: string }) => r.name === 'support').version;
}

async function bucketKeys(prefix: string): Promise<string[]> {
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

const buildLabel = (p: Page) => p.locator('[data-portal-build-label]');

test('with REMOTE_STORE_URL every remote is served from the bucket, and deploy and rollback work on it', async () => {
  const v1 = await supportVersion();
  expect(await bucketKeys(`e2e/remotes/support/${v1}/`)).toContain(`e2e/remotes/support/${v1}/.published.json`);
  expect(fs.existsSync(path.join(portal.dataDir, 'remote-store'))).toBe(false);

  const entries: string[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/remoteEntry.js')) entries.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  await signIn(page, 'customer');
  await page.waitForURL('**/dashboard');
  await page.goto('/support');
  await page.getByRole('heading', { name: 'Support' }).first().waitFor();
  expect(entries).toContain(`200 /remotes/support/${v1}/remoteEntry.js`);
  expect(await buildLabel(page).count()).toBe(0);

  const deployed = await cli(['remote', 'deploy', 'support'], { PORTAL_BUILD_LABEL: label });
  const v2 = await supportVersion();
  expect(v2).not.toBe(v1);
  expect(deployed).toContain(`Deployed support ${v2} (was ${v1})`);
  expect(await bucketKeys(`e2e/remotes/support/${v2}/`)).toContain(`e2e/remotes/support/${v2}/remoteEntry.js.br`);
  await page.goto('/support');
  await buildLabel(page).filter({ hasText: `Build ${label}` }).waitFor();

  expect(await cli(['remote', 'rollback', 'support'])).toContain(`Rolled back support from ${v2} to ${v1}`);
  await page.goto('/support');
  await page.getByRole('heading', { name: 'Support' }).first().waitFor();
  expect(await buildLabel(page).count()).toBe(0);
  expect(fs.existsSync(path.join(portal.dataDir, 'remote-store'))).toBe(false);
});
