import { readEnvSettings } from '@portal/settings';
import { apiOptionsFromSettings, createApi } from './create-api';

// Runs the API alone (no host, no remotes) for work on the backend only.
async function main(): Promise<void> {
  const settings = readEnvSettings();
  const app = await createApi({ ...apiOptionsFromSettings(settings), logger: true });
  const shutdown = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: settings.API_PORT, host: settings.API_HOST });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
