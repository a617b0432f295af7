import type { Db } from '@portal/db';
import type { ApiInstance } from './build';
import type { Method } from './calls';

// One API process as a client sees it, in-process (inject) or over a real socket: the tests that
// check a change made in one process shows on the next request of another (caches and their
// notifications) call both the same way.

export type Headers = Record<string, string>;
/** A method, a path under /backend and the answer (body parsed when there is one). */
export type ProcessCall = <T = unknown>(method: Method, path: string, headers: Headers, payload?: object) => Promise<{ status: number; body: T }>;

export const injected =
  (app: ApiInstance): ProcessCall =>
  async <T>(method: Method, path: string, headers: Headers, payload?: object) => {
    const response = await app.inject({ method, url: `/backend/${path}`, headers, payload });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as T };
  };

/** Over a real socket, as a browser talks to a second API process. */
export async function overHttp(app: ApiInstance): Promise<ProcessCall> {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return async <T>(method: Method, path: string, headers: Headers, payload?: object) => {
    const response = await fetch(`${base}/backend/${path}`, {
      method,
      headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
}

/** A Db that records the statements it runs. */
export function counting(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    db: {
      ...db,
      async query(sql, params) {
        statements.push(sql);
        return db.query(sql, params);
      },
    },
  };
}
