import { accountEndpoints } from './account-endpoints';
import { adminEndpoints } from './admin-endpoints';
import { apiKeyEndpoints } from './api-key-endpoints';
import { backupEndpoints } from './backup-endpoints';
import { supportEndpoints } from './support-endpoints';
import { usageEndpoints } from './usage-endpoints';
import { webhookEndpoints } from './webhook-endpoints';

// Every endpoint of the API, by name. The server and the OpenAPI document read this; browser code
// imports only its own area (`@portal/contracts/endpoints/<area>`), so a page never loads the others'.
export const ENDPOINTS = {
  ...accountEndpoints,
  ...adminEndpoints,
  ...apiKeyEndpoints,
  ...backupEndpoints,
  ...supportEndpoints,
  ...usageEndpoints,
  ...webhookEndpoints,
};

export type EndpointName = keyof typeof ENDPOINTS;

export { accountEndpoints, adminEndpoints, apiKeyEndpoints, backupEndpoints, supportEndpoints, usageEndpoints, webhookEndpoints };
