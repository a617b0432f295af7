import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import {
  BACKUP_MESSAGES,
  BACKUP_NAME_MAX_LENGTH,
  BACKUP_SET_TYPE_LABELS,
  BACKUP_SET_TYPES,
  backupSetFormSchema,
  SERVICES_BY_SET_TYPE,
  type BackupSet,
  type BackupSetForm,
  type BackupSetType,
  type Tenant,
} from '@portal/contracts';
import { createBackupSet, updateBackupSet } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { useCallMutation } from '@portal/data';
import { idMenuItems, menuItems } from '@portal/ui/form';
import { useId, useState } from 'react';
import { Controller, useForm, useFormState, useWatch, type Control } from 'react-hook-form';
import { notify } from '../../../lib/notify';
import { settled } from '../../../lib/settled';
import { editSetDefaults, newSetDefaults, STEP_FIELDS, STEP_LABELS, type SetFormInput } from '../lib/set-form';
import { ScopePicker } from '../../../components/scope-picker';
import { ChangeError } from '../../../components/change-error';
import { ScheduleFields, ServicesField } from './set-plan-fields';

interface BackupSetDialogProps {
  tenants: Tenant[];
  /** The set to edit; absent for a new set. */
  set?: BackupSet;
  onClose: () => void;
  onSaved: (set: BackupSet) => void;
}

/** Guided create/edit of a backup set: basics, scope, services, schedule and retention. */
export function BackupSetDialog({ tenants, set, onClose, onSaved }: BackupSetDialogProps) {
  const titleId = useId();
  const [step, setStep] = useState(0);
  const form = useForm<SetFormInput, unknown, BackupSetForm>({
    resolver: zodResolver(backupSetFormSchema),
    mode: 'all',
    defaultValues: set ? editSetDefaults(set) : newSetDefaults(tenants[0]?.id ?? ''),
  });
  const { control, handleSubmit, trigger, setValue, formState } = form;
  const [type, tenantId, frequency] = useWatch({ control, name: ['type', 'tenantId', 'schedule.frequency'] });
  const last = STEP_LABELS.length - 1;

  const next = async () => {
    if (await trigger(STEP_FIELDS[step] as unknown as (keyof SetFormInput)[])) setStep((s) => s + 1);
  };
  // A new or changed set changes the list, and its tenant's count of sets.
  const save = useCallMutation(
    (values: BackupSetForm) =>
      set ? updateBackupSet(set.id, { name: values.name, scope: values.scope, services: values.services, schedule: values.schedule, retention: values.retention }) : createBackupSet(values),
    {
      invalidates: [backupEndpoints.listBackupSets, backupEndpoints.listTenants],
      onSuccess: (saved) => {
        notify(set ? BACKUP_MESSAGES.setUpdated : BACKUP_MESSAGES.setCreated, 'success');
        onSaved(saved);
      },
    },
  );
  const onSubmit = (values: BackupSetForm) => settled(save.mutateAsync(values));
  const onTypeChange = (value: BackupSetType) => {
    setValue('type', value, { shouldValidate: true });
    // A new type starts with all of its services and the whole tenant (a selection of users does not fit a SharePoint set).
    setValue('services', [...SERVICES_BY_SET_TYPE[value]], { shouldValidate: true });
    setValue('scope', { mode: 'all' }, { shouldValidate: true });
  };

  return (
    <Dialog open onClose={formState.isSubmitting ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{set ? `Edit ${set.name}` : 'New backup set'}</DialogTitle>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <DialogContent>
          <Stepper activeStep={step} sx={{ mb: 3 }} alternativeLabel>
            {STEP_LABELS.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {step === 0 ? (
            <Stack spacing={2}>
              <Controller
                control={control}
                name="name"
                render={({ field, fieldState }) => (
                  <TextField {...field} id="set-name" label="Name" required autoFocus error={Boolean(fieldState.error)} helperText={fieldState.error?.message} slotProps={{ htmlInput: { maxLength: BACKUP_NAME_MAX_LENGTH + 1 } }} />
                )}
              />
              <Controller
                control={control}
                name="tenantId"
                render={({ field, fieldState }) => (
                  <TextField {...field} id="set-tenant" select label="Microsoft 365 tenant" required disabled={Boolean(set)} error={Boolean(fieldState.error)} helperText={fieldState.error?.message}>
                    {idMenuItems(tenants, (t) => t.name)}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="type"
                render={({ field }) => (
                  <TextField {...field} id="set-type" select label="Type" disabled={Boolean(set)} onChange={(e) => onTypeChange(e.target.value as BackupSetType)}>
                    {menuItems(BACKUP_SET_TYPES, BACKUP_SET_TYPE_LABELS)}
                  </TextField>
                )}
              />
            </Stack>
          ) : null}
          {step === 1 ? <ScopeStep control={control} tenantId={tenantId} type={type} /> : null}
          {step === 2 ? <ServicesField control={control} type={type} errors={formState.errors} /> : null}
          {step === 3 ? <ScheduleFields control={control} errors={formState.errors} frequency={frequency} /> : null}
          <ChangeError error={save.error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          {step > 0 ? <Button onClick={() => setStep((s) => s - 1)}>Back</Button> : null}
          {/* Separate keys: React would otherwise turn the clicked Next into the submit button before the
              browser finishes handling that click, and the click would submit the form. */}
          {step < last ? (
            <Button
              key="next"
              variant="contained"
              onClick={(event) => {
                event.preventDefault();
                void next();
              }}
            >
              Next
            </Button>
          ) : (
            <Button key="submit" type="submit" variant="contained" disabled={formState.isSubmitting}>
              {set ? 'Save changes' : 'Create backup set'}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The scope step; its "choose at least one" issue sits on scope.objects, so it listens to the scope's errors itself. */
function ScopeStep({ control, tenantId, type }: { control: Control<SetFormInput>; tenantId: string; type: BackupSetType }) {
  const { errors } = useFormState({ control, name: 'scope' });
  const scopeError = errors.scope as { message?: string; objects?: { message?: string } } | undefined;
  return (
    <Controller
      control={control}
      name="scope"
      render={({ field }) => <ScopePicker tenantId={tenantId} type={type} value={field.value} onChange={field.onChange} error={scopeError?.message ?? scopeError?.objects?.message} />}
    />
  );
}
