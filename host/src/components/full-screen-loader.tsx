import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useT } from '@portal/ui';

/** Shown instead of the app while authentication is not initialised or the persisted stores rehydrate. */
export function FullScreenLoader() {
  const t = useT();
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
