import { isIP } from 'node:net';
import { generate } from 'selfsigned';

/** A certificate (PEM, chain allowed) and its private key (PEM), as `https.createServer` takes them. */
export interface TlsCertificate {
  cert: string;
  key: string;
}

/**
 * A self-signed certificate for the emulator, made at start. Official clients attach tokens only to
 * https hosts, so the emulator has to speak TLS; a fresh certificate per start keeps private keys
 * out of the repository. Valid for localhost, the loopback addresses and the host it binds to.
 */
export async function selfSignedCertificate(host: string): Promise<TlsCertificate> {
  const names = new Set(['localhost', '127.0.0.1', '::1', host]);
  const altNames = [...names].filter((name) => name && name !== '0.0.0.0' && name !== '::').map((name) => (isIP(name) ? { type: 7 as const, ip: name } : { type: 2 as const, value: name }));
  const now = new Date();
  const pems = await generate([{ name: 'commonName', value: 'm365-emulator' }], {
    keySize: 2048,
    algorithm: 'sha256',
    // Backdated a minute so a client whose clock is slightly behind still accepts it.
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: new Date(now.getTime() + 30 * 24 * 3600_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}
