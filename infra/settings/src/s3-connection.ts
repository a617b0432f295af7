import type { EnvSettings } from './env-schema';
import type { S3Location } from './rules';

/**
 * How to reach the S3-compatible service, shared by every bucket the portal uses (the remote store,
 * the backup blob store): one derivation, so the defaults cannot drift between them. Credentials
 * are not here: they come from the AWS SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY,
 * profiles, roles), which each S3 client reads itself.
 */
export interface S3Connection {
  /** S3_ENDPOINT: an S3-compatible service (MinIO, Ceph, R2...); unset means AWS. */
  endpoint?: string;
  region: string;
  /** Path-style addressing, which most S3-compatible services need; on by default with S3_ENDPOINT. */
  forcePathStyle: boolean;
}

/** A bucket and key prefix with the connection to reach them. */
export type S3BucketSettings = S3Location & S3Connection;

export function s3Connection(env: EnvSettings): S3Connection {
  return {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
  };
}

/** The bucket of an s3://bucket/prefix setting with the shared connection; undefined when it is unset. */
export function s3Bucket(location: S3Location | undefined, env: EnvSettings): S3BucketSettings | undefined {
  return location ? { ...location, ...s3Connection(env) } : undefined;
}
