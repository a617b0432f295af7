import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import { ITEM_TOTAL_CAP, type Job } from '@portal/contracts';
import { getBackupSet, getProtectedObject } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { useCallQuery } from '@portal/data';
import { formatCount, PageHeader } from '@portal/ui';
import { ChangeAction, ListFilters, QueryState, useUrlListState } from '@portal/ui/kit';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { JobWatchPanel } from '../../../components/job-watch-panel';
import { PageTrail } from '../../../components/page-trail';
import { StartRestoreDialog } from './start-restore-dialog';
import { useItemPages } from '../hooks/use-item-pages';
import { useSelection } from '../hooks/use-selection';
import { SEARCH_DEFAULTS, toSearchQuery } from '../lib/search-params';
import { ItemFilters } from './item-filters';
import { ItemPreviewPane } from './item-preview-pane';
import { ItemResults } from './item-results';

const SORTS = [
  { value: '-modifiedAt', label: 'Newest first' },
  { value: 'modifiedAt', label: 'Oldest first' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: '-sizeBytes', label: 'Largest first' },
  { value: 'relevance', label: 'Relevance' },
];
/** `all` in place of the object id searches the whole set. */
export const ALL_OBJECTS = 'all';

/** /item-search/{backupSetType}/{backupSetUserId}/{backupSetId}: full-text search, preview, restore. */
export function ItemSearchPage() {
  const { backupSetType = '', backupSetUserId = '', backupSetId = '' } = useParams();
  const objectId = backupSetUserId && backupSetUserId !== ALL_OBJECTS ? backupSetUserId : undefined;
  const [values, update] = useUrlListState(SEARCH_DEFAULTS);
  const pages = useItemPages(backupSetId, toSearchQuery(values, objectId));
  const set = useCallQuery(backupEndpoints.getBackupSet, getBackupSet, [backupSetId], { enabled: Boolean(backupSetId) });
  const object = useCallQuery(backupEndpoints.getProtectedObject, getProtectedObject, [backupSetId, objectId ?? ''], { enabled: Boolean(objectId) });
  const { selected, toggle, addMany, clear } = useSelection();
  const [restoring, setRestoring] = useState<'original' | 'download' | null>(null);
  const [jobs, setJobs] = useState<Job[]>([]);
  const scopeName = object.data?.displayName ?? set.data?.name ?? 'backup set';
  const total = pages.first.data?.total ?? 0;

  return (
    <Box component="section">
      <PageTrail
        steps={[
          { label: 'Backup', to: paths.backup },
          { label: set.data?.name ?? 'Backup set', to: paths.viewUsers.build({ backupSetType, backupSetId, from: 'backup' }) },
          ...(objectId ? [{ label: scopeName, to: paths.viewSnapshots.build({ backupSetType, backupSetUserId, backupSetId }) }] : []),
          { label: 'Item search' },
        ]}
      />
      <PageHeader title={`Search ${scopeName}`} subtitle="Every backed-up version of mail, events, contacts and files; preview, then restore or download." />
      <Card sx={{ p: 2, mb: 2 }}>
        <ListFilters idPrefix="items" q={values.q} sort={values.sort} sortOptions={SORTS} onChange={update} searchLabel="Search items" />
        <ItemFilters values={values} update={update} />
        {values.snapshotId || values.folder ? (
          <Alert severity="info" action={<Button onClick={() => update({ snapshotId: '', folder: '' })}>Show all versions</Button>} sx={{ mb: 2 }}>
            {values.snapshotId ? 'Showing the items as they were in one snapshot' : 'Showing one folder'}.
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }} flexWrap="wrap" useFlexGap>
          <Typography id="item-count" variant="body2" color="text.secondary" role="status">
            {pages.first.data ? `${formatCount(total)}${total >= ITEM_TOTAL_CAP ? '+' : ''} ${total === 1 ? 'item' : 'items'}` : ''}
            {selected.size ? ` · ${formatCount(selected.size)} selected` : ''}
          </Typography>
          <Button size="small" onClick={() => addMany(pages.loaded().map((i) => i.id))} disabled={total === 0}>
            Select all loaded
          </Button>
          <Button size="small" onClick={clear} disabled={selected.size === 0}>
            Clear selection
          </Button>
          <Box sx={{ flex: 1 }} />
          <ChangeAction>
            <Button variant="contained" disabled={selected.size === 0} onClick={() => setRestoring('original')}>
              Restore selected
            </Button>
          </ChangeAction>
          {/* A ZIP download is a restore job too, which the API refuses a read-only user. */}
          <ChangeAction>
            <Button variant="outlined" disabled={selected.size === 0} onClick={() => setRestoring('download')}>
              Download selected
            </Button>
          </ChangeAction>
        </Stack>
        {jobs.length ? (
          <Stack spacing={1} sx={{ mb: 2 }}>
            {jobs.map((j) => (
              <JobWatchPanel key={j.id} jobId={j.id} />
            ))}
          </Stack>
        ) : null}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: values.item ? 7 : 12 }}>
            {/* A search says so in words while it runs; QueryState shows its error (with Retry), its empty result and the rows. */}
            {pages.first.isPending ? (
              <Typography role="status" aria-busy="true">
                Searching…
              </Typography>
            ) : (
              <QueryState query={pages.first} noun="items" isEmpty={(page) => page.total === 0} empty="No items match this search.">
                {(page) => (
                  <ItemResults
                    total={page.total}
                    version={pages.version}
                    row={pages.row}
                    ensure={pages.ensure}
                    selected={selected}
                    onToggle={(item) => toggle(item.id)}
                    openId={values.item}
                    onOpen={(item) => update({ item: item.id }, { keepPage: true })}
                  />
                )}
              </QueryState>
            )}
          </Grid>
          {values.item ? (
            <Grid size={{ xs: 12, lg: 5 }}>
              <Card variant="outlined" sx={{ p: 2 }}>
                <Stack direction="row" justifyContent="flex-end">
                  <Button size="small" onClick={() => update({ item: '' }, { keepPage: true })}>
                    Close preview
                  </Button>
                </Stack>
                <ItemPreviewPane key={values.item} itemId={values.item} />
              </Card>
            </Grid>
          ) : null}
        </Grid>
      </Card>
      {restoring && set.data ? (
        <StartRestoreDialog
          setId={backupSetId}
          tenantId={set.data.tenantId}
          selection={{ kind: 'items', itemIds: [...selected] }}
          summary={`${formatCount(selected.size)} ${selected.size === 1 ? 'item' : 'items'}`}
          initialKind={restoring}
          onClose={() => setRestoring(null)}
          onStarted={(job) => {
            setRestoring(null);
            setJobs((list) => [job, ...list]);
          }}
        />
      ) : null}
    </Box>
  );
}
