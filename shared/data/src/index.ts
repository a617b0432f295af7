// Defined in @portal/request (the sign-in page uses them without loading the query layer).
export { ApiError, errorMessageOf, unwrap } from '@portal/request';
export { portalQueryClient, usePortalQueryClient } from './query-client';
export { QueryClientProvider } from '@tanstack/react-query';
export { callQuery, endpointKeyPrefix, useCallMutation, useCallQuery } from './call-query';
export type { EndpointQueryExtras } from './call-query';
export { keepPreviousData } from '@tanstack/react-query';
