export { envSchema, envDocs, type EnvSettings, type EnvName, type EnvReader, type VariableDoc } from './env-schema';
export { readEnvSettings, EnvSettingsError, type EnvInput } from './read-env-settings';
export {
  checkJwtSecret,
  checkMetricsToken,
  isWholeMs,
  parseSenderDomains,
  parseTrustProxy,
  type RemoteStoreLocation,
  type TrustProxy,
} from './rules';
