import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { AvailabilityStatus } from '../hooks/use-availability';

type Props = { status: AvailabilityStatus; available: string; taken: string };

/** Helper text of a field whose value is checked as the user types; announced politely. */
export function AvailabilityText({ status, available, taken }: Props) {
  return (
    <Box component="span" role="status" aria-live="polite" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {status === 'checking' ? (
        <>
          <CircularProgress size={12} aria-hidden />
          Checking…
        </>
      ) : null}
      {status === 'available' ? <Box component="span" sx={{ color: 'success.main' }}>{available}</Box> : null}
      {status === 'taken' ? taken : null}
    </Box>
  );
}
