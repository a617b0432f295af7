import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { updateTenantRequestSchema, type Tenant } from '@portal/contracts';
import { updateTenant } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { useCallMutation } from '@portal/data';
import { FormDialogActions } from '@portal/ui/kit';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notify } from '../../../lib/notify';
import { settled } from '../../../lib/settled';
import { ChangeError } from '../../../components/change-error';
import { SecretExpiryField } from './secret-expiry-field';

// Only the expiry date: the same rule as the API (a real date, not in the past; empty clears it).
const expirySchema = updateTenantRequestSchema.pick({ secretExpiresAt: true });
type ExpiryInput = z.input<typeof expirySchema>;
type ExpiryValues = z.output<typeof expirySchema>;

/** Edit when a connected tenant's app secret expires (after creating a new secret in Entra ID). */
export function SecretExpiryDialog({ tenant, onClose, onSaved }: { tenant: Tenant; onClose: () => void; onSaved: (tenant: Tenant) => void }) {
  const titleId = useId();
  const { control, handleSubmit, formState } = useForm<ExpiryInput, unknown, ExpiryValues>({
    resolver: zodResolver(expirySchema),
    mode: 'all',
    defaultValues: { secretExpiresAt: tenant.secretExpiresAt ?? '' },
  });
  const save = useCallMutation((values: ExpiryValues) => updateTenant(tenant.id, { secretExpiresAt: values.secretExpiresAt ?? null }), {
    invalidates: [backupEndpoints.listTenants],
    onSuccess: (saved) => {
      notify('Secret expiry saved.', 'success');
      onSaved(saved);
    },
  });
  const onSubmit = (values: ExpiryValues) => settled(save.mutateAsync(values));
  return (
    <Dialog open onClose={formState.isSubmitting ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Secret expiry of {tenant.name}</DialogTitle>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>Enter the new date after you create a new client secret; leave it empty to stop the reminder.</DialogContentText>
          <Controller
            control={control}
            name="secretExpiresAt"
            render={({ field, fieldState }) => <SecretExpiryField field={field} error={fieldState.error?.message} autoFocus />}
          />
          <ChangeError error={save.error} />
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitting={formState.isSubmitting} disableCancelWhileSubmitting>
          Save
        </FormDialogActions>
      </form>
    </Dialog>
  );
}
