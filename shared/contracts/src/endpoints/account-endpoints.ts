import { defineEndpoints } from '../endpoint';

/** Sign-in, registration, passwords, MFA, profile, white-label, notification settings, sessions, media. */
export const accountEndpoints = defineEndpoints({});
