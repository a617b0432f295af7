import { z } from 'zod';
import { USER_ACCESS_VALUES } from './labels';

export { USER_ACCESS_LABELS, USER_ACCESS_VALUES, type UserAccess } from './labels';

// Access level within the tier. The spec role is fixed by the organisation kind; the
// access level is what a managing tier can change: 'read-only' users see everything their role
// sees and change nothing (the API refuses their changes, whatever the browser shows).

export const userAccessSchema = z.enum(USER_ACCESS_VALUES, { error: 'access must be one of full, read-only' });

export const USER_ACCESS_MESSAGES = Object.freeze({
  /** The API's answer (403) to any change a read-only user attempts. */
  readOnly: 'Your account has read-only access.',
  ownAccess: 'You cannot change your own access',
  ownOrganisation: 'Only a higher tier can change the access of users of your own organisation',
  changed: 'Access updated.',
});

/** PUT admin/users/{userId}/access */
export const updateUserAccessRequestSchema = z.object({ access: userAccessSchema });
export type UpdateUserAccessRequest = z.infer<typeof updateUserAccessRequestSchema>;
