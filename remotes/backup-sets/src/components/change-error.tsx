import Alert from '@mui/material/Alert';
import { errorMessageOf } from '@portal/data';

/** Why a form's change failed (a mutation's error), under the form; nothing while it has not failed. */
export function ChangeError({ error }: { error: Error | null }) {
  return error ? (
    <Alert severity="error" sx={{ mt: 2 }}>
      {errorMessageOf(error)}
    </Alert>
  ) : null;
}
