import { Button, Stack, Typography } from '@mui/material';
import { paths } from '@portal/config';
import { Link as RouterLink } from 'react-router-dom';

export function ForbiddenPage() {
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h1" component="h1">
        403
      </Typography>
      <Typography variant="h5" component="p">
        Access denied
      </Typography>
      <Typography color="text.secondary">Your role does not allow you to open this page.</Typography>
      <Button variant="contained" component={RouterLink} to={paths.dashboard}>
        Back to Dashboard
      </Button>
    </Stack>
  );
}
