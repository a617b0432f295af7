import { Box, CircularProgress } from '@mui/material';

/** Shown instead of the app while authentication is not initialised yet. */
export function FullScreenLoader() {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label="Loading application" />
    </Box>
  );
}
