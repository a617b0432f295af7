import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useT } from '@portal/ui';
import { RemoteModule } from './remote-module';

type Props = {
  remote: string;
  module: string;
  title: string;
  open: boolean;
  onClose: () => void;
};

/** A dialog exposed by a remote (`{open, onClose}` props); a failing remote shows the panel in a dialog. */
export function RemoteDialog({ remote, module, title, open, onClose }: Props) {
  const t = useT();
  if (!open) return null;
  return (
    <RemoteModule
      remote={remote}
      module={module}
      props={{ open, onClose }}
      loading={null}
      wrapError={(panel) => (
        <Dialog open onClose={onClose} aria-labelledby="remote-dialog-error-title" fullWidth maxWidth="sm">
          <DialogTitle id="remote-dialog-error-title">{title}</DialogTitle>
          <DialogContent>{panel}</DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    />
  );
}
