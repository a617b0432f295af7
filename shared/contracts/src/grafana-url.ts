// Its own file without zod: the server's settings (and so the CLI's start-up) read only this.

/** GRAFANA_URL must be an absolute http(s) URL: it becomes an iframe source and the CSP's frame-src. */
export function parseGrafanaUrl(raw: string | undefined | null): URL | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`GRAFANA_URL must be a valid URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`GRAFANA_URL must be an http or https URL, got "${raw}"`);
  if (url.username || url.password) throw new Error('GRAFANA_URL must not contain credentials');
  return url;
}
