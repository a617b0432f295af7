export { ApiError, errorMessageOf, unwrap } from './api-error';
export { endpointQuery, useEndpointMutation, useEndpointQuery } from './endpoint-query';
export { endpointKey, endpointKeyPrefix } from './keys';
export type { EndpointQueryExtras } from './keys';
export { portalQueryClient, usePortalQueryClient } from './query-client';
export { QueryClientProvider } from '@tanstack/react-query';
export { callQuery, useCallMutation, useCallQuery } from './call-query';
export { keepPreviousData } from '@tanstack/react-query';
