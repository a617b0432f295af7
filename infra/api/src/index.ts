export { openDatabase, migrate, MIGRATIONS_DIR } from '@portal/db';
export type { Db, DbDriver, OpenDatabaseOptions, Queryable, QueryResult } from '@portal/db';
export { seedDemo, DEMO_PASSWORD, DEMO_USERS } from './seed/seed-demo';
export { API_START_TIMEOUT_MS, apiPlugin } from './api-plugin';
export type { ApiPluginOptions } from './api-plugin';
export { createApi, setupApi, apiOptionsFromSettings, readRootVersion } from './create-api';
export type { ApiInstance, CreateApiOptions, SetupApiOptions } from './create-api';
export {
  recordRelease,
  pointRemote,
  listCurrentRemotes,
  listReleases,
  listPointerHistory,
  recordReleaseFiles,
  releaseFiles,
  releasesWithoutFiles,
  RegistryError,
} from './repositories/registry-repository';
export type { CurrentRemote, PointerChange, Release, ReleaseInput } from './repositories/registry-repository';
export { createOrganisation } from './services/tenancy-service';
export { createUser } from './services/identity-service';
export type { AuthContext } from './services/identity-service';
export { listSubtree, isInSubtree } from './repositories/organisations-repository';
