import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface ListStateProps {
  error: string | null;
  onRetry: () => void;
  /** False until the first answer arrives. */
  loaded: boolean;
  empty: boolean;
  loadingText: string;
  emptyText: string;
  children: ReactNode;
}

/** The error (with Retry), loading and empty states every list page shows before its table. */
export function ListState({ error, onRetry, loaded, empty, loadingText, emptyText, children }: ListStateProps) {
  if (error) {
    return (
      <Alert severity="error" action={<Button color="inherit" onClick={onRetry}>Retry</Button>}>
        {error}
      </Alert>
    );
  }
  if (!loaded) {
    return (
      <Stack direction="row" spacing={1} alignItems="center" role="status">
        <CircularProgress size={24} />
        <Typography>{loadingText}</Typography>
      </Stack>
    );
  }
  if (empty) return <Typography color="text.secondary">{emptyText}</Typography>;
  return <>{children}</>;
}
