// Builds unsigned JWT-shaped strings for tests; the client never checks signatures.
const b64url = (value: object): string =>
  Buffer.from(JSON.stringify(value)).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

export const makeToken = (payload: Record<string, unknown>): string => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.sig`;
