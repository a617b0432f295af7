import { Breadcrumbs, Link, Typography } from '@mui/material';
import { BREADCRUMB_ITEMS_AFTER_COLLAPSE, BREADCRUMB_ITEMS_BEFORE_COLLAPSE, BREADCRUMB_MAX_ITEMS } from '@portal/config';
import { Link as RouterLink, matchPath, useLocation } from 'react-router-dom';
import { ROUTES, breadcrumbTrail } from '../../../lib/routes/route-table';

export function AppBreadcrumbs() {
  const { pathname } = useLocation();
  const route = ROUTES.find((r) => r.access === 'protected' && matchPath({ path: r.path, end: true }, pathname));
  if (!route) return null;
  const trail = breadcrumbTrail(route);
  return (
    <Breadcrumbs
      aria-label="breadcrumb"
      maxItems={BREADCRUMB_MAX_ITEMS}
      itemsBeforeCollapse={BREADCRUMB_ITEMS_BEFORE_COLLAPSE}
      itemsAfterCollapse={BREADCRUMB_ITEMS_AFTER_COLLAPSE}
      sx={{ mb: 2 }}
    >
      {trail.map((crumb, index) =>
        index === trail.length - 1 || !crumb.path ? (
          <Typography key={crumb.title} color={index === trail.length - 1 ? 'text.primary' : 'text.secondary'} aria-current={index === trail.length - 1 ? 'page' : undefined}>
            {crumb.title}
          </Typography>
        ) : (
          <Link key={crumb.title} component={RouterLink} to={crumb.path} underline="hover" color="inherit">
            {crumb.title}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
