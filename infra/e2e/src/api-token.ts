import { DEMO_PASSWORD } from './browser';

/** Signs in through the API (not the form) and returns the access token. */
export async function apiToken(baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/backend/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`API sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}
