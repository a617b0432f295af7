import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Job, RestoreDestination, RestoreSelection } from '@portal/contracts';
import { createRestore, listTenants } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { useCallMutation, useCallQuery } from '@portal/data';
import { ChangeAction } from '@portal/ui/kit';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { settled } from '../../../lib/settled';
import { DESTINATION_DEFAULTS, destinationFormSchema, type DestinationForm, type DestinationFormInput } from '../../../lib/destination-form';
import { DestinationFields } from '../../../components/destination-fields';
import { ChangeError } from '../../../components/change-error';

interface StartRestoreDialogProps {
  setId: string;
  tenantId: string;
  selection: RestoreSelection;
  summary: string;
  initialKind?: 'original' | 'download';
  onClose: () => void;
  onStarted: (job: Job) => void;
}

/** Chooses where a selection is restored to and queues the restore job. */
export function StartRestoreDialog({ setId, tenantId, selection, summary, initialKind = 'original', onClose, onStarted }: StartRestoreDialogProps) {
  const titleId = useId();
  const tenants = useCallQuery(backupEndpoints.listTenants, listTenants, []);
  const { control, handleSubmit, setValue, formState } = useForm<DestinationFormInput, unknown, DestinationForm>({
    resolver: zodResolver(destinationFormSchema),
    mode: 'all',
    defaultValues: { destination: { kind: initialKind } } satisfies typeof DESTINATION_DEFAULTS,
  });
  const restore = useCallMutation((destination: RestoreDestination) => createRestore({ setId, selection, destination }), { onSuccess: onStarted });
  const onSubmit = ({ destination }: DestinationForm) => settled(restore.mutateAsync(destination));
  return (
    <Dialog open onClose={formState.isSubmitting ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Restore {summary}</DialogTitle>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>Restored items are added next to what is there: nothing in Microsoft 365 is overwritten or deleted, and a file whose name is taken is restored under a new name.</DialogContentText>
          <DestinationFields control={control} setValue={setValue} tenants={tenants.data?.items ?? []} defaultTenantId={tenantId} />
          <ChangeError error={restore.error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <ChangeAction>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              Start restore
            </Button>
          </ChangeAction>
        </DialogActions>
      </form>
    </Dialog>
  );
}
