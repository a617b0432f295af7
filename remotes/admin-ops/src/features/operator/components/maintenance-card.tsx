import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Chip, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { MAINTENANCE_MESSAGE_MAX, maintenanceFormSchema, type MaintenanceForm, type MaintenanceStatus } from '@portal/contracts';
import { getMaintenance, setMaintenance } from '@portal/contracts/calls';
import { showAlert } from '@portal/ui';
import { useCallback, useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { ListState } from '../../../components/list-state';
import { errorOf } from '../../../lib/api-result';

const toForm = (status: MaintenanceStatus): MaintenanceForm => ({ enabled: status.enabled, message: status.message ?? '' });

/**
 * Maintenance mode (ADMIN): while on, every user sees the message and only administrators can change
 * anything; scheduled backups wait. The message is plain text and is always rendered as text.
 */
export function MaintenanceCard() {
  const headingId = useId();
  const [status, setStatus] = useState<MaintenanceStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, reset, formState } = useForm<MaintenanceForm>({
    mode: 'all',
    resolver: zodResolver(maintenanceFormSchema),
    defaultValues: { enabled: false, message: '' },
  });
  const message = useWatch({ control, name: 'message' }) ?? '';

  const load = useCallback(async () => {
    setError(null);
    try {
      const result = await getMaintenance();
      const failure = errorOf(result);
      if (failure) return setError(failure);
      setStatus(result as MaintenanceStatus);
      reset(toForm(result as MaintenanceStatus));
    } catch {
      setError('Maintenance mode could not be loaded.');
    }
  }, [reset]);

  useEffect(() => {
    void load();
  }, [load]);

  const onSubmit = async (values: MaintenanceForm) => {
    const result = await setMaintenance(values);
    const failure = errorOf(result);
    if (failure) {
      showAlert({ message: failure, type: 'error' });
      return;
    }
    const next = result as MaintenanceStatus;
    setStatus(next);
    reset(toForm(next));
    showAlert({ message: next.enabled ? 'Maintenance mode is on' : 'Maintenance mode is off', type: 'success' });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between" flexWrap="wrap">
        <Typography id={headingId} variant="h5" component="h2">
          Maintenance mode
        </Typography>
        {status ? <Chip label={status.enabled ? 'On' : 'Off'} color={status.enabled ? 'warning' : 'default'} size="small" /> : null}
      </Stack>
      <ListState error={error} onRetry={() => void load()} loaded={status !== null} empty={false} loadingText="Loading maintenance mode…" emptyText="">
        {status?.enabled && status.since ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            On since {new Date(status.since).toLocaleString('en-GB')}. Users see the message and only administrators can make changes.
          </Alert>
        ) : null}
        <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ mt: 1 }}>
          <Typography color="text.secondary">
            While on, every user sees the message in a banner (also on the sign-in page), changes by anyone but administrators are refused with it, and scheduled backups do not start.
          </Typography>
          <Controller
            name="enabled"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                sx={{ mt: 1 }}
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} inputRef={field.ref} />}
                label="Maintenance mode on"
              />
            )}
          />
          <FormTextField
            control={control}
            name="message"
            id="maintenance-message"
            label="Message to users"
            multiline
            minRows={2}
            helperText={`${message.length}/${MAINTENANCE_MESSAGE_MAX} characters, plain text`}
            slotProps={{ htmlInput: { maxLength: MAINTENANCE_MESSAGE_MAX + 50 } }}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting || !formState.isDirty}>
              Save
            </Button>
            <Button onClick={() => status && reset(toForm(status))} disabled={!formState.isDirty}>
              Discard changes
            </Button>
          </Stack>
        </Stack>
      </ListState>
    </Paper>
  );
}
