import { Link, Typography } from '@mui/material';
import { paths } from '@portal/config';
import { Link as RouterLink } from 'react-router-dom';
import { AuthCard } from './auth-card';

/** Account pages that later issues build; each already has its route and title. */
export function PublicPlaceholderPage({ title }: { title: string }) {
  return (
    <AuthCard title={title}>
      <Typography sx={{ textAlign: 'center' }}>This page is not built yet.</Typography>
      <Typography sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login}>
          Back to sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
