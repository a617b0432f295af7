import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { BackupSet, Scope } from '@portal/contracts';
import { updateBackupSet } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { useCallMutation } from '@portal/data';
import { useId, useState } from 'react';
import { ScopePicker } from '../../../components/scope-picker';
import { notify } from '../../../lib/notify';
import { ChangeError } from '../../../components/change-error';

/** Adds users (or sites, teams) of the tenant to a set with a selected scope. */
export function AddObjectsDialog({ set, onClose, onSaved }: { set: BackupSet; onClose: () => void; onSaved: () => void }) {
  const titleId = useId();
  const [scope, setScope] = useState<Scope>(set.scope.mode === 'selected' ? set.scope : { mode: 'selected', objects: [] });
  const update = useCallMutation(() => updateBackupSet(set.id, { scope }), {
    invalidates: [backupEndpoints.getBackupSet, backupEndpoints.listProtectedObjects],
    onSuccess: () => {
      notify('Backup set updated. The next run backs up the added objects.', 'success');
      onSaved();
    },
  });
  const saving = update.isPending;
  const save = () => update.mutate();
  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Choose what {set.name} protects</DialogTitle>
      <DialogContent>
        <ScopePicker tenantId={set.tenantId} type={set.type} value={scope} onChange={setScope} />
        <ChangeError error={update.error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={saving || (scope.mode === 'selected' && scope.objects.length === 0)}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
