import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What QueryState reads of a query (TanStack Query's result has these fields). */
export interface QueryLike<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: Error | null;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** What is loaded, for messages: "tickets" -> "Loading tickets", "The tickets could not be loaded: …". */
  noun: string;
  /** When true for the data, `empty` is shown instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** The page's own sentence for a failed load (default "The {noun} could not be loaded: {message}"). */
  errorText?: (message: string) => ReactNode;
  /** Skeleton rows while the first answer is on its way. */
  rows?: number;
  /**
   * Drawn instead of the rows while the first answer is on its way: a placeholder shaped like the
   * content, so what sits below does not jump when it arrives (layout shift).
   */
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The loading, error (with Retry), empty and ready states of every page and list. Data already on
 * screen stays while a newer answer loads (a reload, the next page).
 */
export function QueryState<T>({ query, noun, isEmpty, empty, errorText, rows = 3, skeleton, children }: QueryStateProps<T>) {
  const failed = (message: string) => (errorText ? errorText(message) : `The ${noun} could not be loaded: ${message}`);
  if (query.status === 'error' && query.data === undefined) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        {failed(query.error?.message ?? '')}
      </Alert>
    );
  }
  if (query.data === undefined) {
    return (
      <Box aria-busy="true" aria-label={`Loading ${noun}`} role="progressbar">
        {skeleton ?? Array.from({ length: rows }, (_v, i) => <Skeleton key={i} height={44} />)}
      </Box>
    );
  }
  const data = query.data;
  return (
    <>
      {query.status === 'error' ? (
        <Alert severity="error" sx={{ mb: 1 }} action={<Button color="inherit" onClick={() => void query.refetch()}>Retry</Button>}>
          The {noun} could not be reloaded: {query.error?.message}
        </Alert>
      ) : null}
      {isEmpty?.(data) ? (
        <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {empty}
        </Typography>
      ) : (
        children(data)
      )}
    </>
  );
}
