import { readEnvSettings } from '@portal/settings';
import { createPortal } from './create-portal';
import { portalSettings } from './settings';
import { clearServerState, writeServerState } from './server-state';

async function main(): Promise<void> {
  const settings = portalSettings(readEnvSettings());
  const app = await createPortal(settings);
  const close = async () => {
    clearServerState(settings.dataDir);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: settings.port, host: settings.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  writeServerState(settings.dataDir, { pid: process.pid, url: `http://127.0.0.1:${port}` });
  app.log.info(`Portal at http://localhost:${settings.port} (data in ${settings.dataDir})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
