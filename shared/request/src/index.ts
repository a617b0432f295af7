export { configureRequest, getRequestConfig, inBackground, isPublicUrl, request, resetRequestConfig } from './request';
export type { HttpMethod, QueryParams, QueryValue, RequestConfig, RequestOptions } from './request';
export { loadingStore, useIsLoading, useLoading } from './loading-store';
export type { LoadingState } from './loading-store';
export { isErrorResult } from './api-result';
export { ApiError, errorMessageOf, unwrap } from './api-error';
export type { ApiResult, ErrorResult } from './api-result';
