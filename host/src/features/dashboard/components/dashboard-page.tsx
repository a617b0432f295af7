import { Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { useAuth } from '@portal/auth-bridge';
import { paths } from '@portal/config';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES, canAccess } from '../../../lib/routes/route-table';
import { greetingAt } from '../../shell/lib/greeting';

// Parameterised routes need a backup set, so only fixed pages get a card.
const linkable = ROUTES.filter((r) => r.access === 'protected' && r.path !== paths.dashboard && !r.path.includes(':'));

export function DashboardPage() {
  const user = useAuth((s) => s.user);
  const cards = linkable.filter((r) => canAccess(r, user?.role));
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Dashboard
      </Typography>
      <Typography variant="h6" component="p">
        {greetingAt()}, {user?.firstName || user?.username}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Signed in as {user?.role}
      </Typography>
      <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Pages you can open">
        {cards.map((route) => (
          <Grid key={route.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={route.path} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {route.title}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
