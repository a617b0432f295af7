import TextField from '@mui/material/TextField';
import type { ControllerRenderProps } from 'react-hook-form';

/** What a Controller passes, whatever the form's values: the field is always a date string. */
type DateFieldProps = Pick<ControllerRenderProps, 'onChange' | 'onBlur' | 'name' | 'ref' | 'disabled'> & { value?: unknown };

export const SECRET_EXPIRY_HELP = 'When the client secret expires (Entra ID > Certificates & secrets). You get an alert 30 days before.';

/**
 * The app secret's expiry date, shared by the connect and the expiry dialogs: a native date input
 * (keyboard and screen-reader friendly), rendered inside each form's Controller.
 */
export function SecretExpiryField({ field, error, autoFocus }: { field: DateFieldProps; error?: string; autoFocus?: boolean }) {
  return (
    <TextField
      {...field}
      value={(field.value as string | null | undefined) ?? ''}
      id="tenant-secretExpiresAt"
      type="date"
      label="Secret expires (optional)"
      autoFocus={autoFocus}
      error={Boolean(error)}
      helperText={error ?? SECRET_EXPIRY_HELP}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
