import { apiOptionsFromEnv, createApi } from './create-api';

// Runs the API alone (no host, no remotes) for work on the backend only.
async function main(): Promise<void> {
  const port = Number(process.env.API_PORT || 8081);
  const app = await createApi({ ...apiOptionsFromEnv(), logger: true });
  const shutdown = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port, host: process.env.API_HOST || '127.0.0.1' });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
