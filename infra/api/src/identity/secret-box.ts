import crypto from 'node:crypto';

// Secrets at rest (TOTP seeds) are sealed with AES-256-GCM under a key derived from the server
// secret, so a copy of the database alone does not reveal them. Rotating the server secret makes
// sealed values unreadable: users would have to enrol their authenticator again.
const VERSION = 'v1';

export function deriveKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', serverSecret, 'portal-api', purpose, 32));
}

export function seal(serverSecret: string, plaintext: Buffer, context: string): string {
  const key = deriveKey(serverSecret, 'secret-box:v1');
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  // The context (e.g. the user id) is bound as associated data: a sealed value moved to another row fails to open.
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
}

export function open(serverSecret: string, sealed: string, context: string): Buffer {
  const [version, body] = sealed.split(':');
  if (version !== VERSION || !body) throw new Error('Unknown sealed value format');
  const raw = Buffer.from(body, 'base64url');
  if (raw.length < 12 + 16) throw new Error('Sealed value is too short');
  const decipher = crypto.createDecipheriv('aes-256-gcm', deriveKey(serverSecret, 'secret-box:v1'), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}
