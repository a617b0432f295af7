import { Box, Typography } from '@mui/material';

/** The default portal logo; a white-label image URL replaces it when one is configured. */
export function PortalLogo({ imageUrl }: { imageUrl?: string | null }) {
  if (imageUrl) {
    return <Box component="img" src={imageUrl} alt="Portal logo" sx={{ height: 36, maxWidth: 180, objectFit: 'contain' }} />;
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="img" aria-label="Cloud Backup Portal">
      <Box component="svg" viewBox="0 0 32 32" sx={{ width: 32, height: 32 }} aria-hidden="true">
        <path fill="#2196f3" d="M24.5 13.2A8.5 8.5 0 0 0 8.2 11 6.5 6.5 0 0 0 9 24h15a5.5 5.5 0 0 0 .5-10.8z" />
        <path fill="#fff" d="M15 12h2v6h3l-4 5-4-5h3z" />
      </Box>
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, color: 'text.primary', whiteSpace: 'nowrap' }}>
        Cloud Backup
      </Typography>
    </Box>
  );
}
