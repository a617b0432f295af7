import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '@portal/ui';
import { useEffect, useState } from 'react';

/** The default portal logo; a white-label image URL replaces it (and falls back to it if it cannot load). */
export function PortalLogo({ imageUrl }: { imageUrl?: string | null }) {
  const t = useT();
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [imageUrl]);
  if (imageUrl && !broken) {
    return (
      <Box
        component="img"
        src={imageUrl}
        alt={t('app.logoAlt')}
        onError={() => setBroken(true)}
        sx={{ height: 36, maxWidth: 180, objectFit: 'contain', display: 'block' }}
      />
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="img" aria-label={t('app.name')}>
      <Box component="svg" viewBox="0 0 32 32" sx={{ width: 32, height: 32, flexShrink: 0 }} aria-hidden="true">
        <path fill="#2196f3" d="M24.5 13.2A8.5 8.5 0 0 0 8.2 11 6.5 6.5 0 0 0 9 24h15a5.5 5.5 0 0 0 .5-10.8z" />
        <path fill="#fff" d="M15 12h2v6h3l-4 5-4-5h3z" />
      </Box>
      <Typography variant="h3" component="span" sx={{ fontWeight: 700, color: 'text.primary', whiteSpace: 'nowrap' }}>
        Cloud Backup
      </Typography>
    </Box>
  );
}
