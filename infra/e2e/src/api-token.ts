import { DEMO_PASSWORD } from './browser';

/** Signs in through the API (not the form) and returns the access token. */
export async function apiToken(baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<string> {
  const post = () =>
    fetch(`${baseUrl}/backend/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  // A reused keep-alive socket closed under the request (see getJson): signing in again only makes
  // another session, so the request may be sent twice.
  const res = await post().catch((error: unknown) => {
    if (error instanceof TypeError) return post();
    throw error;
  });
  if (!res.ok) throw new Error(`API sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/**
 * A GET of the portal (with a bearer token when given), as JSON. Sent again once when the connection
 * was closed under it: Node's fetch may reuse a keep-alive socket the server is closing at that very
 * moment ("other side closed"), and a GET is safe to repeat.
 */
export async function getJson<T>(url: string, token?: string): Promise<T> {
  const get = () => fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const res = await get().catch((error: unknown) => {
    if (error instanceof TypeError) return get();
    throw error;
  });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
