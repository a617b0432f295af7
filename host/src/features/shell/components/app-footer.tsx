import { Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { platformVersionStore, usePlatformVersion } from '../../../lib/platform-version-store';

export const DEFAULT_COPYRIGHT = `© ${new Date().getFullYear()} Cloud Backup Portal`;

/** Copyright (white-label text later) and the platform version, X.X.X when unknown. */
export function AppFooter({ copyrightText }: { copyrightText?: string | null }) {
  const version = usePlatformVersion();
  useEffect(() => {
    // A restored session skipped the post-login step that fetches the version.
    if (platformVersionStore.getState().version === null) void platformVersionStore.getState().load();
  }, []);
  return (
    <Box
      component="footer"
      sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, py: 2, mt: 4, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" color="text.secondary">
        {copyrightText || DEFAULT_COPYRIGHT}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Version {version}
      </Typography>
    </Box>
  );
}
