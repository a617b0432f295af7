import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { PAGE_SIZE_DEFAULT, SUPPORT_MESSAGES, type FeedbackEntry, type FeedbackSort } from '@portal/contracts';
import { deleteFeedback, listFeedbacks } from '@portal/contracts/calls';
import { supportEndpoints } from '@portal/contracts/endpoints/support';
import { errorMessageOf, keepPreviousData, useCallMutation, useCallQuery } from '@portal/data';
import { countLabel, formatDateTime, PageHeader, showAlert } from '@portal/ui';
import { ChangeAction, ConfirmDialog, ListFilters, listPageQuery, ListTable, PagedList, useUrlListState } from '@portal/ui/kit';
import { useState } from 'react';
import { DialogButton } from '../../../components/dialog-button';
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
  const [params, update] = useUrlListState(DEFAULTS);
  const query = { ...listPageQuery(params), sort: params.sort as FeedbackSort };
  const feedback = useCallQuery(supportEndpoints.listFeedbacks, listFeedbacks, [query], { placeholderData: keepPreviousData, quietRefetch: true });
  const [toDelete, setToDelete] = useState<FeedbackEntry | null>(null);
  const remove = useCallMutation((entry: FeedbackEntry) => deleteFeedback(entry.id), {
    invalidates: [supportEndpoints.listFeedbacks],
    onSuccess: () => showAlert({ message: SUPPORT_MESSAGES.feedbackDeleted, type: 'success' }),
    onError: (error) => showAlert({ message: errorMessageOf(error), type: 'error' }),
    onSettled: () => setToDelete(null),
  });

  const filtered = Boolean(params.q || params.from || params.to);

  return (
    <Box component="section">
      <PageHeader title="Feedbacks" actions={<DialogButton label="Give Feedback" dialog={FeedbackDialog} onSubmitted={() => void feedback.refetch()} />} />
      <Card sx={{ p: 2 }}>
        <ListFilters idPrefix="feedbacks" q={params.q} from={params.from} to={params.to} sort={params.sort} sortOptions={SORTS} onChange={update} />
        <PagedList
          query={feedback}
          noun="feedback"
          empty={filtered ? 'No feedback matches these filters.' : 'There is no feedback yet.'}
          count={(page) => countLabel(page.total, 'entry', 'entries')}
          onPage={update}
        >
          {(page) => (
            <ListTable label="Feedback" columns={['Feedback', 'Author', 'Submitted', { label: 'Actions', align: 'right', srOnly: true }]}>
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
            </ListTable>
          )}
        </PagedList>
      </Card>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this feedback?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={async () => {
          if (toDelete) await remove.mutateAsync(toDelete).catch(() => undefined);
        }}
        onClose={() => setToDelete(null)}
      >
        The feedback is removed for everyone. This cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}
