import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useSyncExternalStore } from 'react';
import { useT } from '@portal/ui';
import { remoteNotices } from '../lib/federation/remote-notices';

/** Quiet, dismissible notices about remotes: a fallback in use, or a new version to reload for. */
export function RemoteNotices() {
  const t = useT();
  const notices = useSyncExternalStore(remoteNotices.subscribe, remoteNotices.getSnapshot, remoteNotices.getSnapshot);
  if (notices.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ position: 'fixed', bottom: 16, left: 16, zIndex: 1400, maxWidth: 420 }}>
      {notices.map((notice) => (
        <Alert
          key={notice.id}
          role="status"
          severity={notice.kind === 'fallback' ? 'warning' : 'info'}
          variant="outlined"
          sx={{ bgcolor: 'background.paper' }}
          onClose={() => remoteNotices.dismiss(notice.id)}
          action={
            notice.kind === 'update' ? (
              <Button color="inherit" size="small" onClick={() => window.location.reload()}>
                {t('common.reload')}
              </Button>
            ) : undefined
          }
        >
          {notice.message}
        </Alert>
      ))}
    </Stack>
  );
}
