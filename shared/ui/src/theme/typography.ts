import type { TypographyVariantsOptions } from '@mui/material/styles';
import { withMetricFallback } from './font-fallbacks';

export const buildTypography = (fontFamily: string): TypographyVariantsOptions => ({
  fontFamily: withMetricFallback(fontFamily),
  h1: { fontSize: '2.125rem', fontWeight: 700 },
  h2: { fontSize: '1.5rem', fontWeight: 700 },
  h3: { fontSize: '1.25rem', fontWeight: 600 },
  h4: { fontSize: '1rem', fontWeight: 600 },
  h5: { fontSize: '0.875rem', fontWeight: 500 },
  h6: { fontSize: '0.75rem', fontWeight: 500 },
  subtitle1: { fontSize: '0.875rem', fontWeight: 500 },
  subtitle2: { fontSize: '0.75rem', fontWeight: 400 },
  body1: { fontSize: '0.875rem', fontWeight: 400, lineHeight: 1.334 },
  body2: { fontSize: '0.875rem', fontWeight: 400, letterSpacing: '0em', lineHeight: 1.5 },
  button: { textTransform: 'none', fontWeight: 500 },
  caption: { fontSize: '0.75rem', fontWeight: 400 },
});
