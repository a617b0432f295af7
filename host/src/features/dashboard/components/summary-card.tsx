import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface SummaryCardProps {
  title: string;
  /** The headline figure; omitted for cards whose body says it all. */
  value?: ReactNode;
  /** Where the card leads; no link when the caller may not open that page. */
  to?: string;
  children?: ReactNode;
}

export function SummaryCard({ title, value, to, children }: SummaryCardProps) {
  const content = (
    <CardContent>
      <Typography variant="subtitle2" component="h2" color="text.secondary">
        {title}
      </Typography>
      {value !== undefined && (
        <Typography variant="h4" component="p" sx={{ mt: 0.5 }}>
          {/* Isolated: in a right-to-left layout "0 B" was drawn "B 0" (the number took the page's direction). */}
          <bdi>{value}</bdi>
        </Typography>
      )}
      {children}
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
