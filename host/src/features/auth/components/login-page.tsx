import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { paths } from '@portal/config';
import { Link as RouterLink } from 'react-router-dom';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

export function LoginPage() {
  return (
    <AuthCard title="Sign in" subtitle="Enter your credentials to continue">
      <LoginForm />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Link component={RouterLink} to={paths.forgot}>
          Forgot Password?
        </Link>
        <Link component={RouterLink} to={paths.register}>
          Create an account
        </Link>
      </Stack>
    </AuthCard>
  );
}
