import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '@portal/ui';
import { useEffect, useState } from 'react';
import { PORTAL_BRAND_NAME, PortalLogoMark } from './portal-logo-mark';

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
      <PortalLogoMark />
      <Typography variant="h3" component="span" sx={{ fontWeight: 700, color: 'text.primary', whiteSpace: 'nowrap' }}>
        {PORTAL_BRAND_NAME}
      </Typography>
    </Box>
  );
}
