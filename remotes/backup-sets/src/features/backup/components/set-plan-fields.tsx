import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BACKUP_SERVICE_LABELS, SCHEDULE_FREQUENCIES, SERVICES_BY_SET_TYPE, type BackupService, type BackupSetType } from '@portal/contracts';
import { menuItems } from '@portal/ui/form';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { WEEK_DAYS } from '../lib/set-labels';
import type { SetFormInput } from '../lib/set-form';

const FREQUENCY_LABELS: Record<(typeof SCHEDULE_FREQUENCIES)[number], string> = { manual: 'Manual only', hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly' };

export function ServicesField({ control, type, errors }: { control: Control<SetFormInput>; type: BackupSetType; errors: FieldErrors<SetFormInput> }) {
  const message = errors.services?.message ?? (Array.isArray(errors.services) ? errors.services.find(Boolean)?.message : undefined);
  return (
    <Controller
      control={control}
      name="services"
      render={({ field }) => (
        <FormControl component="fieldset" error={Boolean(message)}>
          <FormLabel component="legend">Services to back up</FormLabel>
          <FormGroup>
            {SERVICES_BY_SET_TYPE[type].map((service: BackupService) => (
              <FormControlLabel
                key={service}
                label={BACKUP_SERVICE_LABELS[service]}
                control={
                  <Checkbox
                    checked={field.value.includes(service)}
                    onChange={(e) => field.onChange(e.target.checked ? [...field.value, service] : field.value.filter((s) => s !== service))}
                    onBlur={field.onBlur}
                  />
                }
              />
            ))}
          </FormGroup>
          {message ? <FormHelperText>{message}</FormHelperText> : null}
        </FormControl>
      )}
    />
  );
}

export function ScheduleFields({ control, errors, frequency }: { control: Control<SetFormInput>; errors: FieldErrors<SetFormInput>; frequency: string }) {
  return (
    <Stack spacing={2}>
      <Controller
        control={control}
        name="schedule.frequency"
        render={({ field }) => (
          <TextField {...field} select label="Frequency" id="set-frequency">
            {menuItems(SCHEDULE_FREQUENCIES, FREQUENCY_LABELS)}
          </TextField>
        )}
      />
      {frequency !== 'manual' ? (
        <Controller
          control={control}
          name="schedule.time"
          render={({ field }) => (
            <TextField
              {...field}
              value={field.value ?? ''}
              label={frequency === 'hourly' ? 'Minute past the hour (HH:MM, UTC)' : 'Time of day (HH:MM, UTC)'}
              id="set-time"
              error={Boolean(errors.schedule?.time)}
              helperText={errors.schedule?.time?.message}
            />
          )}
        />
      ) : null}
      {frequency === 'weekly' ? (
        <Controller
          control={control}
          name="schedule.dayOfWeek"
          render={({ field }) => (
            <TextField {...field} select label="Day of week" id="set-day" onChange={(e) => field.onChange(Number(e.target.value))}>
              {WEEK_DAYS.map((d, i) => (
                <MenuItem key={d} value={i}>
                  {d}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      ) : null}
      <Controller
        control={control}
        name="retention.days"
        render={({ field }) => (
          <TextField
            {...field}
            type="number"
            label="Keep snapshots for (days)"
            id="set-retention"
            value={Number.isNaN(field.value) ? '' : field.value}
            onChange={(e) => field.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
            error={Boolean(errors.retention?.days)}
            helperText={errors.retention?.days?.message ?? 'The newest snapshot of every object is always kept.'}
          />
        )}
      />
    </Stack>
  );
}
