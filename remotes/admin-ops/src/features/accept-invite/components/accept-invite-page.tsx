import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import { INVITE_MESSAGES, acceptInviteRequestSchema, type AcceptInviteRequest } from '@portal/contracts';
import { acceptInvitation } from '@portal/contracts/calls';
import { errorMessageOf, useCallMutation } from '@portal/data';
import { PasswordStrengthMeter } from '@portal/ui';
import { PasswordField } from '@portal/ui/form';
import { Controller, useForm } from 'react-hook-form';
import { settle } from '../../../lib/settle';

/** Reads e-mail and token from the invitation link (?email=…&token=…). */
function linkParams(search: string): { email: string; token: string } {
  const params = new URLSearchParams(search);
  return { email: params.get('email') ?? '', token: params.get('token') ?? '' };
}

/**
 * The invitation link's page: the invitee chooses a password once. Public: it needs a host route
 * (/accept-invite) that maps to this exposed module.
 */
export function AcceptInvitePage({ search = typeof window === 'undefined' ? '' : window.location.search }: { search?: string }) {
  const { email, token } = linkParams(search);
  const { control, handleSubmit, watch, formState } = useForm<AcceptInviteRequest>({
    mode: 'all',
    resolver: zodResolver(acceptInviteRequestSchema),
    defaultValues: { email, token, password: '' },
  });

  // A refusal (expired link, weak password) stays above the form; success replaces the form.
  const accept = useCallMutation(acceptInvitation);
  const onSubmit = (values: AcceptInviteRequest) => settle(accept.mutateAsync(values));

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6, px: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Accept invitation
          </Typography>
          {!email || !token ? (
            <Alert severity="error">{INVITE_MESSAGES.invalid}</Alert>
          ) : accept.isSuccess ? (
            <Stack spacing={2}>
              <Alert severity="success">{INVITE_MESSAGES.accepted}</Alert>
              <Button variant="contained" href={paths.login}>
                Sign in
              </Button>
            </Stack>
          ) : (
            <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
              <Typography>Choose a password for {email}.</Typography>
              {accept.isError ? <Alert severity="error">{errorMessageOf(accept.error)}</Alert> : null}
              <Controller
                name="password"
                control={control}
                render={({ field, fieldState }) => (
                  <PasswordField
                    {...field}
                    id="invite-password"
                    label="Password"
                    autoComplete="new-password"
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    fullWidth
                  />
                )}
              />
              <PasswordStrengthMeter password={watch('password')} />
              <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
                Set password
              </Button>
              <Link href={paths.login}>Back to sign in</Link>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
