export { GRAPH_BASE_URL_DEFAULT as DEFAULT_GRAPH_BASE_URL, AUTHORITY_URL_DEFAULT as DEFAULT_AUTHORITY_URL } from '@portal/config';
/** Uploads above this size go through an upload session (Graph's documented limit for a simple PUT is 4 MB). */
export const SIMPLE_UPLOAD_LIMIT = 4 * 1024 * 1024;
/** Upload-session chunks must be multiples of 320 KiB. */
export const UPLOAD_CHUNK_UNIT = 320 * 1024;
/** Directory lists (users, groups, teams) refuse a `$top` above 999 with 400 Request_UnsupportedQuery. */
export const DIRECTORY_PAGE_LIMIT = 999;
