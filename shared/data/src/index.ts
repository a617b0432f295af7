export { ApiError, errorMessageOf, unwrap } from './api-error';
export { endpointKey, endpointKeyPrefix, endpointQuery, useEndpointMutation, useEndpointQuery } from './endpoint-query';
export type { EndpointQueryExtras } from './endpoint-query';
export { portalQueryClient, usePortalQueryClient } from './query-client';
export { QueryClientProvider } from '@tanstack/react-query';
