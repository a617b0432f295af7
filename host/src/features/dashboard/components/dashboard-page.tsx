import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useAuth } from '@portal/auth-bridge';
import { firstPageRoutes } from '@portal/contracts/endpoints/first-page';
import { getDashboardSummary } from '@portal/contracts/first-page-calls';
import { useDeferredValue } from 'react';
import { ApiError, useCallQuery } from '@portal/data';
import { greetingAt } from '../../../lib/greeting';
import { CustomerDashboard } from './customer-dashboard';
import { PartnerDashboard } from './partner-dashboard';

const LOAD_ERROR = 'The dashboard could not be loaded.';

/** /dashboard, every role: one summary call scoped by the API to the caller's subtree. */
export function DashboardPage() {
  const user = useAuth((s) => s.user);
  const dashboard = useCallQuery(firstPageRoutes.getDashboardSummary, getDashboardSummary, []);
  // The cards render from a deferred copy of the answer: React then renders them in slices it can
  // interrupt instead of one long task (about 450 components, most of a phone's blocking time after
  // the answer arrives). The skeleton stays until that copy is there.
  const summary = useDeferredValue(dashboard.data);
  // A Retry shows the skeleton again until the answer is there.
  const loading = !summary && (dashboard.data !== undefined || dashboard.isPending || dashboard.isFetching);
  const failed = !summary && !loading && dashboard.isError;
  // The server's own message; a request that failed without an answer in general words.
  const message = dashboard.error instanceof ApiError ? dashboard.error.message : LOAD_ERROR;

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
      <Box aria-live="polite" aria-busy={loading}>
        {loading && (
          <Grid container spacing={3} role="status" aria-label="Loading the dashboard">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
                <Skeleton variant="rounded" height={120} />
              </Grid>
            ))}
          </Grid>
        )}
        {failed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void dashboard.refetch()}>
                Retry
              </Button>
            }
          >
            {message}
          </Alert>
        )}
        {summary &&
          (summary.kind === 'partner' ? <PartnerDashboard summary={summary} role={user?.role} /> : <CustomerDashboard summary={summary} role={user?.role} />)}
      </Box>
    </Box>
  );
}
