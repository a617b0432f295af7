import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useT } from '@portal/ui';

export function PageLoader({ label }: { label?: string }) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label={label ?? t('app.loadingPage')} />
    </Box>
  );
}
