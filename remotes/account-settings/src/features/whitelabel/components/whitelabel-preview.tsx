import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { PRESET_COLORS, type PresetColor } from '@portal/config';
import { checkLogoUrl } from '@portal/contracts';
import { presetPalettes } from '@portal/ui';
import { useEffect, useState } from 'react';

export type WhitelabelPreviewProps = {
  logoUrl: string;
  copyrightText: string;
  presetColor: string;
  /** What applies when a field is left empty (the inherited or product default). */
  fallback: { logoUrl: string | null; copyrightText: string };
};

/**
 * A miniature of the shell as this tenant's users would see it: top bar with the logo, a primary
 * button in the chosen colour, the footer with the copyright text. Everything is rendered as text
 * or an <img> of a URL the schema accepts; nothing typed here becomes markup.
 */
export function WhitelabelPreview({ logoUrl, copyrightText, presetColor, fallback }: WhitelabelPreviewProps) {
  const theme = useTheme();
  const mode = theme.palette.mode === 'dark' ? 'dark' : 'light';
  const preset: PresetColor = (PRESET_COLORS as readonly string[]).includes(presetColor) ? (presetColor as PresetColor) : 'default';
  const primary = presetPalettes[preset][mode].primary;
  const wanted = logoUrl.trim() || fallback.logoUrl || '';
  const logo = wanted && checkLogoUrl(wanted) === null ? wanted : '';
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [logo]);
  const footer = copyrightText.trim() || fallback.copyrightText;

  return (
    <Paper variant="outlined" component="figure" aria-label="Live preview" sx={{ m: 0, overflow: 'hidden' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        {logo && !broken ? (
          <Box component="img" src={logo} alt="Logo preview" onError={() => setBroken(true)} sx={{ maxHeight: 36, maxWidth: 180, objectFit: 'contain' }} />
        ) : (
          <Typography variant="h6" component="span" sx={{ color: primary.main, fontWeight: 700 }}>
            {broken ? 'Logo could not be loaded' : 'Cloud Backup Portal'}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Box aria-hidden sx={{ width: 32, height: 32, borderRadius: '50%', bgcolor: primary.light, border: 2, borderColor: primary.main }} />
      </Stack>
      <Stack spacing={1.5} sx={{ p: 2, minHeight: 96, bgcolor: mode === 'dark' ? 'background.default' : 'grey.50' }}>
        <Typography variant="body2" color="text.secondary">
          Dashboard
        </Typography>
        <Box
          aria-hidden
          sx={{ alignSelf: 'flex-start', px: 2, py: 0.75, borderRadius: 1, bgcolor: primary.main, color: '#fff', fontSize: 14, fontWeight: 500 }}
        >
          Primary action
        </Box>
      </Stack>
      <Box component="figcaption" sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
        <Typography variant="caption" color="text.secondary" data-testid="preview-copyright">
          {footer}
        </Typography>
      </Box>
    </Paper>
  );
}
