import Alert from '@mui/material/Alert';
import Fade from '@mui/material/Fade';
import Grow from '@mui/material/Grow';
import IconButton from '@mui/material/IconButton';
import Slide, { type SlideProps } from '@mui/material/Slide';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import SvgIcon from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { useSnackbar, type SnackbarTransition, useT } from '@portal/ui/base';

type TransitionComponent = ComponentType<SlideProps>;

const slide = (direction: SlideProps['direction']): TransitionComponent =>
  function SlideTransition(props: SlideProps) {
    return <Slide {...props} direction={direction} />;
  };

const TRANSITIONS: Record<SnackbarTransition, TransitionComponent> = {
  Fade: Fade as unknown as TransitionComponent,
  Grow: Grow as unknown as TransitionComponent,
  SlideUp: slide('up'),
  SlideDown: slide('down'),
  SlideLeft: slide('left'),
  SlideRight: slide('right'),
};

function CloseIcon() {
  return (
    <SvgIcon fontSize="small">
      <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
    </SvgIcon>
  );
}

/** What GlobalSnackbar shows (global-snackbar.tsx loads it when the snackbar first opens). */
export function GlobalSnackbarView() {
  const { open, message, action, anchorOrigin, variant, alert, transition, close, autoHideDuration, closeSnackbar } = useSnackbar();

  const t = useT();
  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    closeSnackbar();
  };

  const closeButton = close ? (
    <IconButton size="small" aria-label={t('common.close')} color="inherit" onClick={() => closeSnackbar()}>
      <CloseIcon />
    </IconButton>
  ) : undefined;

  return (
    <Snackbar
      key={String(action)}
      open={open}
      anchorOrigin={anchorOrigin}
      autoHideDuration={autoHideDuration}
      onClose={handleClose}
      slots={{ transition: TRANSITIONS[transition] ?? Fade }}
      message={variant === 'default' ? message : undefined}
      action={variant === 'default' ? closeButton : undefined}
    >
      {variant === 'alert' ? (
        <Alert
          // MUI's Alert knows only the four status colours; primary/secondary read as info.
          severity={alert.color === 'primary' || alert.color === 'secondary' ? 'info' : alert.color}
          variant={alert.variant}
          action={closeButton}
          sx={{ width: '100%' }}
        >
          {message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
