import { Alert, Box, Button, Grid, Skeleton, Typography } from '@mui/material';
import { useAuth } from '@portal/auth-bridge';
import type { DashboardSummary } from '@portal/contracts';
import { getDashboardSummary } from '@portal/contracts/calls';
import { useCallback, useEffect, useState } from 'react';
import { greetingAt } from '../../../lib/greeting';
import { CustomerDashboard } from './customer-dashboard';
import { PartnerDashboard } from './partner-dashboard';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; summary: DashboardSummary };

const LOAD_ERROR = 'The dashboard could not be loaded.';

/** /dashboard, every role: one summary call scoped by the API to the caller's subtree. */
export function DashboardPage() {
  const user = useAuth((s) => s.user);
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(async (isCurrent: () => boolean = () => true) => {
    setState({ status: 'loading' });
    try {
      const result = await getDashboardSummary();
      if (!isCurrent()) return;
      if ('errorMessage' in result) setState({ status: 'error', message: result.errorMessage ?? LOAD_ERROR });
      else setState({ status: 'ready', summary: result });
    } catch {
      if (isCurrent()) setState({ status: 'error', message: LOAD_ERROR });
    }
  }, []);

  useEffect(() => {
    let current = true;
    void load(() => current);
    return () => {
      current = false;
    };
  }, [load]);

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Dashboard
      </Typography>
      <Typography variant="h6" component="p">
        {greetingAt()}, {user?.firstName || user?.username}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Signed in as {user?.role}
      </Typography>
      <Box aria-live="polite" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && (
          <Grid container spacing={3} role="status" aria-label="Loading the dashboard">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
                <Skeleton variant="rounded" height={120} />
              </Grid>
            ))}
          </Grid>
        )}
        {state.status === 'error' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void load()}>
                Retry
              </Button>
            }
          >
            {state.message}
          </Alert>
        )}
        {state.status === 'ready' &&
          (state.summary.kind === 'partner' ? (
            <PartnerDashboard summary={state.summary} role={user?.role} />
          ) : (
            <CustomerDashboard summary={state.summary} role={user?.role} />
          ))}
      </Box>
    </Box>
  );
}
