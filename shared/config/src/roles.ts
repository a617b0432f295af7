export const ROLES = {
  ADMIN: 'ADMIN',
  PARTNER: 'PARTNER',
  DIRECTPARTNER: 'DIRECTPARTNER',
  CUSTOMER: 'CUSTOMER',
  DIRECTCUSTOMER: 'DIRECTCUSTOMER',
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];

// Ordered as the spec lists them, for menus and role pickers.
export const ALL_ROLES: readonly Role[] = [ROLES.ADMIN, ROLES.PARTNER, ROLES.DIRECTPARTNER, ROLES.CUSTOMER, ROLES.DIRECTCUSTOMER];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ALL_ROLES as readonly string[]).includes(value);
