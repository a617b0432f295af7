import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * Grafana needs scripts, its own cookies (allow-same-origin) and forms. allow-same-origin is only safe
 * with scripts for another origin, so a Grafana served from the portal's own origin loses it. No
 * top-level navigation: the dashboard cannot take the portal's tab away.
 */
export function sandboxFor(url: string, pageOrigin: string): string {
  const flags = ['allow-scripts', 'allow-forms', 'allow-popups', 'allow-popups-to-escape-sandbox', 'allow-downloads'];
  if (new URL(url).origin !== pageOrigin) flags.push('allow-same-origin');
  return flags.join(' ');
}

export function GrafanaEmbed({ url }: { url: string }) {
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between" flexWrap="wrap">
        <Typography color="text.secondary">The configured Grafana dashboard. Sign in to Grafana in the frame if it asks.</Typography>
        <Link href={url} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          Open Grafana in a new tab
          <OpenInNewIcon fontSize="small" aria-hidden="true" />
        </Link>
      </Stack>
      <Box
        component="iframe"
        src={url}
        title="Grafana dashboard"
        sandbox={sandboxFor(url, window.location.origin)}
        referrerPolicy="no-referrer"
        loading="lazy"
        sx={{ width: '100%', height: { xs: 560, md: 'calc(100vh - 260px)' }, minHeight: 480, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
      />
    </Stack>
  );
}
