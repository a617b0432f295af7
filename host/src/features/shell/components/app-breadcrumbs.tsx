import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BREADCRUMB_ITEMS_AFTER_COLLAPSE, BREADCRUMB_ITEMS_BEFORE_COLLAPSE, BREADCRUMB_MAX_ITEMS } from '@portal/config';
import { useT } from '@portal/ui';
import { Link as RouterLink, matchPath, useLocation } from 'react-router-dom';
import { ROUTES, breadcrumbTrail, type Crumb } from '../../../lib/routes/route-table';

/** A trail of crumbs: links except the last (the current page); collapses after 8 with 1 before and 1 after. */
export function BreadcrumbTrail({ trail }: { trail: readonly Crumb[] }) {
  const t = useT();
  return (
    <Breadcrumbs
      aria-label={t('shell.breadcrumb')}
      expandText={t('shell.showPath')}
      maxItems={BREADCRUMB_MAX_ITEMS}
      itemsBeforeCollapse={BREADCRUMB_ITEMS_BEFORE_COLLAPSE}
      itemsAfterCollapse={BREADCRUMB_ITEMS_AFTER_COLLAPSE}
      sx={{ mb: 2 }}
    >
      {trail.map((crumb, index) => {
        const last = index === trail.length - 1;
        const key = `${crumb.key}-${index}`;
        return last || !crumb.path ? (
          <Typography key={key} color={last ? 'text.primary' : 'text.secondary'} aria-current={last ? 'page' : undefined}>
            {t(crumb.key)}
          </Typography>
        ) : (
          <Link key={key} component={RouterLink} to={crumb.path} underline="hover" color="inherit">
            {t(crumb.key)}
          </Link>
        );
      })}
    </Breadcrumbs>
  );
}

/** Breadcrumbs of the current route, from the route table. */
export function AppBreadcrumbs() {
  const { pathname } = useLocation();
  const route = ROUTES.find((r) => r.access === 'protected' && matchPath({ path: r.path, end: true }, pathname));
  if (!route) return null;
  return <BreadcrumbTrail trail={breadcrumbTrail(route)} />;
}
