import { defineEndpoints } from '../endpoint';

/** User management, audit, alerts, dashboard, operator, maintenance, metrics, remote operations, health. */
export const adminEndpoints = defineEndpoints({});
