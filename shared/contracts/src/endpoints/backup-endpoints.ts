import { defineEndpoints } from '../endpoint';

/** Backup sets, snapshots, item search, restores and jobs. */
export const backupEndpoints = defineEndpoints({});
