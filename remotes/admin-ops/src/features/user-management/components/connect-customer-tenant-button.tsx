import Button from '@mui/material/Button';
import type { OrganisationNode } from '@portal/contracts';
import { startTenantConsent } from '@portal/contracts/calls';
import { useCallMutation } from '@portal/data';
import { ChangeAction } from '@portal/ui/kit';
import { alertError } from '../../../lib/alerts';
import { openExternal } from '../../../lib/open-external';

const CUSTOMER_KINDS: ReadonlySet<OrganisationNode['kind']> = new Set(['CUSTOMER', 'DIRECTCUSTOMER']);

/**
 * A partner (or ADMIN) starts Connect with Microsoft for a customer below it: the customer's global
 * administrator consents at Microsoft, and the API's callback brings the browser back to this page.
 */
export function ConnectCustomerTenantButton({ organisation }: { organisation: OrganisationNode }) {
  const start = useCallMutation(() => startTenantConsent({ organisationId: organisation.id }), { onSuccess: ({ url }) => openExternal(url), onError: alertError });
  if (!CUSTOMER_KINDS.has(organisation.kind) || !organisation.manageable) return null;
  return (
    <ChangeAction>
      <Button variant="outlined" onClick={() => start.mutate()} disabled={start.isPending || start.isSuccess}>
        {start.isPending || start.isSuccess ? 'Opening Microsoft…' : 'Connect with Microsoft'}
      </Button>
    </ChangeAction>
  );
}
