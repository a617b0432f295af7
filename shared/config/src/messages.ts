// Fixed user-facing texts of spec sections 5 and 8, written once.

export const MESSAGES = Object.freeze({
  invalidResponse: 'Invalid response received',
  menuItemsError: 'Menu Items Error',
  routerErrorTitle: 'Unexpected Application Error!',
  missingContext: 'context must be use inside provider',
  passwordChanged: 'Password changed successfully. Please login again.',
  feedbackSubmitted: 'Feedback submitted successfully.',
  ticketSubmitted: 'Support Ticket submitted successfully.',
  characterLimitExceeded: 'Character Limit Exceeded',
} as const);

/** Generic validation templates for forms without specific messages (spec section 5). */
export const GENERIC_VALIDATION_MESSAGES = Object.freeze({
  required: (path: string) => `${path} is a required field`,
  email: 'must be a valid email',
  url: 'must be a valid URL',
  min: (min: number) => `must be at least ${min} characters`,
  max: (max: number) => `must be at most ${max} characters`,
  length: (length: number) => `must be exactly ${length} characters`,
  positive: 'must be a positive number',
  integer: 'must be an integer',
});
