import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account-routes';
import { apiKeyRoutes } from './api-key-routes';
import { authRoutes } from './auth-routes';
import { devRoutes } from './dev-routes';
import { mediaRoutes } from './media-routes';
import { mfaEnrolmentRoutes } from './mfa-enrolment-routes';
import { mfaRoutes } from './mfa-routes';
import { notificationSettingsRoutes } from './notification-settings-routes';
import { passwordRoutes } from './password-routes';
import { platformRoutes } from './platform-routes';
import { profileRoutes } from './profile-routes';
import { userSessionsRoutes } from './user-sessions-routes';
import { webhookRoutes } from './webhook-routes';
import { whitelabelRoutes } from './whitelabel-routes';

/** Sign-in, registration, passwords, MFA, profile, sessions, API keys, webhooks, white-label, notification settings, media, platform version and the demo outbox. Registered in this order. */
export const accountArea: FastifyPluginAsync[] = [authRoutes, accountRoutes, mfaRoutes, passwordRoutes, profileRoutes, mfaEnrolmentRoutes, userSessionsRoutes, apiKeyRoutes, webhookRoutes, whitelabelRoutes, notificationSettingsRoutes, mediaRoutes, platformRoutes, devRoutes];
