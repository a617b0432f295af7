import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import type { TreeNode } from '@portal/contracts';
import { getBackupSet, getProtectedObject, listSnapshots } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { useCallQuery } from '@portal/data';
import { PageHeader } from '@portal/ui';
import { ChangeAction, QueryState, useUrlListState } from '@portal/ui/kit';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageTrail } from '../../../components/page-trail';
import { restoreLink } from '../lib/restore-link';
import { FolderItems } from './folder-items';
import { FolderTree } from '../../../components/folder-tree';
import { SnapshotTimeline } from './snapshot-timeline';

const DEFAULTS = { snapshot: '', folder: '', folderName: '', page: '1' };

/** /view-snapshots/{backupSetType}/{backupSetUserId}/{backupSetId}: timeline, and the tree as it was then. */
export function ViewSnapshotsPage() {
  const { backupSetType = '', backupSetUserId = '', backupSetId = '' } = useParams();
  const [params, update] = useUrlListState(DEFAULTS);
  const snapshots = useCallQuery(backupEndpoints.listSnapshots, listSnapshots, [backupSetId, backupSetUserId]);
  const object = useCallQuery(backupEndpoints.getProtectedObject, getProtectedObject, [backupSetId, backupSetUserId]);
  const set = useCallQuery(backupEndpoints.getBackupSet, getBackupSet, [backupSetId], { enabled: Boolean(backupSetId) });
  const items = snapshots.data?.items ?? [];
  // Without a choice in the URL the newest snapshot is shown.
  const current = items.find((s) => s.id === params.snapshot) ?? items[0];
  const name = object.data?.displayName ?? 'Object';
  const objectsPath = paths.viewUsers.build({ backupSetType, backupSetId, from: 'backup' });
  const selectFolder = (node: TreeNode) => update({ folder: node.key, folderName: node.path || node.name });

  return (
    <Box component="section">
      <PageTrail steps={[{ label: 'Backup', to: paths.backup }, { label: set.data?.name ?? 'Backup set', to: objectsPath }, { label: name }, { label: 'Snapshots' }]} />
      <PageHeader
        title={`Snapshots of ${name}`}
        subtitle="Each run keeps a point in time. Choose one to browse the folders as they were then."
        actions={
          current ? (
            <>
              <Button component={RouterLink} to={`${paths.itemSearch.build({ backupSetType, backupSetUserId, backupSetId })}?snapshotId=${current.id}`}>
                Search this snapshot
              </Button>
              <ChangeAction>
                <Button variant="contained" component={RouterLink} to={restoreLink({ setId: backupSetId, objectId: backupSetUserId, snapshotId: current.id, folder: params.folder })}>
                  {params.folder ? 'Restore this folder' : 'Restore this snapshot'}
                </Button>
              </ChangeAction>
            </>
          ) : undefined
        }
      />
      <QueryState query={snapshots} noun="snapshots" isEmpty={(l) => l.items.length === 0} empty="There are no snapshots yet. Run a backup of this set first.">
        {(list) => (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <Card sx={{ p: 2 }}>
                <Typography variant="h6" component="h2" gutterBottom>
                  Timeline
                </Typography>
                <SnapshotTimeline snapshots={list.items} selectedId={current?.id ?? ''} onSelect={(id) => update({ snapshot: id, folder: '', folderName: '' })} />
              </Card>
            </Grid>
            {current ? (
              <Grid size={{ xs: 12, md: 8 }}>
                <Stack spacing={2}>
                  <Card sx={{ p: 2 }}>
                    <Typography variant="h6" component="h2" gutterBottom>
                      Folders in run {current.runSeq}
                    </Typography>
                    <FolderTree key={current.id} snapshotId={current.id} selected={params.folder} onSelect={selectFolder} />
                  </Card>
                  {params.folder ? (
                    <Card sx={{ p: 2 }} aria-live="polite">
                      <Typography variant="h6" component="h2" gutterBottom>
                        {params.folderName || 'Folder'}
                      </Typography>
                      <FolderItems key={params.folder} setId={backupSetId} objectId={backupSetUserId} snapshotId={current.id} folder={params.folder} page={Number(params.page) || 1} onPage={update} />
                    </Card>
                  ) : null}
                </Stack>
              </Grid>
            ) : null}
          </Grid>
        )}
      </QueryState>
    </Box>
  );
}
