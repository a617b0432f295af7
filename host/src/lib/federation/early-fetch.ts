// Reads that boot() needs before the first page can show (the runtime config and the remotes
// registry). The entry starts them before its async boundary, so they travel alongside the
// scripts instead of after them; boot() then takes the responses already on their way. No shared
// module may be imported here: this runs before Module Federation has set up sharing.
const early = new Map<string, Promise<Response>>();

/** Starts the no-store reads of `urls` now; each is handed to the first `earlyOrFetch` of its URL. */
export function fetchEarly(urls: readonly string[]): void {
  if (typeof fetch !== 'function') return;
  for (const url of urls) {
    const response = fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
    // A failure is reported by the reader (boot), not as an unhandled rejection here.
    response.catch(() => undefined);
    early.set(url, response);
  }
}

/** fetch, except that the first read of a URL started by fetchEarly gets that response. */
export const earlyOrFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const started = early.get(url);
  if (!started) return fetch(input, init);
  early.delete(url);
  return started;
};
