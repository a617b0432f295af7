import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** Buttons shown at the end of the header row. */
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={2} sx={{ mb: 3 }} component="header">
      <div>
        <Typography variant="h2" component="h1">
          {title}
        </Typography>
        {subtitle ? (
          // A paragraph: MUI draws subtitle1 as an <h6>, a heading that skips from the title's h1.
          <Typography variant="subtitle1" component="p" color="text.secondary">
            {subtitle}
          </Typography>
        ) : null}
      </div>
      {actions ? <Stack direction="row" spacing={1}>{actions}</Stack> : null}
    </Stack>
  );
}
