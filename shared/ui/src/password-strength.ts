import { strengthColors } from '@portal/ui/base';

// Spec section 5: one point each, maximum 5. An indicator only; it never blocks a form.
const SPECIAL = /[!#@$%^&*)(+=._-]/;

export const passwordStrength = (password: string): number => {
  let score = 0;
  if (password.length > 5) score += 1;
  if (password.length > 7) score += 1;
  if (/[0-9]/.test(password)) score += 1;
  if (SPECIAL.test(password)) score += 1;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 1;
  return score;
};

export type StrengthLabel = 'Poor' | 'Weak' | 'Normal' | 'Good' | 'Strong';

/** Spec section 4: under 2 Poor, under 3 Weak, under 4 Normal, under 5 Good, under 6 Strong, else Poor. */
export const strengthLabel = (score: number): StrengthLabel => {
  if (score < 2) return 'Poor';
  if (score < 3) return 'Weak';
  if (score < 4) return 'Normal';
  if (score < 5) return 'Good';
  if (score < 6) return 'Strong';
  return 'Poor';
};

export const strengthColor = (score: number): string => strengthColors[strengthLabel(score)];
