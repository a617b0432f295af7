import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PortalLogo } from '../../../components/portal-logo';
import { DemoBanner } from '../../../components/demo-banner';
import { MaintenanceBanner } from '../../../components/maintenance-banner';

/** The centred card every public (account) page sits in. */
export function AuthCard({ title, subtitle, children, maxWidth = 440 }: { title: string; subtitle?: string; children: ReactNode; maxWidth?: number }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth }}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={3}>
            <DemoBanner />
            <MaintenanceBanner />
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <PortalLogo />
            </Box>
            <Box sx={{ textAlign: 'center' }}>
              <Typography variant="h4" component="h1" gutterBottom>
                {title}
              </Typography>
              {subtitle ? <Typography color="text.secondary">{subtitle}</Typography> : null}
            </Box>
            {children}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
