// Public surface of @portal/graph-connector: a Microsoft Graph v1.0 client for backup and restore.
// The same client talks to graph.microsoft.com and to @portal/m365-emulator; only the base URLs differ.
export { createGraphClient } from './graph-client';
export { grantedRoles } from './granted-roles';
export { describeGraphFailure, GraphError, isDeltaResyncRequired } from './graph-error';
export { BATCH_LIMIT } from './json-batch';
export { QuickXorHash, quickXorHash } from '@portal/quick-xor-hash';
export { DEFAULT_AUTHORITY_URL, DEFAULT_GRAPH_BASE_URL, SIMPLE_UPLOAD_LIMIT, UPLOAD_CHUNK_UNIT } from './constants';
export { messageForRestore, restoredMessageProperties, MSGFLAG_READ, MSGFLAG_UNSENT, PR_CLIENT_SUBMIT_TIME, PR_MESSAGE_DELIVERY_TIME, PR_MESSAGE_FLAGS } from './restore-message';
export type * from './types';
