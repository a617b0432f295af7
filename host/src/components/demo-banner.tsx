import Alert from '@mui/material/Alert';
import { DEMO_NOTICE, useDemoMode } from '../lib/demo-mode-store';

/**
 * Every page of a demo portal says so, signed in or not: its sample accounts have known passwords,
 * so nobody should mistake it for a real one or put real data in it.
 */
export function DemoBanner() {
  const demo = useDemoMode();
  if (!demo) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      role="note"
      aria-label="Demo mode"
      data-testid="demo-banner"
      sx={{ mb: 2, py: 0, '& .MuiAlert-message': { py: 0.75 }, '& .MuiAlert-icon': { py: 0.75 } }}
    >
      {DEMO_NOTICE}
    </Alert>
  );
}
