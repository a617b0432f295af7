// `pnpm --filter @portal/m365-emulator start [--tls] [--tls-cert FILE --tls-key FILE] [--graph-limits]`
// (PORT, SEED, SIZE, HOST, ADMIN_KEY, TLS=1, TLS_CERT, TLS_KEY, CERT_OUT, GRAPH_LIMITS=1 from the environment).
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type TlsCertificate } from './index';

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? '') : undefined;
}

/** A given certificate and key, `true` for a self-signed one made at start, or undefined for plain http. */
function tlsOption(): TlsCertificate | true | undefined {
  const certFile = flag('--tls-cert') ?? process.env.TLS_CERT;
  const keyFile = flag('--tls-key') ?? process.env.TLS_KEY;
  if (certFile || keyFile) {
    if (!certFile || !keyFile) throw new Error('--tls-cert and --tls-key (TLS_CERT and TLS_KEY) go together.');
    return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
  }
  return process.argv.includes('--tls') || /^(1|true|yes)$/i.test(process.env.TLS ?? '') ? true : undefined;
}

async function main() {
  const tls = tlsOption();
  const emulator = await startEmulator({
    port: Number(process.env.PORT ?? 4100),
    host: process.env.HOST ?? '127.0.0.1',
    seed: process.env.SEED ?? 1,
    size: process.env.SIZE ? Number(process.env.SIZE) : undefined,
    adminKey: process.env.ADMIN_KEY || undefined,
    tls,
    graphLimits: process.argv.includes('--graph-limits') || /^(1|true|yes)$/i.test(process.env.GRAPH_LIMITS ?? ''),
  });
  const counts = emulator.tenant.counts();
  console.log(`M365 emulator for ${emulator.organizationName} (${emulator.domain}) listening`);
  console.log(`  graphBaseUrl  ${emulator.url}`);
  console.log(`  authorityUrl  ${emulator.authorityUrl}`);
  console.log(`  tenantId      ${emulator.tenantId}`);
  console.log(`  clientId      ${emulator.clientId}`);
  console.log(`  clientSecret  ${emulator.clientSecret}`);
  console.log(`  admin         ${emulator.adminUrl}/info`);
  if (tls === true && emulator.certificate) {
    // The certificate is new on every start: clients trust this file (e.g. NODE_EXTRA_CA_CERTS=<file>).
    const certFile = process.env.CERT_OUT || join(tmpdir(), `m365-emulator-${emulator.port}.crt`);
    writeFileSync(certFile, emulator.certificate);
    console.log(`  certificate   ${certFile}  (self-signed; trust it with NODE_EXTRA_CA_CERTS=${certFile})`);
  }
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
