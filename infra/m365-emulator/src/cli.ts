// `pnpm --filter @portal/m365-emulator start` (PORT, SEED, SIZE, HOST, ADMIN_KEY from the environment).
import { startEmulator } from './index';

async function main() {
  const emulator = await startEmulator({
    port: Number(process.env.PORT ?? 4100),
    host: process.env.HOST ?? '127.0.0.1',
    seed: process.env.SEED ?? 1,
    size: process.env.SIZE ? Number(process.env.SIZE) : undefined,
    adminKey: process.env.ADMIN_KEY || undefined,
  });
  const counts = emulator.tenant.counts();
  console.log(`M365 emulator for ${emulator.organizationName} (${emulator.domain}) listening`);
  console.log(`  graphBaseUrl  ${emulator.url}`);
  console.log(`  authorityUrl  ${emulator.authorityUrl}`);
  console.log(`  tenantId      ${emulator.tenantId}`);
  console.log(`  clientId      ${emulator.clientId}`);
  console.log(`  clientSecret  ${emulator.clientSecret}`);
  console.log(`  admin         ${emulator.adminUrl}/info`);
  console.log(`  ${emulator.tenant.users.length} users, ${emulator.tenant.groups.length} groups, ${emulator.tenant.sites.length} sites, ${counts.total} items`);
  const stop = () => {
    emulator.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
