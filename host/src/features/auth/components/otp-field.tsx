import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { OTP_LENGTH } from '@portal/contracts';

/** A one-time code input: numeric keyboard on phones, and the browser may fill it from an SMS/e-mail. */
export function OtpField(props: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField
      {...props}
      autoComplete="one-time-code"
      slotProps={{
        htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: OTP_LENGTH, style: { letterSpacing: '0.5em', textAlign: 'center' } },
      }}
    />
  );
}
