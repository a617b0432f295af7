import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BACKUP_MESSAGES, connectTenantFormSchema, GRAPH_BASE_URL_DEFAULT, type ConnectionTestResult, type ConnectTenantForm, type Tenant } from '@portal/contracts';
import { connectTenant, testTenantCredentials } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { errorMessageOf, useCallMutation } from '@portal/data';
import { PasswordField } from '@portal/ui/form';
import { FormDialogActions } from '@portal/ui/kit';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notify } from '../../../lib/notify';
import { settled } from '../../../lib/settled';
import { ChangeError } from '../../../components/change-error';
import { SecretExpiryField } from './secret-expiry-field';

type FormInput = z.input<typeof connectTenantFormSchema>;
const DEFAULTS: FormInput = { name: '', tenantId: '', clientId: '', clientSecret: '', graphBaseUrl: GRAPH_BASE_URL_DEFAULT, authorityUrl: '', secretExpiresAt: '' };
const FIELDS: ReadonlyArray<{ name: Exclude<keyof FormInput, 'clientSecret' | 'secretExpiresAt'>; label: string; required: boolean; helper?: string }> = [
  { name: 'name', label: 'Display name', required: true },
  { name: 'tenantId', label: 'Tenant ID', required: true, helper: 'Directory (tenant) ID of the Entra ID app registration' },
  { name: 'clientId', label: 'Client ID', required: true, helper: 'Application (client) ID' },
  { name: 'graphBaseUrl', label: 'Graph base URL', required: true },
  { name: 'authorityUrl', label: 'Authority URL (optional)', required: false, helper: 'Token endpoint base; leave empty for login.microsoftonline.com' },
];

/** Connect an M365 tenant with app credentials; Test connection checks them before anything is stored. */
export function ConnectTenantDialog({ onClose, onConnected }: { onClose: () => void; onConnected: (tenant: Tenant) => void }) {
  const titleId = useId();
  const [test, setTest] = useState<ConnectionTestResult | null>(null);
  const { control, handleSubmit, formState, trigger, getValues } = useForm<FormInput, unknown, ConnectTenantForm>({
    resolver: zodResolver(connectTenantFormSchema),
    mode: 'all',
    defaultValues: DEFAULTS,
  });

  // The test stores nothing: its answer (or why it could not run) is shown next to the form.
  const check = useCallMutation(async () => testTenantCredentials(connectTenantFormSchema.parse(getValues())), {
    onMutate: () => setTest(null),
    onSuccess: setTest,
    onError: (error) => setTest({ ok: false, failureReason: errorMessageOf(error) }),
  });
  const runTest = async () => {
    if (await trigger()) check.mutate();
  };
  const connect = useCallMutation((values: ConnectTenantForm) => connectTenant(values), {
    invalidates: [backupEndpoints.listTenants],
    onSuccess: (tenant) => {
      notify(BACKUP_MESSAGES.tenantConnected, 'success');
      onConnected(tenant);
    },
  });
  const onSubmit = (values: ConnectTenantForm) => settled(connect.mutateAsync(values));

  return (
    <Dialog open onClose={formState.isSubmitting ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Connect a Microsoft 365 tenant</DialogTitle>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Register an app in Entra ID with read and write Graph application permissions and enter its credentials. The secret is stored encrypted and never shown again.
          </DialogContentText>
          <Stack spacing={2}>
            {FIELDS.map((f) => (
              <Controller
                key={f.name}
                control={control}
                name={f.name}
                render={({ field, fieldState }) => (
                  <TextField {...field} value={field.value ?? ''} id={`tenant-${f.name}`} label={f.label} required={f.required} error={Boolean(fieldState.error)} helperText={fieldState.error?.message ?? f.helper} />
                )}
              />
            ))}
            <Controller
              control={control}
              name="clientSecret"
              render={({ field, fieldState }) => (
                <PasswordField {...field} id="tenant-clientSecret" label="Client secret" required error={Boolean(fieldState.error)} helperText={fieldState.error?.message} autoComplete="off" />
              )}
            />
            <Controller
              control={control}
              name="secretExpiresAt"
              render={({ field, fieldState }) => <SecretExpiryField field={field} error={fieldState.error?.message} />}
            />
          </Stack>
          <div aria-live="polite">
            {test?.ok === true ? (
              <Alert severity="success" sx={{ mt: 2 }}>
                Connection works: {test.organizationName}
              </Alert>
            ) : null}
            {test?.ok === false ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                Connection failed: {test.failureReason}
              </Alert>
            ) : null}
          </div>
          <ChangeError error={connect.error} />
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          submitting={formState.isSubmitting}
          disableCancelWhileSubmitting
          extra={
            <Button onClick={runTest} disabled={check.isPending || formState.isSubmitting}>
              {check.isPending ? 'Testing…' : 'Test connection'}
            </Button>
          }
        >
          Connect
        </FormDialogActions>
      </form>
    </Dialog>
  );
}
