import type { Db } from '@portal/db';
import type { Engine } from '@portal/engine';
import type { RemoteStoreReader } from '../remotes/remote-store';
import type { HttpMetrics } from '../metrics/http-metrics';
import type { ResolvedMetricsOptions } from '../metrics/metrics-options';
import type { ResolvedRateLimits } from '../plugins/rate-limits';
import type { AccountDeps } from '../services/account-service';
import type { AccountProfile } from '@portal/contracts';
import type { UserReadCache } from '../services/user-read-cache';
import type { ConsentApp } from '../services/tenant-consent-service';
import type { PasswordAttemptLimits } from '../services/password-attempts';

/**
 * What the routes work with, made once by the API plugin's app stage (app/register-services.ts) and
 * decorated on the instance as `app.services`: route plugins read it, nothing is passed by hand.
 */
export interface ApiServices {
  db: Db;
  jwtSecret: string;
  version: string;
  startedAt: Date;
  rateLimits: ResolvedRateLimits;
  /** Wrong-password limits shared by sign-in and change-password. */
  passwordAttempts: PasswordAttemptLimits;
  /** Mailer, branding and code limits of the account flows. */
  account: AccountDeps;
  /** GET dev/outbox is registered only when true (demo mode without SMTP). */
  devOutbox: boolean;
  /** This process's backup engine (blob store, catalog, queue, workers). */
  engine: Engine;
  /** The provider's multi-tenant app (M365_APP_*) customers consent to; unset, Connect with Microsoft is off. */
  consentApp?: ConsentApp;
  /** PORTAL_PUBLIC_URL, for absolute links in mail. */
  publicUrl?: string;
  /** The store the portal server serves /remotes/ from; without it, publishing answers 503. */
  remoteStore?: RemoteStoreReader;
  /** Profiles read by GET profile, kept until their user or an organisation changes; absent without the session cache. */
  profiles?: UserReadCache<AccountProfile>;
  /** Prometheus token, Grafana URL, history sampling, and this process's HTTP counters. */
  metrics: ResolvedMetricsOptions & { http: HttpMetrics };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: ApiServices;
  }
}
