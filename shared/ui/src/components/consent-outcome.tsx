import Alert from '@mui/material/Alert';
import { isTenantConsentOutcome, TENANT_CONSENT_OUTCOMES } from '@portal/contracts';
import { useSearchParams } from 'react-router-dom';

/**
 * What Connect with Microsoft ended with, on the page the API's callback sends the browser back to
 * (the backup page, or user management for a partner): the URL carries an outcome code (`?consent=`)
 * and the sentence comes from the contracts, so the URL cannot put words on the page.
 */
export function ConsentOutcome() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('consent');
  if (!isTenantConsentOutcome(outcome)) return null;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('consent');
        next.delete('tenant');
        return next;
      },
      { replace: true },
    );
  const { severity, message } = TENANT_CONSENT_OUTCOMES[outcome];
  return (
    <Alert severity={severity} role={severity === 'success' ? 'status' : 'alert'} onClose={dismiss} sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}
