import { paths } from '@portal/config';
import { Link } from 'react-router-dom';
import { PORTAL_BRAND_NAME, PortalLogoMark } from '../../../components/portal-logo-mark';
import { useLightTheme } from '../../../lib/use-light-theme';
import { useT } from '@portal/ui/base';
import { LoginForm } from './login-form';
import { LoginNotices } from './login-notices';

/**
 * The sign-in page: the first page of most visits, so it loads neither MUI nor Emotion. It is the
 * themed AuthCard drawn with plain elements and the light stylesheet, coloured by the same display
 * settings and brand preset (useLightTheme); every other page loads MUI after it.
 * `prerendered`: drawn at build time as static HTML (host/scripts/prerender-login.tsx), where the
 * stores hold their first-visit values and the portal's demo flag is given.
 */
export function LoginPage({ prerendered }: { prerendered?: { demo: boolean } }) {
  const t = useT();
  const { style, dir } = useLightTheme();
  return (
    <main className="pl-page" style={style} dir={dir}>
      <div className="pl-card">
        <LoginNotices demo={prerendered?.demo} />
        <div className="pl-logo">
          <div className="pl-brand" role="img" aria-label={t('app.name')}>
            <PortalLogoMark />
            <span>{PORTAL_BRAND_NAME}</span>
          </div>
        </div>
        <div className="pl-heading">
          <h1>Sign in</h1>
          <p>Enter your credentials to continue</p>
        </div>
        <LoginForm prerendered={!!prerendered} />
        <div className="pl-links">
          <Link to={paths.forgot}>Forgot Password?</Link>
          <Link to={paths.register}>Create an account</Link>
        </div>
      </div>
    </main>
  );
}
