export { createPortal } from './create-portal';
export { createPortalServer } from './server';
export type { CurrentRemote, PortalDeps } from './server';
export { readSettings, portalSettings, findRepoRoot } from './settings';
export type { PortalSettings } from './settings';
export { publishBuild, buildVersion, entryIntegrity, REMOTE_ENTRY_FILE } from './remote-store';
export { publishLocalBuilds, findLocalBuilds } from './local-builds';
