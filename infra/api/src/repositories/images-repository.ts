import type { ImageContentType } from '@portal/contracts';
import type { Queryable } from '@portal/db';

export type ImagePurpose = 'profile' | 'whitelabel';

/** Stores the bytes once per content hash (the same picture uploaded twice is one row). */
export async function storeImage(db: Queryable, input: { sha256: string; contentType: ImageContentType; bytes: Buffer }): Promise<void> {
  await db.query(
    `insert into stored_images (sha256, content_type, bytes, size) values ($1, $2, $3, $4)
     on conflict (sha256) do nothing`,
    [input.sha256, input.contentType, input.bytes, input.bytes.length],
  );
}

export async function findImage(db: Queryable, sha256: string): Promise<{ contentType: ImageContentType; bytes: Buffer } | undefined> {
  const { rows } = await db.query<{ content_type: ImageContentType; bytes: Uint8Array }>(
    'select content_type, bytes from stored_images where sha256 = $1',
    [sha256],
  );
  if (!rows[0]) return undefined;
  const raw = rows[0].bytes;
  return { contentType: rows[0].content_type, bytes: Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength) };
}

export async function imageExists(db: Queryable, sha256: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>('select exists (select 1 from stored_images where sha256 = $1) as found', [sha256]);
  return rows[0]?.found === true;
}

export async function insertUpload(db: Queryable, input: { userId: string; purpose: ImagePurpose; sha256: string }): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'insert into image_uploads (user_id, purpose, sha256) values ($1, $2, $3) returning id',
    [input.userId, input.purpose, input.sha256],
  );
  return rows[0].id;
}

/**
 * Marks the caller's own, uncommitted, recent upload of that purpose as committed and returns its
 * image. Another user's upload id finds nothing, exactly like an unknown one.
 */
export async function claimUpload(
  db: Queryable,
  input: { uploadId: string; userId: string; purpose: ImagePurpose; maxAgeSeconds: number },
): Promise<{ sha256: string; contentType: ImageContentType } | undefined> {
  const { rows } = await db.query<{ sha256: string; content_type: ImageContentType }>(
    `update image_uploads u set committed_at = now()
     from stored_images s
     where u.id = $1 and u.user_id = $2 and u.purpose = $3 and u.committed_at is null
       and u.created_at > now() - make_interval(secs => $4) and s.sha256 = u.sha256
     returning u.sha256, s.content_type`,
    [input.uploadId, input.userId, input.purpose, input.maxAgeSeconds],
  );
  return rows[0] ? { sha256: rows[0].sha256, contentType: rows[0].content_type } : undefined;
}
