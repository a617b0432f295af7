import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { MAINTENANCE_MESSAGE_MAX, maintenanceFormSchema, type MaintenanceForm, type MaintenanceStatus } from '@portal/contracts';
import { getMaintenance, setMaintenance } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { callQuery, useCallMutation, useCallQuery, usePortalQueryClient } from '@portal/data';
import { formatDateTime } from '@portal/ui';
import { QueryState } from '@portal/ui/kit';
import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { alertError, alertSuccess } from '../../../lib/alerts';
import { settle } from '../../../lib/settle';

const toForm = (status: MaintenanceStatus): MaintenanceForm => ({ enabled: status.enabled, message: status.message ?? '' });

/**
 * Maintenance mode (ADMIN): while on, every user sees the message and only administrators can change
 * anything; scheduled backups wait. The message is plain text and is always rendered as text.
 */
export function MaintenanceCard() {
  const headingId = useId();
  const client = usePortalQueryClient();
  const maintenance = useCallQuery(adminEndpoints.getMaintenance, getMaintenance, []);
  const status = maintenance.data ?? null;
  const { control, handleSubmit, reset, formState } = useForm<MaintenanceForm>({
    mode: 'all',
    resolver: zodResolver(maintenanceFormSchema),
    defaultValues: { enabled: false, message: '' },
  });
  const message = useWatch({ control, name: 'message' }) ?? '';
  // The form starts from the stored state, and again after each save.
  useEffect(() => {
    if (status) reset(toForm(status));
  }, [status, reset]);

  // The answer is the new state: it replaces the cached one, without another load, and the form's values.
  const save = useCallMutation(setMaintenance, {
    onSuccess: (next) => {
      client.setQueryData(callQuery(adminEndpoints.getMaintenance, getMaintenance, []).queryKey, next);
      reset(toForm(next));
      alertSuccess(next.enabled ? 'Maintenance mode is on' : 'Maintenance mode is off');
    },
    onError: alertError,
  });
  const onSubmit = (values: MaintenanceForm) => settle(save.mutateAsync(values));

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between" flexWrap="wrap">
        <Typography id={headingId} variant="h5" component="h2">
          Maintenance mode
        </Typography>
        {status ? <Chip label={status.enabled ? 'On' : 'Off'} color={status.enabled ? 'warning' : 'default'} size="small" /> : null}
      </Stack>
      <QueryState query={maintenance} noun="maintenance mode">
        {(current) => (
          <>
            {current.enabled && current.since ? (
              <Alert severity="warning" sx={{ mt: 1 }}>
                On since {formatDateTime(current.since)}. Users see the message and only administrators can make changes.
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
                <Button onClick={() => reset(toForm(current))} disabled={!formState.isDirty}>
                  Discard changes
                </Button>
              </Stack>
            </Stack>
          </>
        )}
      </QueryState>
    </Paper>
  );
}
