/** Dates and times in the user's locale; the API sends ISO 8601 in UTC. */
export const formatDateTime = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
