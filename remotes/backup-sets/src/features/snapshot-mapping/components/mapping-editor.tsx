import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BACKUP_MESSAGES, BACKUP_NAME_MAX_LENGTH, BACKUP_PAGE_SIZE_MAX, mappingFormSchema, type Job, type MappingForm, type MappingValidation, type SnapshotMapping } from '@portal/contracts';
import { createMapping, deleteMapping, listBackupSets, listTenants, startMapping, updateMapping, validateMapping } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { errorMessageOf, useCallMutation, useCallQuery } from '@portal/data';
import { idMenuItems } from '@portal/ui/form';
import { ChangeAction, ConfirmDialog } from '@portal/ui/kit';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { notify } from '../../../lib/notify';
import { settled } from '../../../lib/settled';
import { emptyMapping, mappingDefaults, type MappingFormInput } from '../lib/mapping-form';
import { MappingPairs } from './mapping-pairs';

const tell = (message: string, color: 'success' | 'error') => notify(message, color, 5000);

interface MappingEditorProps {
  mapping: SnapshotMapping | null;
  onSaved: (mapping: SnapshotMapping) => void;
  onDeleted: () => void;
  onStarted: (job: Job) => void;
}

/** Edit a mapping; Validate and Start work on the saved version. */
export function MappingEditor({ mapping, onSaved, onDeleted, onStarted }: MappingEditorProps) {
  const sets = useCallQuery(backupEndpoints.listBackupSets, listBackupSets, [{ pageSize: BACKUP_PAGE_SIZE_MAX }]);
  const tenants = useCallQuery(backupEndpoints.listTenants, listTenants, []);
  const { control, handleSubmit, formState, setValue, reset } = useForm<MappingFormInput, unknown, MappingForm>({
    resolver: zodResolver(mappingFormSchema),
    mode: 'all',
    defaultValues: mapping ? mappingDefaults(mapping) : emptyMapping(),
  });
  const [sourceSetId, targetTenantId] = useWatch({ control, name: ['sourceSetId', 'targetTenantId'] });
  const [validation, setValidation] = useState<MappingValidation | null>(null);
  const [deleting, setDeleting] = useState(false);
  // One error line for the last action (save, validate or start); each action clears it when it starts.
  const [error, setError] = useState<string | null>(null);
  const failed = { onMutate: () => setError(null), onError: (e: Error) => setError(errorMessageOf(e)) };

  const saving = useCallMutation((values: MappingForm) => (mapping ? updateMapping(mapping.id, values) : createMapping(values)), {
    ...failed,
    invalidates: [backupEndpoints.listMappings],
    onSuccess: (saved) => {
      tell(BACKUP_MESSAGES.mappingSaved, 'success');
      setValidation(null);
      reset(mappingDefaults(saved));
      onSaved(saved);
    },
  });
  const save = (values: MappingForm) => settled(saving.mutateAsync(values));
  const validating = useCallMutation(() => validateMapping(mapping!.id), { ...failed, onSuccess: setValidation });
  const starting = useCallMutation(() => startMapping(mapping!.id), { ...failed, onSuccess: onStarted });
  const remove = useCallMutation(() => deleteMapping(mapping!.id), {
    invalidates: [backupEndpoints.listMappings],
    onSuccess: () => {
      tell(BACKUP_MESSAGES.mappingDeleted, 'success');
      onDeleted();
    },
    onError: (e) => tell(errorMessageOf(e), 'error'),
    onSettled: () => setDeleting(false),
  });
  const validate = () => validating.mutate();
  const start = () => starting.mutate();
  const busy = validating.isPending || starting.isPending;
  const dirty = formState.isDirty;

  return (
    <form onSubmit={handleSubmit(save)} noValidate aria-label="Snapshot mapping">
      <Stack spacing={2}>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField {...field} id="mapping-name" label="Name" required error={Boolean(fieldState.error)} helperText={fieldState.error?.message} slotProps={{ htmlInput: { maxLength: BACKUP_NAME_MAX_LENGTH + 1 } }} />
          )}
        />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Controller
            control={control}
            name="sourceSetId"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                id="mapping-source"
                label="Source backup set"
                required
                fullWidth
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                onChange={(e) => {
                  field.onChange(e.target.value);
                  // Pairs name objects of one set; another set starts empty.
                  setValue('pairs', [], { shouldDirty: true });
                }}
              >
                {idMenuItems(sets.data?.items ?? [], (s) => s.name)}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="targetTenantId"
            render={({ field, fieldState }) => (
              <TextField {...field} select id="mapping-target" label="Target tenant" required fullWidth error={Boolean(fieldState.error)} helperText={fieldState.error?.message}>
                {idMenuItems(tenants.data?.items ?? [], (t) => t.name)}
              </TextField>
            )}
          />
        </Stack>
        <Typography variant="subtitle1" component="h3">
          Users
        </Typography>
        <MappingPairs control={control} errors={formState.errors} sourceSetId={sourceSetId} targetTenantId={targetTenantId} />
        {error ? <Alert severity="error">{error}</Alert> : null}
        {validation ? (
          <Alert severity={validation.valid ? 'success' : 'error'} role="status">
            {validation.valid ? 'Every target user exists and can receive the restore.' : 'Some pairs cannot be restored:'}
            {validation.problems.length ? (
              <List dense>
                {validation.problems.map((p, i) => (
                  <ListItem key={i}>
                    <ListItemText primary={p.message} secondary={p.targetUserExternalId} />
                  </ListItem>
                ))}
              </List>
            ) : null}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          <ChangeAction>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              Save
            </Button>
          </ChangeAction>
          {/* Validation is a POST the API refuses a read-only user, like the changes around it. */}
          <ChangeAction>
            <Button onClick={validate} disabled={!mapping || dirty || busy}>
              Validate
            </Button>
          </ChangeAction>
          <ChangeAction>
            <Button onClick={start} disabled={!mapping || dirty || busy || validation?.valid === false} color="secondary" variant="outlined">
              Start restore
            </Button>
          </ChangeAction>
          {mapping ? (
            <ChangeAction>
              <Button color="error" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </ChangeAction>
          ) : null}
        </Stack>
        {dirty && mapping ? <Typography variant="caption">Save your changes before validating or starting.</Typography> : null}
      </Stack>
      {deleting && mapping ? (
        <ConfirmDialog
          open
          destructive
          title={`Delete ${mapping.name}?`}
          confirmLabel="Delete"
          onClose={() => setDeleting(false)}
          onConfirm={() => settled(remove.mutateAsync())}
        >
          Only the mapping is deleted; backups and restored data stay as they are.
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
