import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

export interface TrailStep {
  label: string;
  to?: string;
}

/** Breadcrumb of a drill-down page plus a Back button to the first step (the `{from}` page). */
export function PageTrail({ steps }: { steps: TrailStep[] }) {
  const back = steps.slice(0, -1).reverse().find((s) => s.to);
  return (
    <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 2 }}>
      {back?.to ? (
        <Button component={RouterLink} to={back.to} startIcon={<ArrowBackIcon />} size="small">
          Back to {back.label}
        </Button>
      ) : null}
      <Breadcrumbs aria-label="Location">
        {steps.map((step, i) =>
          step.to && i < steps.length - 1 ? (
            <Link key={i} component={RouterLink} to={step.to} underline="hover" color="inherit">
              {step.label}
            </Link>
          ) : (
            <Typography key={i} color="text.primary" aria-current={i === steps.length - 1 ? 'page' : undefined}>
              {step.label}
            </Typography>
          ),
        )}
      </Breadcrumbs>
    </Stack>
  );
}
