import { createPortal } from './create-portal';
import { readSettings } from './settings';

async function main(): Promise<void> {
  const settings = readSettings();
  const app = await createPortal(settings);
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: settings.port, host: settings.host });
  app.log.info(`Portal at http://localhost:${settings.port} (data in ${settings.dataDir})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
