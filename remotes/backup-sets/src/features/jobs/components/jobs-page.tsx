import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BACKUP_PAGE_SIZE_DEFAULT, FINISHED_JOB_STATUSES, JOB_STATUS_LABELS, JOB_STATUSES, type Job, type JobListParams, type JobPage } from '@portal/contracts';
import { getJob, listJobs } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { keepPreviousData, useCallQuery } from '@portal/data';
import { countLabel, PageHeader } from '@portal/ui';
import { menuItems } from '@portal/ui/form';
import { ListFilters, listPageQuery, PagedList, useUrlListState } from '@portal/ui/kit';
import { pollWhile } from '../../../lib/poll';
import { useJobActions } from '../hooks/use-job-actions';
import { JobLogDialog } from './job-log-dialog';
import { JobsTable } from './jobs-table';

const SORTS = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: '-finishedAt', label: 'Finished, newest' },
  { value: 'status', label: 'Status' },
];
const DEFAULTS = { q: '', type: '', status: '', setId: '', sort: '-createdAt', page: '1', pageSize: String(BACKUP_PAGE_SIZE_DEFAULT), job: '' };
/** Fast while something runs, slow otherwise (new jobs still show up without a reload). */
export const JOBS_POLL_ACTIVE_MS = 2000;
export const JOBS_POLL_IDLE_MS = 10000;
const active = (job: Job) => !FINISHED_JOB_STATUSES.includes(job.status);

/** /jobs: every backup and restore job, live. */
export function JobsPage() {
  const [params, update] = useUrlListState(DEFAULTS);
  const query: JobListParams = {
    ...listPageQuery(params),
    type: (params.type || undefined) as JobListParams['type'],
    status: params.status || undefined,
    setId: params.setId || undefined,
    sort: params.sort as JobListParams['sort'],
  };
  const jobs = useCallQuery(backupEndpoints.listJobs, listJobs, [query], {
    placeholderData: keepPreviousData,
    ...pollWhile((page: JobPage) => page.items.some(active), JOBS_POLL_ACTIVE_MS, JOBS_POLL_IDLE_MS),
  });
  const openJob = useCallQuery(backupEndpoints.getJob, getJob, [params.job], { enabled: Boolean(params.job), ...pollWhile(active, 2000) });
  const actions = useJobActions(() => void jobs.refetch());
  const filtered = Boolean(params.q || params.type || params.status || params.setId);

  return (
    <Box component="section">
      <PageHeader title="Jobs" subtitle="Backup and restore jobs with live progress. Open a job's log, cancel a running job or retry a failed one." />
      <Card sx={{ p: 2 }}>
        <ListFilters idPrefix="jobs" q={params.q} sort={params.sort} sortOptions={SORTS} onChange={update} searchLabel="Search jobs">
          <TextField id="jobs-type" select size="small" label="Type" value={params.type} onChange={(e) => update({ type: e.target.value })} sx={{ minWidth: 140 }}>
            <MenuItem value="">All types</MenuItem>
            <MenuItem value="backup">Backup</MenuItem>
            <MenuItem value="restore">Restore</MenuItem>
          </TextField>
          <TextField id="jobs-status" select size="small" label="Status" value={params.status} onChange={(e) => update({ status: e.target.value })} sx={{ minWidth: 200 }}>
            <MenuItem value="">All statuses</MenuItem>
            {menuItems(JOB_STATUSES, JOB_STATUS_LABELS)}
          </TextField>
        </ListFilters>
        <PagedList
          query={jobs}
          noun="jobs"
          empty={filtered ? 'No jobs match these filters.' : 'There are no jobs yet. Run a backup to start one.'}
          count={(page) => `${countLabel(page.total, 'job')}${page.items.some(active) ? ` · ${page.items.filter(active).length} running or queued` : ''}`}
          onPage={update}
        >
          {(page) => (
            <JobsTable
              jobs={page.items}
              onLog={(job) => update({ job: job.id }, { keepPage: true })}
              onCancel={actions.cancel}
              onRetry={actions.retry}
              onDownload={actions.download}
            />
          )}
        </PagedList>
      </Card>
      {params.job && openJob.data ? <JobLogDialog job={openJob.data} onClose={() => update({ job: '' }, { keepPage: true })} /> : null}
    </Box>
  );
}
