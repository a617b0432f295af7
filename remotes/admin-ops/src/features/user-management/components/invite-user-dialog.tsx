import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { ADMIN_MESSAGES, inviteUserRequestSchema, type InviteUserRequest } from '@portal/contracts';
import { inviteOrganisationUser } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { useCallMutation } from '@portal/data';
import { FormDialogActions } from '@portal/ui/kit';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { alertError, alertSuccess } from '../../../lib/alerts';
import { settle } from '../../../lib/settle';

export type InviteUserDialogProps = {
  open: boolean;
  organisation: { id: string; name: string };
  onClose: () => void;
};

const DEFAULTS: InviteUserRequest = { firstName: '', lastName: '', username: '', email: '' };

/** Creates the account and e-mails a single-use link (72 hours) to choose a password. */
export function InviteUserDialog({ open, organisation, onClose }: InviteUserDialogProps) {
  const titleId = useId();
  const introId = useId();
  const { control, handleSubmit, reset, formState } = useForm<InviteUserRequest>({
    mode: 'all',
    resolver: zodResolver(inviteUserRequestSchema),
    defaultValues: DEFAULTS,
  });
  useEffect(() => {
    if (open) reset(DEFAULTS);
  }, [open, reset]);

  // The users list reloads with the new account in it.
  const invite = useCallMutation((values: InviteUserRequest) => inviteOrganisationUser(organisation.id, values), {
    invalidates: [adminEndpoints.listOrganisationUsers],
    onSuccess: () => {
      alertSuccess(ADMIN_MESSAGES.userInvited);
      onClose();
    },
    onError: alertError,
  });
  const onSubmit = (values: InviteUserRequest) => settle(invite.mutateAsync(values));

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={introId} fullWidth maxWidth="sm">
      <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id={titleId}>Invite a user to {organisation.name}</DialogTitle>
        <DialogContent>
          <DialogContentText id={introId}>The user receives an e-mail with a link to choose a password. The link works once and expires in 72 hours.</DialogContentText>
          <FormTextField control={control} name="firstName" id="invite-first-name" label="First name" autoFocus required />
          <FormTextField control={control} name="lastName" id="invite-last-name" label="Last name" required />
          <FormTextField control={control} name="username" id="invite-username" label="Username" required autoComplete="off" />
          <FormTextField control={control} name="email" id="invite-email" label="Email" type="email" required autoComplete="off" />
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitting={formState.isSubmitting}>
          Send invitation
        </FormDialogActions>
      </Stack>
    </Dialog>
  );
}
