import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMenu, useT } from '@portal/ui';
import { useEffect } from 'react';
import { platformVersionStore, usePlatformVersion } from '../../../lib/platform-version-store';

/**
 * Copyright and platform version (X.X.X when unknown). The copyright is the white-label text when one is
 * configured, else the default; it is rendered as plain text, never as HTML.
 */
export function AppFooter({ copyrightText }: { copyrightText?: string | null }) {
  const t = useT();
  const version = usePlatformVersion();
  const whiteLabelText = useMenu((s) => s.whiteLabelData?.copyrightText ?? null);
  useEffect(() => {
    // A restored session skipped the post-login step that fetches the version.
    if (platformVersionStore.getState().version === null) void platformVersionStore.getState().load();
  }, []);
  const text = (copyrightText ?? whiteLabelText)?.trim() || t('footer.defaultCopyright', { year: new Date().getFullYear() });
  return (
    <Box
      component="footer"
      sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, py: 2, mt: 4, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('footer.version', { version })}
      </Typography>
    </Box>
  );
}
