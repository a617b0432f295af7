import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  WHITELABEL_SENDER_MESSAGES,
  whitelabelSenderVerifyRequestSchema,
  type WhitelabelResponse,
  type WhitelabelSender,
  type WhitelabelSenderState,
  type WhitelabelSenderVerifyRequest,
} from '@portal/contracts';
import { sendWhitelabelSenderCode, verifyWhitelabelSender } from '@portal/contracts/calls';
import { errorMessageOf, useCallMutation } from '@portal/data';
import type { ApiResult } from '@portal/request';
import { showAlert } from '@portal/ui';
import { FormTextField } from '@portal/ui/form';
import { ChangeAction } from '@portal/ui/kit';
import { useForm } from 'react-hook-form';

const STATE_LABELS: Record<WhitelabelSenderState, { label: string; color: 'default' | 'warning' | 'info' | 'success' }> = {
  none: { label: 'No address', color: 'default' },
  unverified: { label: 'Not verified', color: 'warning' },
  code_sent: { label: 'Code sent', color: 'info' },
  verified: { label: 'Verified', color: 'success' },
};

export type SenderVerificationProps = { userId: string; sender: WhitelabelSender; onChanged: (data: WhitelabelResponse) => void };

/**
 * The white-label address is used only once proven: the page shows its state, asks for the code
 * mailed to it, and says which From and Reply-To the organisation's mail carries now.
 */
export function SenderVerification({ userId, sender, onChanged }: SenderVerificationProps) {
  const { control, handleSubmit, formState, reset } = useForm<WhitelabelSenderVerifyRequest>({
    resolver: zodResolver(whitelabelSenderVerifyRequestSchema),
    mode: 'all',
    defaultValues: { code: '' },
  });
  const state = STATE_LABELS[sender.state];
  const usesOwnFrom = sender.address !== null && sender.from.endsWith(`<${sender.address}>`);

  // Sending a code and verifying one both answer with the whole white-label state.
  const change = useCallMutation(({ send }: { send: () => Promise<ApiResult<WhitelabelResponse>>; success: string }) => send(), {
    onSuccess: (next, { success }) => {
      reset({ code: '' });
      onChanged(next);
      showAlert({ message: success, type: 'success' });
    },
    onError: (error) => showAlert({ message: errorMessageOf(error), type: 'error' }),
  });

  const verify = ({ code }: WhitelabelSenderVerifyRequest) =>
    change.mutateAsync({ send: () => verifyWhitelabelSender(userId, { code }), success: WHITELABEL_SENDER_MESSAGES.verified }).catch(() => undefined);
  const resend = () => change.mutateAsync({ send: () => sendWhitelabelSenderCode(userId), success: WHITELABEL_SENDER_MESSAGES.codeSent }).catch(() => undefined);

  return (
    <Box component="section" aria-labelledby="sender-heading">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id="sender-heading" variant="subtitle2" component="h3">
            Sender address
          </Typography>
          <Chip size="small" variant="outlined" color={state.color} label={state.label} data-testid="sender-state" />
        </Stack>
        {sender.state === 'none' ? (
          <Typography variant="body2" color="text.secondary">
            Save a white-label e-mail address above to send your users&apos; mail in your name. We mail a code to it first.
          </Typography>
        ) : sender.state === 'verified' ? (
          <Typography variant="body2" color="text.secondary">
            {sender.address} is verified.
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {sender.state === 'code_sent'
              ? `Enter the six-digit code we mailed to ${sender.address}. Until then the address is not used.`
              : `${sender.address} is not verified and is not used. Send a code to it to verify it.`}
          </Typography>
        )}
        <Alert severity={usesOwnFrom ? 'success' : 'info'} data-testid="sender-headers">
          <Typography variant="body2">
            Mail to your users is sent from <Box component="bdi" sx={{ fontWeight: 600 }}>{sender.from}</Box>
            {sender.replyTo ? (
              <>
                {' '}
                and replies go to <Box component="bdi" sx={{ fontWeight: 600 }}>{sender.replyTo}</Box>
              </>
            ) : null}
            .
          </Typography>
          {sender.state === 'verified' && !usesOwnFrom ? (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              Your address&apos;s domain is not one this portal is set up to send for, so mail comes from the portal&apos;s address in your
              name (otherwise it would fail SPF and DMARC checks).
            </Typography>
          ) : null}
        </Alert>
        {sender.state === 'unverified' || sender.state === 'code_sent' ? (
          <Stack component="form" aria-label="Verify sender address" noValidate onSubmit={handleSubmit(verify)} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            {sender.state === 'code_sent' ? (
              <FormTextField
                control={control}
                name="code"
                id="sender-code"
                label="Code"
                size="small"
                fullWidth={false}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                helperText="Six digits"
              />
            ) : null}
            {sender.state === 'code_sent' ? (
              <ChangeAction>
                <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
                  Verify
                </Button>
              </ChangeAction>
            ) : null}
            <ChangeAction>
              <Button variant="outlined" onClick={() => void resend()}>
                {sender.state === 'code_sent' ? 'Send a new code' : 'Send code'}
              </Button>
            </ChangeAction>
          </Stack>
        ) : null}
      </Stack>
    </Box>
  );
}
