import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { startTenantConsent } from '@portal/contracts/calls';
import { errorMessageOf, useCallMutation } from '@portal/data';
import { openExternal } from '../../../lib/open-external';

/** Sends the browser to Microsoft's admin consent page; the API's callback brings it back to this page. */
export function ConnectWithMicrosoftButton() {
  const start = useCallMutation(() => startTenantConsent(), { onSuccess: ({ url }) => openExternal(url) });
  return (
    <>
      <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending || start.isSuccess}>
        {start.isPending || start.isSuccess ? 'Opening Microsoft…' : 'Connect with Microsoft'}
      </Button>
      {start.isError ? (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {errorMessageOf(start.error)}
        </Alert>
      ) : null}
    </>
  );
}
