export { ApiError, errorMessageOf, unwrap } from './api-error';
export { portalQueryClient, usePortalQueryClient } from './query-client';
export { QueryClientProvider } from '@tanstack/react-query';
export { callQuery, endpointKeyPrefix, useCallMutation, useCallQuery } from './call-query';
export type { EndpointQueryExtras } from './call-query';
export { keepPreviousData } from '@tanstack/react-query';
