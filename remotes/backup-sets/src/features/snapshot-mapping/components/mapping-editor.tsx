import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  BACKUP_MESSAGES,
  BACKUP_NAME_MAX_LENGTH,
  BACKUP_PAGE_SIZE_MAX,
  mappingFormSchema,
  type BackupSetPage,
  type Job,
  type MappingForm,
  type MappingValidation,
  type SnapshotMapping,
  type TenantList,
} from '@portal/contracts';
import { createMapping, deleteMapping, listBackupSets, listTenants, startMapping, updateMapping, validateMapping } from '@portal/contracts/calls';
import { ChangeAction, openSnackbar } from '@portal/ui';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { unwrap } from '../../../lib/api-result';
import { errorText } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';
import { emptyMapping, mappingDefaults, type MappingFormInput } from '../lib/mapping-form';
import { MappingPairs } from './mapping-pairs';

const tell = (message: string, color: 'success' | 'error') => openSnackbar({ message, variant: 'alert', alert: { color, variant: 'filled' }, autoHideDuration: 5000 });

interface MappingEditorProps {
  mapping: SnapshotMapping | null;
  onSaved: (mapping: SnapshotMapping) => void;
  onDeleted: () => void;
  onStarted: (job: Job) => void;
}

/** Edit a mapping; Validate and Start work on the saved version. */
export function MappingEditor({ mapping, onSaved, onDeleted, onStarted }: MappingEditorProps) {
  const sets = useLoad<BackupSetPage, null>(() => listBackupSets({ pageSize: BACKUP_PAGE_SIZE_MAX }), null);
  const tenants = useLoad<TenantList, null>(listTenants, null);
  const { control, handleSubmit, formState, setValue, reset } = useForm<MappingFormInput, unknown, MappingForm>({
    resolver: zodResolver(mappingFormSchema),
    mode: 'all',
    defaultValues: mapping ? mappingDefaults(mapping) : emptyMapping(),
  });
  const [sourceSetId, targetTenantId] = useWatch({ control, name: ['sourceSetId', 'targetTenantId'] });
  const [validation, setValidation] = useState<MappingValidation | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (values: MappingForm) => {
    setError(null);
    try {
      const saved = await unwrap(mapping ? updateMapping(mapping.id, values) : createMapping(values));
      tell(BACKUP_MESSAGES.mappingSaved, 'success');
      setValidation(null);
      reset(mappingDefaults(saved));
      onSaved(saved);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const validate = () => run(async () => setValidation(await unwrap(validateMapping(mapping!.id))));
  const start = () => run(async () => onStarted(await unwrap(startMapping(mapping!.id))));
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
                {(sets.data?.items ?? []).map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="targetTenantId"
            render={({ field, fieldState }) => (
              <TextField {...field} select id="mapping-target" label="Target tenant" required fullWidth error={Boolean(fieldState.error)} helperText={fieldState.error?.message}>
                {(tenants.data?.items ?? []).map((t) => (
                  <MenuItem key={t.id} value={t.id}>
                    {t.name}
                  </MenuItem>
                ))}
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
          onConfirm={async () => {
            try {
              await unwrap(deleteMapping(mapping.id));
              tell(BACKUP_MESSAGES.mappingDeleted, 'success');
              onDeleted();
            } catch (e) {
              tell(errorText(e), 'error');
            }
            setDeleting(false);
          }}
        >
          Only the mapping is deleted; backups and restored data stay as they are.
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
