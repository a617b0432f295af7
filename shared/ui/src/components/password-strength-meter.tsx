import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { passwordStrength, strengthColor, strengthLabel } from '../password-strength';

export interface PasswordStrengthMeterProps {
  password: string;
}

/** Colour bar and label under a new-password field; hidden until something is typed. */
export function PasswordStrengthMeter({ password }: PasswordStrengthMeterProps) {
  if (password === '') return null;
  const score = passwordStrength(password);
  const label = strengthLabel(score);
  const color = strengthColor(score);
  return (
    <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1 }} role="status" aria-live="polite" data-strength={label}>
      <Box data-testid="password-strength-bar" sx={{ width: 85, height: 8, borderRadius: '7px', bgcolor: color }} />
      <Typography variant="subtitle1" sx={{ fontSize: '0.75rem' }}>
        {label}
      </Typography>
    </Stack>
  );
}
