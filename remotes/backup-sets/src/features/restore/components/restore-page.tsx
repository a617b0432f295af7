import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { BackupService, BackupSet, RestoreDestination, RestoreSelection } from '@portal/contracts';
import { createRestore, getBackupSet, getProtectedObject, listTenants } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { useCallMutation, useCallQuery } from '@portal/data';
import { PageHeader } from '@portal/ui';
import { ChangeAction, useUrlListState } from '@portal/ui/kit';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { JobWatchPanel } from '../../../components/job-watch-panel';
import { objectsPath } from '../../../lib/objects-path';
import { settled } from '../../../lib/settled';
import { DESTINATION_DEFAULTS, destinationFormSchema, type DestinationForm, type DestinationFormInput } from '../../../lib/destination-form';
import { DestinationFields } from '../../../components/destination-fields';
import { ChangeError } from '../../../components/change-error';
import { itemSearchFor, SelectionStep, type SelectionMode } from './selection-step';
import { ObjectPicker, SetPicker, SnapshotPicker } from './source-pickers';

const DEFAULTS = { setId: '', objectId: '', snapshotId: '', folder: '', job: '' };

function selectionOf(mode: SelectionMode, snapshotId: string, services: BackupService[], all: BackupService[], folders: string[]): RestoreSelection {
  if (mode === 'folders') return { kind: 'folders', snapshotId, folders };
  return { kind: 'snapshot', snapshotId, services: services.length === all.length ? undefined : services };
}

/** /restore: pick set, object, snapshot and what of it, then the destination; shows the job live. */
export function RestorePage() {
  const [params, update] = useUrlListState(DEFAULTS);
  const set = useCallQuery(backupEndpoints.getBackupSet, getBackupSet, [params.setId], { enabled: Boolean(params.setId) });
  const object = useCallQuery(backupEndpoints.getProtectedObject, getProtectedObject, [params.setId, params.objectId], { enabled: Boolean(params.setId && params.objectId) });
  const tenants = useCallQuery(backupEndpoints.listTenants, listTenants, []);
  const [mode, setMode] = useState<SelectionMode>(params.folder ? 'folders' : 'snapshot');
  const [folders, setFolders] = useState<string[]>(params.folder ? [params.folder] : []);
  const objectServices = object.data?.services.map((s) => s.service) ?? [];
  const [services, setServices] = useState<BackupService[] | null>(null);
  const chosenServices = services ?? objectServices;
  const { control, handleSubmit, setValue, formState } = useForm<DestinationFormInput, unknown, DestinationForm>({ resolver: zodResolver(destinationFormSchema), mode: 'all', defaultValues: DESTINATION_DEFAULTS });

  const step = !params.setId ? 0 : !params.objectId ? 1 : !params.snapshotId ? 2 : 3;
  const selectionReady = mode === 'folders' ? folders.length > 0 : chosenServices.length > 0;
  const restore = useCallMutation(
    (destination: RestoreDestination) => createRestore({ setId: params.setId, selection: selectionOf(mode, params.snapshotId, chosenServices, objectServices, folders), destination }),
    { onSuccess: (job) => update({ job: job.id }) },
  );
  const start = ({ destination }: DestinationForm) => settled(restore.mutateAsync(destination));
  const currentSet: BackupSet | null = set.data && set.data.id === params.setId ? set.data : null;

  return (
    <Box component="section">
      <PageHeader title="Restore" subtitle="Bring back a whole mailbox, drive or site, some folders or single items — to where they were, to another user, or as a ZIP." />
      {params.job ? (
        <Card sx={{ p: 2, mb: 2 }}>
          <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
            <Typography variant="h6" component="h2">
              Restore job
            </Typography>
            <Button onClick={() => update({ job: '', setId: '', objectId: '', snapshotId: '', folder: '' })}>New restore</Button>
          </Stack>
          <JobWatchPanel jobId={params.job} />
        </Card>
      ) : null}
      {!params.job ? (
        <Card sx={{ p: 2 }}>
          <Stepper activeStep={step} orientation="vertical">
            <Step expanded>
              <StepLabel>Backup set</StepLabel>
              <StepContent>
                <SetPicker value={params.setId} onChange={(setId) => update({ setId, objectId: '', snapshotId: '', folder: '' })} />
                {currentSet ? (
                  <Button component={RouterLink} to={objectsPath(currentSet, 'restore')} size="small" sx={{ mt: 1 }}>
                    Browse what {currentSet.name} protects
                  </Button>
                ) : null}
              </StepContent>
            </Step>
            <Step expanded={step >= 1}>
              <StepLabel>User, site or team</StepLabel>
              <StepContent>{params.setId ? <ObjectPicker key={params.setId} setId={params.setId} value={params.objectId} onChange={(objectId) => update({ objectId, snapshotId: '', folder: '' })} /> : null}</StepContent>
            </Step>
            <Step expanded={step >= 2}>
              <StepLabel>Snapshot</StepLabel>
              <StepContent>
                {params.objectId ? <SnapshotPicker key={params.objectId} setId={params.setId} objectId={params.objectId} value={params.snapshotId} onChange={(snapshotId) => update({ snapshotId, folder: '' })} /> : null}
              </StepContent>
            </Step>
            <Step expanded={step >= 3}>
              <StepLabel>What to restore</StepLabel>
              <StepContent>
                {params.snapshotId ? (
                  <SelectionStep
                    key={params.snapshotId}
                    mode={mode}
                    onMode={setMode}
                    snapshotId={params.snapshotId}
                    services={objectServices}
                    chosenServices={chosenServices}
                    onServices={setServices}
                    folders={folders}
                    onFolders={setFolders}
                    itemSearchPath={itemSearchFor(currentSet?.type ?? 'm365', params.objectId, params.setId, params.snapshotId)}
                  />
                ) : null}
              </StepContent>
            </Step>
            <Step expanded={step >= 3}>
              <StepLabel>Destination</StepLabel>
              <StepContent>
                {params.snapshotId ? (
                  <form onSubmit={handleSubmit(start)} noValidate aria-label="Restore destination">
                    <DestinationFields control={control} setValue={setValue} tenants={tenants.data?.items ?? []} defaultTenantId={currentSet?.tenantId ?? ''} />
                    <ChangeError error={restore.error} />
                    <ChangeAction>
                      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={!selectionReady || formState.isSubmitting}>
                        Start restore
                      </Button>
                    </ChangeAction>
                  </form>
                ) : null}
              </StepContent>
            </Step>
          </Stepper>
        </Card>
      ) : null}
    </Box>
  );
}
