import { errorMessageOf, unwrap } from '@portal/data';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { codeFormSchema, type CodeForm as CodeValues } from '@portal/contracts';
import type { resendMfaCode } from '@portal/contracts/calls';
import { showAlert } from '@portal/ui';
import { FormTextField } from '@portal/ui/form';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { OtpField } from './otp-field';

type ResendResult = Awaited<ReturnType<typeof resendMfaCode>>;


type CodeFormProps = {
  /** id of the code input. */
  id: string;
  onVerify: (values: CodeValues) => Promise<void>;
  /** Asks for a new code; without it there is no "Resend code" button. */
  onResend?: () => Promise<ResendResult>;
  /** The way back, shown left of the resend button. */
  back: ReactNode;
};

/** The 6-digit code form (code field, Verify) with its "Resend code" button below. */
export function CodeForm({ id, onVerify, onResend, back }: CodeFormProps) {
  const [resending, setResending] = useState(false);
  const { control, handleSubmit, formState } = useForm<CodeValues>({
    resolver: zodResolver(codeFormSchema),
    mode: 'all',
    defaultValues: { otp: '' },
  });

  const onSubmit = async (values: CodeValues) => {
    try {
      await onVerify(values);
    } catch (error) {
      showAlert({ message: errorMessageOf(error), type: 'error' });
    }
  };

  const resend = async (ask: () => Promise<ResendResult>) => {
    setResending(true);
    try {
      showAlert({ message: unwrap(await ask()).message, type: 'info' });
    } catch (error) {
      showAlert({ message: errorMessageOf(error), type: 'error' });
    } finally {
      setResending(false);
    }
  };

  return (
    <>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Verify code">
        <FormTextField control={control} name="otp" component={OtpField} id={id} label="Verification code" autoFocus />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} fullWidth>
          Verify
        </Button>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        {back}
        {onResend ? (
          <Button onClick={() => void resend(onResend)} disabled={resending}>
            Resend code
          </Button>
        ) : null}
      </Stack>
    </>
  );
}
