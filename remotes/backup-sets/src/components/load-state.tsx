import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Load } from '../lib/use-load';

interface LoadStateProps<T> {
  load: Load<T>;
  /** What is loaded, for messages: "backup sets" -> "The backup sets could not be loaded". */
  noun: string;
  onRetry: () => void;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
  rows?: number;
}

/** The loading, error (with Retry), empty and ready states every page of this remote shows. */
export function LoadState<T>({ load, noun, onRetry, isEmpty, empty, children, rows = 3 }: LoadStateProps<T>) {
  if (load.state === 'loading') {
    return (
      <Box aria-busy="true" aria-label={`Loading ${noun}`} role="progressbar">
        {Array.from({ length: rows }, (_v, i) => (
          <Skeleton key={i} height={44} />
        ))}
      </Box>
    );
  }
  if (load.state === 'error') {
    return (
      <Alert severity="error" action={<Button color="inherit" onClick={onRetry}>Retry</Button>}>
        The {noun} could not be loaded: {load.message}
      </Alert>
    );
  }
  if (isEmpty?.(load.data)) {
    return (
      <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {empty}
      </Typography>
    );
  }
  return <>{children(load.data)}</>;
}
