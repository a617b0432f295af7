import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readEnvSettings } from '@portal/settings';
import { CliError, connectRegistry } from './registry-client';
import { portalSettings } from './settings';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-client-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const settingsFor = (url: string) => portalSettings(readEnvSettings({ PORTAL_URL: url, DATA_DIR: dataDir }));

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('a running portal that is slow to answer (a loaded machine) is still used, not taken as absent', async () => {
  // Slower than the 3 s the CLI used to wait, with which a CI run at load 18 failed against a live portal.
  const server = http.createServer((_req, res) => {
    setTimeout(() => res.setHeader('content-type', 'application/json').end('{"remotes":[]}'), 3_500);
  });
  const url = await listen(server);
  try {
    const registry = await connectRegistry(settingsFor(url));
    expect(registry.description).toBe(`the portal API at ${url}`);
    await registry.close();
  } finally {
    server.close();
  }
});

test('PORTAL_URL where nothing listens fails with a message for the user', async () => {
  const server = http.createServer();
  const url = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  await expect(connectRegistry(settingsFor(url))).rejects.toThrow(CliError);
  await expect(connectRegistry(settingsFor(url))).rejects.toThrow(`PORTAL_URL ${url} does not answer.`);
});
