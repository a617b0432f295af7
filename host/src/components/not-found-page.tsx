import { Button, Stack, Typography } from '@mui/material';
import { paths } from '@portal/config';
import { Link as RouterLink } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h1" component="h1">
        404
      </Typography>
      <Typography variant="h5" component="p">
        Page not found
      </Typography>
      <Typography color="text.secondary">The page you are looking for does not exist.</Typography>
      <Button variant="contained" component={RouterLink} to={paths.dashboard}>
        Back to Dashboard
      </Button>
    </Stack>
  );
}
