import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { ALERT_ANCHOR, ALERT_AUTO_HIDE_MS, ALERT_TOP_MARGIN_PX } from '@portal/config';
import { useT, useAlert } from '@portal/ui/base';

/** What GlobalAlert shows (global-alert.tsx loads it with the first message). */
export function GlobalAlertView() {
  const { open, message, type, title, id, closeAlert } = useAlert();
  const t = useT();

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page must not swallow an error the user has not read yet.
    if (reason === 'clickaway') return;
    closeAlert();
  };

  return (
    <Snackbar
      key={id}
      open={open}
      autoHideDuration={ALERT_AUTO_HIDE_MS}
      anchorOrigin={ALERT_ANCHOR}
      onClose={handleClose}
      sx={{ marginTop: `${ALERT_TOP_MARGIN_PX}px` }}
    >
      <Alert severity={type} variant="filled" closeText={t('common.close')} onClose={() => closeAlert()} sx={{ width: '100%' }}>
        {title ? <AlertTitle>{title}</AlertTitle> : null}
        {message}
      </Alert>
    </Snackbar>
  );
}
