/** Actions the API records, with readable labels for the filter and the table. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'signin.success': 'Sign-in',
  'signin.failure': 'Failed sign-in',
  'password.reset': 'Password reset',
  'password.changed': 'Password changed',
  'mfa.verified': 'MFA verified',
  'mfa.failure': 'MFA code rejected',
  'organisation.created': 'Organisation created',
  'organisation.renamed': 'Organisation renamed',
  'organisation.suspended': 'Organisation suspended',
  'organisation.reinstated': 'Organisation reinstated',
  'organisation.deleted': 'Organisation deleted',
  'user.invited': 'User invited',
  'user.invite_accepted': 'Invitation accepted',
  'user.suspended': 'User suspended',
  'user.reinstated': 'User reinstated',
  'user.mfa_reset': 'MFA reset',
};

export const actionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;
