import { s3Bucket, type EnvSettings, type S3BucketSettings } from '@portal/settings';
import type { ObjectStore } from '../ports';
import { createLocalObjectStore } from './local-object-store';
import { createS3ObjectStore } from './s3-object-store';

/** BACKUP_BLOB_URL's bucket with the S3 connection the remote store uses too; undefined when unset. */
export function blobBucketFromSettings(env: EnvSettings): S3BucketSettings | undefined {
  return s3Bucket(env.BACKUP_BLOB_URL, env);
}

/** Where this process keeps backup content: the bucket when one is configured, else the local folder. */
export function openObjectStore(where: { bucket?: S3BucketSettings; dir?: string }): ObjectStore {
  if (where.bucket) return createS3ObjectStore(where.bucket);
  if (!where.dir) throw new Error('Set BACKUP_BLOB_URL, BACKUP_BLOB_DIR or DATA_DIR to the blob store the API uses');
  return createLocalObjectStore(where.dir);
}
