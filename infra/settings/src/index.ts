export { envSchema, envDocs, type EnvSettings, type EnvName, type EnvReader, type VariableDoc } from './env-schema';
export { readEnvSettings, EnvSettingsError, type EnvInput } from './read-env-settings';
export {
  checkJwtSecret,
  checkMetricsToken,
  isWholeMs,
  parseSenderDomains,
  parseTrustProxy,
  s3UrlParser,
  type RemoteStoreLocation,
  type S3Location,
  type TrustProxy,
} from './rules';
export { s3Bucket, s3Connection, type S3BucketSettings, type S3Connection } from './s3-connection';
