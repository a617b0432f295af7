import crypto from 'node:crypto';

// Two layers of keys. A master secret (BACKUP_MASTER_KEY, or one generated and kept in the settings
// table like the JWT secret) wraps a random data key per backup tenant; blobs and tenant credentials
// are sealed with those. Rotating the master key means re-wrapping the data keys, not re-encrypting
// every blob.
const WRAP_VERSION = 'k1';
const SEAL_VERSION = 's1';

function masterKey(masterSecret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', masterSecret, 'portal-backup', purpose, 32));
}

function gcmSeal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]);
}

function gcmOpen(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < 28) throw new Error('Sealed value is too short');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
}

export function newWrappedDataKey(masterSecret: string, tenantRowId: string): string {
  return wrapDataKey(masterSecret, tenantRowId, crypto.randomBytes(32));
}

export function wrapDataKey(masterSecret: string, tenantRowId: string, dataKey: Buffer): string {
  return `${WRAP_VERSION}:${gcmSeal(masterKey(masterSecret, 'wrap'), dataKey, `tenant:${tenantRowId}`).toString('base64url')}`;
}

export function unwrapDataKey(masterSecret: string, tenantRowId: string, wrapped: string): Buffer {
  const [version, body] = wrapped.split(':');
  if (version !== WRAP_VERSION || !body) throw new Error('Unknown wrapped key format');
  return gcmOpen(masterKey(masterSecret, 'wrap'), Buffer.from(body, 'base64url'), `tenant:${tenantRowId}`);
}

/** Seals a credential (client secret) bound to its row, so a value copied to another row fails to open. */
export function sealSecret(masterSecret: string, context: string, plaintext: string): string {
  return `${SEAL_VERSION}:${gcmSeal(masterKey(masterSecret, 'credentials'), Buffer.from(plaintext, 'utf8'), context).toString('base64url')}`;
}

export function openSecret(masterSecret: string, context: string, sealed: string): string {
  const [version, body] = sealed.split(':');
  if (version !== SEAL_VERSION || !body) throw new Error('Unknown sealed value format');
  return gcmOpen(masterKey(masterSecret, 'credentials'), Buffer.from(body, 'base64url'), context).toString('utf8');
}

/** Blob encryption: the content hash is bound as associated data, so a blob swapped under another name fails. */
export function encryptBlob(dataKey: Buffer, hash: string, compressed: Buffer): Buffer {
  return Buffer.concat([Buffer.from([1]), gcmSeal(dataKey, compressed, hash)]);
}

export function decryptBlob(dataKey: Buffer, hash: string, sealed: Buffer): Buffer {
  if (sealed[0] !== 1) throw new Error('Unknown blob format');
  return gcmOpen(dataKey, sealed.subarray(1), hash);
}

/** The object name of a blob: an HMAC of its hash, so stored names don't reveal which known files a tenant holds. */
export function blobObjectName(dataKey: Buffer, hash: string): string {
  return crypto.createHmac('sha256', dataKey).update(hash).digest('hex');
}
