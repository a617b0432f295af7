import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { LOADING_BAR_HEIGHT_PX, LOADING_BAR_Z_INDEX } from '@portal/config';
import { useT } from '@portal/ui/base';

/** What LoadingBar shows (loading-bar.tsx loads it with the first request). */
export function LoadingBarView() {
  const t = useT();
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: LOADING_BAR_Z_INDEX, height: LOADING_BAR_HEIGHT_PX }}>
      <LinearProgress color="secondary" aria-label={t('common.loading')} sx={{ height: LOADING_BAR_HEIGHT_PX }} />
    </Box>
  );
}
