import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { StatusChip, type PartStatus } from '../../../components/status-chip';

export interface HealthFact {
  label: string;
  value: ReactNode;
}

/** One checked part: a heading, its status in words, what was found, and the facts behind it. */
export function HealthPartCard({ id, title, status, detail, facts }: { id: string; title: string; status: PartStatus; detail?: string; facts: HealthFact[] }) {
  const headingId = `health-${id}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          <StatusChip status={status} />
        </Stack>
        {detail ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {detail}
          </Typography>
        ) : null}
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          {facts.map((fact) => (
            <Box key={fact.label} sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {fact.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', wordBreak: 'break-word' }}>
                {fact.value}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
