import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ACCOUNT_SETTINGS_MESSAGES, notificationSettingsSchema, type NotificationSettings } from '@portal/contracts';
import { getNotificationSettings, updateNotificationSettings } from '@portal/contracts/calls';
import { accountEndpoints } from '@portal/contracts/endpoints/account';
import { errorMessageOf, useCallMutation } from '@portal/data';
import { PageHeader, showAlert } from '@portal/ui';
import { FormTextField } from '@portal/ui/form';
import { Controller, useForm } from 'react-hook-form';
import { PageQueryState } from '../../../components/page-query-state';
import { useUserQuery } from '../../../lib/use-user-query';

type Flag = Exclude<keyof NotificationSettings, 'alertSeverity'>;

const FLAGS: ReadonlyArray<{ name: Flag; label: string; help: string }> = [
  { name: 'jobFailures', label: 'Job failures', help: 'A backup or restore job failed.' },
  { name: 'jobWarnings', label: 'Job warnings', help: 'A job finished with warnings (skipped items, retries).' },
  { name: 'dailySummary', label: 'Daily summary', help: 'One e-mail a day with the state of every backup.' },
  { name: 'supportTickets', label: 'Support tickets', help: 'New tickets and replies in conversations you take part in.' },
  { name: 'usageReports', label: 'Monthly usage reports', help: "On the first of each month, the previous month's usage of each customer you serve." },
  { name: 'productNews', label: 'Product news', help: 'New features and planned maintenance.' },
];

const SEVERITIES = [
  { value: 'off', label: 'No alert e-mails' },
  { value: 'critical', label: 'Critical only' },
  { value: 'warning', label: 'Warning and critical' },
  { value: 'info', label: 'All alerts (info, warning, critical)' },
];

function NotificationForm({ userId, initial }: { userId: string; initial: NotificationSettings }) {
  const { control, handleSubmit, formState, reset } = useForm<NotificationSettings>({
    resolver: zodResolver(notificationSettingsSchema),
    mode: 'all',
    values: initial,
  });

  const save = useCallMutation((values: NotificationSettings) => updateNotificationSettings(userId, values), {
    onSuccess: (saved) => {
      reset(saved);
      showAlert({ message: ACCOUNT_SETTINGS_MESSAGES.notificationsSaved, type: 'success' });
    },
    onError: (error) => showAlert({ message: errorMessageOf(error), type: 'error' }),
  });
  const onSubmit = (values: NotificationSettings) => save.mutateAsync(values).catch(() => undefined);

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Notification settings" spacing={3}>
      <FormGroup aria-label="E-mail me about">
        {FLAGS.map(({ name, label, help }) => (
          <Controller
            key={name}
            name={name}
            control={control}
            render={({ field: { ref, value, onChange, ...field } }) => (
              <FormControlLabel
                sx={{ alignItems: 'flex-start', my: 0.5 }}
                control={<Switch {...field} inputRef={ref} checked={value} onChange={(_e, checked) => onChange(checked)} sx={{ mt: -0.5 }} />}
                label={
                  <Stack>
                    <Typography>{label}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {help}
                    </Typography>
                  </Stack>
                }
              />
            )}
          />
        ))}
      </FormGroup>
      <FormTextField
        control={control}
        name="alertSeverity"
        id="notification-alertSeverity"
        select
        label="Alerts by severity"
        fullWidth={false}
        sx={{ maxWidth: 360 }}
        helperText="Alerts at this severity or above are e-mailed."
      >
        {SEVERITIES.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </FormTextField>
      <Alert severity="info" variant="outlined">
        Security notices (sign-in codes, password and multi-factor changes) are always sent.
      </Alert>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => reset(initial)} disabled={!formState.isDirty || formState.isSubmitting}>
          Discard changes
        </Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          Save settings
        </Button>
      </Stack>
    </Stack>
  );
}

/** /notification (every role): which e-mails this user receives, stored on the server. */
export function NotificationPage() {
  const { userId, query: settings } = useUserQuery(accountEndpoints.getNotificationSettings, getNotificationSettings);

  return (
    <Box>
      <PageHeader title="Notification" />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            E-mail notifications
          </Typography>
          <PageQueryState query={settings} noun="notification settings" failed={(message) => `Notification settings could not be loaded: ${message}`}>
            {(initial) => <NotificationForm userId={userId} initial={initial} />}
          </PageQueryState>
        </CardContent>
      </Card>
    </Box>
  );
}
