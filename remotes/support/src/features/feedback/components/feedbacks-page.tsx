import {
  Alert,
  Box,
  Button,
  Card,
  IconButton,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { PAGE_SIZE_DEFAULT, SUPPORT_MESSAGES, type FeedbackEntry, type FeedbackPage, type FeedbackSort } from '@portal/contracts';
import { deleteFeedback, listFeedbacks } from '@portal/contracts/calls';
import { ChangeAction, PageHeader, showAlert } from '@portal/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListFilters } from '../../../components/list-filters';
import { errorText, formatDateTime } from '../../../lib/format';
import { listQuery, useListLoad } from '../../../lib/use-list-load';
import { useListParams } from '../../../lib/use-list-params';
import { FeedbackDialog } from './feedback-dialog';

const SORTS: ReadonlyArray<{ value: FeedbackSort; label: string }> = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'author', label: 'Author A–Z' },
  { value: '-author', label: 'Author Z–A' },
];

const DEFAULTS = { q: '', from: '', to: '', sort: '-createdAt', page: '1', pageSize: String(PAGE_SIZE_DEFAULT) };

/** /feedbacks: ADMIN sees all feedback, partners their subtree's, everyone else their own. */
export function FeedbacksPage() {
  const [params, update] = useListParams(DEFAULTS);
  const { load, refresh } = useListLoad<FeedbackPage, Parameters<typeof listFeedbacks>[0]>(listFeedbacks, {
    ...listQuery(params),
    sort: params.sort as FeedbackSort,
  });
  const [writing, setWriting] = useState(false);
  const [toDelete, setToDelete] = useState<FeedbackEntry | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      const result = await deleteFeedback(toDelete.id);
      if ('errorMessage' in result && result.errorMessage !== undefined) showAlert({ message: result.errorMessage, type: 'error' });
      else {
        showAlert({ message: SUPPORT_MESSAGES.feedbackDeleted, type: 'success' });
        refresh();
      }
    } catch (error) {
      showAlert({ message: errorText(error), type: 'error' });
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  const page = load.state === 'ready' ? load.page : null;
  const filtered = Boolean(params.q || params.from || params.to);

  return (
    <Box component="section">
      <PageHeader
        title="Feedbacks"
        actions={
          <ChangeAction>
            <Button variant="contained" onClick={() => setWriting(true)}>
              Give Feedback
            </Button>
          </ChangeAction>
        }
      />
      <Card sx={{ p: 2 }}>
        <ListFilters idPrefix="feedbacks" q={params.q} from={params.from} to={params.to} sort={params.sort} sortOptions={SORTS} onChange={update} />
        {load.state === 'error' ? (
          <Alert severity="error" action={<Button onClick={refresh}>Retry</Button>}>
            The feedback could not be loaded: {load.message}
          </Alert>
        ) : null}
        {load.state === 'loading' ? (
          <Box aria-busy="true" aria-label="Loading feedback">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Box>
        ) : null}
        {page && page.total === 0 ? (
          <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary" role="status">
            {filtered ? 'No feedback matches these filters.' : 'There is no feedback yet.'}
          </Typography>
        ) : null}
        {page && page.total > 0 ? (
          <>
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
              {page.total} {page.total === 1 ? 'entry' : 'entries'}
            </Typography>
            <TableContainer>
              <Table size="small" aria-label="Feedback">
                <TableHead>
                  <TableRow>
                    <TableCell>Feedback</TableCell>
                    <TableCell>Author</TableCell>
                    <TableCell>Submitted</TableCell>
                    <TableCell align="right">
                      <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                        Actions
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {page.items.map((entry) => (
                    <TableRow key={entry.id} hover>
                      <TableCell sx={{ whiteSpace: 'pre-wrap', maxWidth: 480 }}>{entry.feedback}</TableCell>
                      <TableCell>
                        {entry.author.name}
                        <Typography variant="caption" display="block" color="text.secondary">
                          {entry.author.organisationName}
                        </Typography>
                      </TableCell>
                      <TableCell>{formatDateTime(entry.createdAt)}</TableCell>
                      <TableCell align="right">
                        {entry.canDelete ? (
                          <ChangeAction title="Delete">
                            <IconButton aria-label={`Delete feedback from ${entry.author.name}, ${formatDateTime(entry.createdAt)}`} onClick={() => setToDelete(entry)}>
                              <DeleteOutlineIcon />
                            </IconButton>
                          </ChangeAction>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={page.total}
              page={page.page - 1}
              rowsPerPage={page.pageSize}
              rowsPerPageOptions={[10, 20, 50, 100]}
              onPageChange={(_e, next) => update({ page: String(next + 1) })}
              onRowsPerPageChange={(e) => update({ pageSize: e.target.value })}
            />
          </>
        ) : null}
      </Card>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this feedback?"
        text="The feedback is removed for everyone. This cannot be undone."
        confirmLabel="Delete"
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      <FeedbackDialog open={writing} onClose={() => setWriting(false)} onSubmitted={refresh} />
    </Box>
  );
}
