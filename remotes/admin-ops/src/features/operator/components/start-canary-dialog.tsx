import MenuItem from '@mui/material/MenuItem';
import { zodResolver } from '@hookform/resolvers/zod';
import type { RemoteStatus } from '@portal/contracts';
import { startRemoteCanary } from '@portal/contracts/calls';
import { useCallMutation } from '@portal/data';
import { FormDialog } from '@portal/ui/kit';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { alertError, alertSuccess } from '../../../lib/alerts';
import { settle } from '../../../lib/settle';
import { canaryFormSchema, emptyCanaryForm, toStartCanaryRequest, type CanaryForm } from '../lib/canary-form';

interface StartCanaryDialogProps {
  open: boolean;
  remotes: RemoteStatus[];
  onClose: () => void;
  onStarted: () => void;
}

/** Serves a version already published (by `pnpm portal remote deploy`) to a share of sessions first. */
export function StartCanaryDialog({ open, remotes, onClose, onStarted }: StartCanaryDialogProps) {
  const { control, handleSubmit, reset, setValue, formState } = useForm<CanaryForm>({ mode: 'all', resolver: zodResolver(canaryFormSchema), defaultValues: emptyCanaryForm(remotes[0]?.name) });
  useEffect(() => {
    if (open) reset(emptyCanaryForm(remotes[0]?.name));
  }, [open, remotes, reset]);
  const name = useWatch({ control, name: 'name' });
  // A version belongs to one remote: choosing another remote clears it.
  useEffect(() => setValue('version', ''), [name, setValue]);
  const remote = remotes.find((r) => r.name === name);
  // Any version but the live one; one rolled back before may be tried again on purpose.
  const versions = remote?.releases.filter((r) => r.version !== remote.current) ?? [];

  const start = useCallMutation((form: CanaryForm) => startRemoteCanary(form.name, toStartCanaryRequest(form)), {
    onSuccess: (result, form) => {
      alertSuccess(`${result.canary.version} of ${form.name} now goes to ${result.canary.percent}% of sessions`);
      onStarted();
      onClose();
    },
    onError: alertError,
  });

  return (
    <FormDialog
      open={open}
      title="Start a canary"
      intro="The version goes to this share of browser sessions (each keeps what it drew); the others keep the live version. It is rolled back by itself when it fails more than the live one."
      onClose={onClose}
      onSubmit={handleSubmit((form) => settle(start.mutateAsync(form)))}
      submitLabel="Start canary"
      submitting={formState.isSubmitting}
    >
      <FormTextField control={control} name="name" id="canary-remote" label="Remote" select required>
        {remotes.map((r) => (
          <MenuItem key={r.name} value={r.name}>
            {r.name}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="version" id="canary-version" label="Version" select required helperText={versions.length ? ' ' : 'No other published version: deploy one first'}>
        {versions.map((r) => (
          <MenuItem key={r.version} value={r.version}>
            {r.version}
            {r.rolledBack ? ' (rolled back)' : ''}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="percent" id="canary-percent" label="Share of sessions (%)" inputMode="numeric" required />
      <FormTextField control={control} name="promoteAfterMinutes" id="canary-promote-after" label="Promote after (minutes, optional)" inputMode="numeric" helperText="Empty: it runs until someone promotes or stops it" />
    </FormDialog>
  );
}
