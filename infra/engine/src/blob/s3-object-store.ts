import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3BucketSettings } from '@portal/settings';
import type { ObjectStore } from '../ports';

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** The same client the portal's remote store builds: credentials from the AWS SDK's usual chain. */
export function createS3Client(settings: S3BucketSettings): S3Client {
  return new S3Client({ region: settings.region, endpoint: settings.endpoint, forcePathStyle: settings.forcePathStyle });
}

/**
 * Sealed blobs in an S3-compatible bucket under `<prefix>/<key>`. A PUT is atomic per object: a
 * reader sees the old object, the new one or none, never part of one, so no temporary name is needed.
 * Two writers putting the same key at once write the same bytes (keys are content addresses), and
 * whichever lands last wins harmlessly. Pass `client` to share one (tests, custom credentials); the
 * store then leaves closing it to the caller.
 */
export function createS3ObjectStore(settings: S3BucketSettings, client?: S3Client): ObjectStore {
  const s3 = client ?? createS3Client(settings);
  const Bucket = settings.bucket;
  const keyOf = (key: string) => {
    // Object keys are ours (blobs/<tenant>/<name>, health/...): refuse anything that could climb out of the prefix.
    if (!/^[\w./-]+$/.test(key) || key.split('/').some((part) => part === '..' || part === '' || part === '.')) throw new Error(`Unsafe object key: ${key}`);
    return settings.prefix ? `${settings.prefix}/${key}` : key;
  };
  /** The object, or the bytes of `Range` (RFC 9110: first and last byte, inclusive); null when it is missing. */
  const read = async (key: string, Range?: string): Promise<Buffer | null> => {
    try {
      const res = await s3.send(new GetObjectCommand({ Bucket, Key: keyOf(key), Range }));
      return Buffer.from(await res.Body!.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  const strip = settings.prefix ? settings.prefix.length + 1 : 0;

  return {
    kind: 's3',
    async put(key, body) {
      await s3.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: body, ContentLength: body.length, ContentType: 'application/octet-stream' }));
    },
    get: (key) => read(key),
    getRange: (key, offset, length) => read(key, `bytes=${offset}-${offset + length - 1}`),
    async has(key) {
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that does not exist: deleting twice (two collectors) is harmless.
      await s3.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: keyOf(prefix.replace(/\/$/, '')) + '/', ContinuationToken }));
        for (const object of page.Contents ?? []) yield object.Key!.slice(strip);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async close() {
      if (!client) s3.destroy();
    },
  };
}
