import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { LOADING_BAR_HEIGHT_PX, LOADING_BAR_Z_INDEX } from '@portal/config';
import { useIsLoading } from '@portal/request';
import { useT } from '../i18n/i18n-store';

/** Thin bar at the top of the screen while any request runs (spec section 2). */
export function LoadingBar() {
  const busy = useIsLoading();
  const t = useT();
  if (!busy) return null;
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: LOADING_BAR_Z_INDEX, height: LOADING_BAR_HEIGHT_PX }}>
      <LinearProgress color="secondary" aria-label={t('common.loading')} sx={{ height: LOADING_BAR_HEIGHT_PX }} />
    </Box>
  );
}
