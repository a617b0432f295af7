import type { Role } from '@portal/config';
import type { SessionUser } from '../session-user';

/** The demo user the host and remote tests sign in (a customer unless a role is given). */
export const testUser = (role: Role = 'CUSTOMER'): SessionUser => ({
  userId: '6f1c1f7e-7c11-4d0b-9a57-6d0d8f3d2a10',
  role,
  mfa: false,
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  username: 'jane',
});
