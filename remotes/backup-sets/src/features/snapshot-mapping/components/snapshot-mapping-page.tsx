import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { listMappings } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { useCallQuery } from '@portal/data';
import { PageHeader } from '@portal/ui';
import { ChangeAction, QueryState, useUrlListState } from '@portal/ui/kit';
import { JobWatchPanel } from '../../../components/job-watch-panel';
import { MappingEditor } from './mapping-editor';
import { MappingList } from './mapping-list';

const DEFAULTS = { mapping: '', job: '' };

/** /snapshot-mapping: map source users of a set to target users for bulk restore. */
export function SnapshotMappingPage() {
  const [params, update] = useUrlListState(DEFAULTS);
  const mappings = useCallQuery(backupEndpoints.listMappings, listMappings, [], { quietRefetch: true });
  const items = mappings.data?.items ?? [];
  const selected = items.find((m) => m.id === params.mapping) ?? null;
  const editing = params.mapping === 'new' || selected !== null;

  return (
    <Box component="section">
      <PageHeader
        title="Snapshot Mapping"
        subtitle="Restore many users at once: map each backed-up user to a user of the same or another tenant, validate, then start."
        actions={
          <ChangeAction>
            <Button variant="contained" onClick={() => update({ mapping: 'new', job: '' })}>
              New mapping
            </Button>
          </ChangeAction>
        }
      />
      {params.job ? (
        <Box sx={{ mb: 2 }}>
          <JobWatchPanel jobId={params.job} />
        </Box>
      ) : null}
      <QueryState query={mappings} noun="snapshot mappings">
        {() => (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <Card sx={{ p: 1 }}>
                {items.length === 0 ? (
                  <Typography color="text.secondary" sx={{ p: 2 }} role="status">
                    There are no snapshot mappings yet.
                  </Typography>
                ) : null}
                <MappingList mappings={items} selectedId={params.mapping} onSelect={(id) => update({ mapping: id, job: '' })} />
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <Card sx={{ p: 2 }}>
                {editing ? (
                  <MappingEditor
                    key={params.mapping}
                    mapping={selected}
                    onSaved={(m) => update({ mapping: m.id })}
                    onDeleted={() => update({ mapping: '' })}
                    onStarted={(job) => update({ job: job.id }, { keepPage: true })}
                  />
                ) : (
                  <Typography color="text.secondary">Choose a mapping or create a new one.</Typography>
                )}
              </Card>
            </Grid>
          </Grid>
        )}
      </QueryState>
    </Box>
  );
}
