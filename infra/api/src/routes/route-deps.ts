import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/database';

export interface RouteDeps {
  db: Db;
  jwtSecret: string;
  version: string;
  startedAt: Date;
  authenticate: preHandlerAsyncHookHandler;
  signinRateLimit: { max: number; timeWindow: number | string } | false;
}
