import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { QueryState, type QueryStateProps } from '@portal/ui/kit';
import type { ReactNode } from 'react';

export type PageQueryStateProps<T> = QueryStateProps<T> & {
  /** The page's own words for a failed first load (QueryState says "The {noun} could not be loaded: …"). */
  failed: (message: string) => ReactNode;
  severity?: 'error' | 'warning';
};

/** QueryState (loading, data kept while reloading) with the page's wording and a Retry for a failed load. */
export function PageQueryState<T>({ failed, severity = 'error', ...props }: PageQueryStateProps<T>) {
  const { query } = props;
  if (query.status === 'error' && query.data === undefined) {
    return (
      <Alert severity={severity} action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
        {failed(query.error?.message ?? '')}
      </Alert>
    );
  }
  return <QueryState {...props} />;
}
