/** How often the queue and workers sections refresh while the page is visible. */
export const OPERATOR_REFRESH_MS = 5000;
