import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import { Link as RouterLink } from 'react-router-dom';
import { AuthCard } from './auth-card';
import { RegisterForm } from './register-form';

export function RegisterPage() {
  return (
    <AuthCard title="Register" subtitle="Create an account for your organisation" maxWidth={520}>
      <RegisterForm />
      <Typography sx={{ textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={paths.login}>
          Sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
