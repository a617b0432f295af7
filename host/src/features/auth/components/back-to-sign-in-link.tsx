import Link from '@mui/material/Link';
import { paths } from '@portal/config';
import { Link as RouterLink } from 'react-router-dom';

/** The way out of the password-reset flow, on each of its pages. */
export function BackToSignInLink() {
  return (
    <Link component={RouterLink} to={paths.login}>
      Back to sign in
    </Link>
  );
}
