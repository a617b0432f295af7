import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { BackupSet, Scope } from '@portal/contracts';
import { updateBackupSet } from '@portal/contracts/calls';
import { openSnackbar } from '@portal/ui';
import { useId, useState } from 'react';
import { unwrap } from '../../../lib/api-result';
import { errorText } from '../../../lib/format';
import { ScopePicker } from '../../../components/scope-picker';

/** Adds users (or sites, teams) of the tenant to a set with a selected scope. */
export function AddObjectsDialog({ set, onClose, onSaved }: { set: BackupSet; onClose: () => void; onSaved: () => void }) {
  const titleId = useId();
  const [scope, setScope] = useState<Scope>(set.scope.mode === 'selected' ? set.scope : { mode: 'selected', objects: [] });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await unwrap(updateBackupSet(set.id, { scope }));
      openSnackbar({ message: 'Backup set updated. The next run backs up the added objects.', variant: 'alert', alert: { color: 'success', variant: 'filled' }, autoHideDuration: 4000 });
      onSaved();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Choose what {set.name} protects</DialogTitle>
      <DialogContent>
        <ScopePicker tenantId={set.tenantId} type={set.type} value={scope} onChange={setScope} />
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
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
