import Alert from '@mui/material/Alert';
import { isTenantConsentOutcome, TENANT_CONSENT_OUTCOMES, type TenantConsentOutcome } from '@portal/contracts';
import { useSearchParams } from 'react-router-dom';

const SEVERITY: Record<TenantConsentOutcome, 'success' | 'warning' | 'error'> = {
  connected: 'success',
  'test-failed': 'warning',
  denied: 'error',
  'microsoft-error': 'error',
  expired: 'error',
  used: 'error',
  invalid: 'error',
  'bad-tenant': 'error',
  unavailable: 'error',
  failed: 'error',
};

/**
 * What Connect with Microsoft ended with: the API's callback sends the browser back with an outcome
 * code (`?consent=`), and the sentence comes from the contracts, so the URL cannot put words on the page.
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
  return (
    <Alert severity={SEVERITY[outcome]} role={SEVERITY[outcome] === 'success' ? 'status' : 'alert'} onClose={dismiss} sx={{ mb: 2 }}>
      {TENANT_CONSENT_OUTCOMES[outcome]}
    </Alert>
  );
}
