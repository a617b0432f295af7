import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { authStore, getSessionUser } from '@portal/auth-bridge';
import { MESSAGES, SNACKBAR_AUTO_HIDE_MS } from '@portal/config';
import { changePasswordFormSchema, type ChangePasswordForm } from '@portal/contracts';
import { changePassword } from '@portal/contracts/calls';
import { errorMessageOf, useCallMutation } from '@portal/data';
import { alertStore, openSnackbar, PasswordStrengthMeter, showAlert } from '@portal/ui';
import { FormTextField, PasswordField } from '@portal/ui/form';
import { FormDialogActions } from '@portal/ui/kit';
import { useId } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { logoutAfterPasswordChange } from '../lib/logout-after-password-change';

export type ChangePasswordDialogProps = { open: boolean; onClose: () => void };

const FIELDS: ReadonlyArray<{ name: FieldPath<ChangePasswordForm>; label: string; autoComplete: string }> = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'password', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', autoComplete: 'new-password' },
];

const DEFAULTS: ChangePasswordForm = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * Change Password (spec section 5). On success the snackbar goes to the host's app-wide snackbar, which
 * lives outside the router: the user is logged out at once (the server has revoked the session anyway)
 * and reads "Password changed successfully. Please login again." for 6000 ms on the login page, where
 * it tells them exactly what to do next.
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const { control, handleSubmit, formState, reset } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'all',
    defaultValues: DEFAULTS,
  });
  const password = useWatch({ control, name: 'password' });

  const close = () => {
    reset(DEFAULTS);
    onClose();
  };

  const change = useCallMutation((request: { userId: string; currentPassword: string; password: string }) => changePassword(request), {
    onSuccess: async (_answer, { userId }) => {
      // An error alert from an earlier wrong try must not sit next to the success message.
      alertStore.getState().closeAlert();
      openSnackbar({
        message: MESSAGES.passwordChanged,
        variant: 'alert',
        alert: { color: 'success', variant: 'filled' },
        autoHideDuration: SNACKBAR_AUTO_HIDE_MS,
      });
      onClose();
      await logoutAfterPasswordChange(userId, navigate);
    },
    onError: (error) => showAlert({ message: errorMessageOf(error), type: 'error' }),
  });

  const onSubmit = ({ currentPassword, password: newPassword }: ChangePasswordForm) => {
    // Spec section 7: the user id is read from session storage.
    const userId = getSessionUser()?.userId ?? authStore.getState().user?.userId;
    if (!userId) {
      showAlert({ message: 'Your session has ended. Please sign in again.', type: 'error' });
      return;
    }
    return change.mutateAsync({ userId, currentPassword, password: newPassword }).catch(() => undefined);
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id={titleId}>Change Password</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {FIELDS.map(({ name, label, autoComplete }, index) => (
              <Stack key={name}>
                <FormTextField
                  control={control}
                  name={name}
                  component={PasswordField}
                  id={`change-password-${name}`}
                  label={label}
                  autoComplete={autoComplete}
                  autoFocus={index === 0}
                />
                {name === 'password' ? <PasswordStrengthMeter password={password} /> : null}
              </Stack>
            ))}
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={close} submitting={formState.isSubmitting}>
          Change Password
        </FormDialogActions>
      </Stack>
    </Dialog>
  );
}
