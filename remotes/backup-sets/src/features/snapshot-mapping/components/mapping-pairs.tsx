import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BACKUP_PAGE_SIZE_MAX } from '@portal/contracts';
import { listProtectedObjects } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { errorMessageOf, useCallQuery } from '@portal/data';
import { idMenuItems } from '@portal/ui/form';
import { Controller, useFieldArray, type Control, type FieldErrors } from 'react-hook-form';
import { UserPicker } from '../../../components/user-picker';
import type { MappingFormInput } from '../lib/mapping-form';

interface MappingPairsProps {
  control: Control<MappingFormInput>;
  errors: FieldErrors<MappingFormInput>;
  sourceSetId: string;
  targetTenantId: string;
}

/** Source user of the set -> target user of the target tenant, one row per user. */
export function MappingPairs({ control, errors, sourceSetId, targetTenantId }: MappingPairsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'pairs' });
  const users = useCallQuery(backupEndpoints.listProtectedObjects, listProtectedObjects, [sourceSetId, { kind: 'user', pageSize: BACKUP_PAGE_SIZE_MAX }], { enabled: Boolean(sourceSetId) });
  const sources = users.data?.items ?? [];
  const pairsMessage = (errors.pairs as { message?: string; root?: { message?: string } } | undefined)?.message ?? (errors.pairs as { root?: { message?: string } } | undefined)?.root?.message;
  const pairsAlert = pairsMessage ? (
    <Alert severity="error" role="alert">
      {pairsMessage}
    </Alert>
  ) : null;
  if (!sourceSetId || !targetTenantId)
    return (
      <Stack spacing={1}>
        <Typography color="text.secondary">Choose the source set and the target tenant first.</Typography>
        {pairsAlert}
      </Stack>
    );
  return (
    <Stack spacing={1}>
      {users.isError ? <Alert severity="error">The users of the set could not be loaded: {errorMessageOf(users.error)}</Alert> : null}
      {fields.map((field, index) => (
        <Stack key={field.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start" role="group" aria-label={`Pair ${index + 1}`}>
          <Controller
            control={control}
            name={`pairs.${index}.sourceObjectId`}
            render={({ field: f, fieldState }) => (
              <TextField {...f} select size="small" label="Source user" id={`pair-${index}-source`} sx={{ minWidth: 240 }} error={Boolean(fieldState.error)} helperText={fieldState.error?.message}>
                {idMenuItems(sources, (o) => o.displayName)}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name={`pairs.${index}.targetUserExternalId`}
            render={({ field: f, fieldState }) => (
              <Stack sx={{ minWidth: 280, flex: 1 }}>
                <Controller
                  control={control}
                  name={`pairs.${index}.targetDisplayName`}
                  render={({ field: nameField }) => (
                    <UserPicker
                      id={`pair-${index}-target`}
                      label="Target user"
                      tenantId={targetTenantId}
                      value={f.value}
                      onChange={(externalId, displayName) => {
                        f.onChange(externalId);
                        nameField.onChange(displayName);
                      }}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              </Stack>
            )}
          />
          <IconButton aria-label={`Remove pair ${index + 1}`} onClick={() => remove(index)}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      {pairsAlert}
      <Stack direction="row" spacing={1}>
        <Button onClick={() => append({ sourceObjectId: '', targetUserExternalId: '', targetDisplayName: '' })}>Add user</Button>
      </Stack>
    </Stack>
  );
}
