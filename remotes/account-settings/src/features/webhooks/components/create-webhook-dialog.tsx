import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { createWebhookRequestSchema, WEBHOOK_EVENT_TYPES, type CreatedWebhook, type CreateWebhookRequest } from '@portal/contracts';
import { createWebhook } from '@portal/contracts/calls';
import { webhookEndpoints } from '@portal/contracts/endpoints/webhook';
import { errorMessageOf, useCallMutation } from '@portal/data';
import { showAlert } from '@portal/ui';
import { FormTextField } from '@portal/ui/form';
import { FormDialog } from '@portal/ui/kit';
import { useEffect, useId } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { WEBHOOK_EVENT_LABELS } from './webhook-event-labels';

type WebhookForm = { url: string; description: string; events: CreateWebhookRequest['events'] };
const EMPTY: WebhookForm = { url: '', description: '', events: [] };

export interface CreateWebhookDialogProps {
  open: boolean;
  onClose: () => void;
  /** The new webhook with its signing secret, which the page shows once. */
  onCreated: (created: CreatedWebhook) => void;
}

/** An https address and the events it receives. */
export function CreateWebhookDialog({ open, onClose, onCreated }: CreateWebhookDialogProps) {
  const eventsLabelId = useId();
  const { control, handleSubmit, reset, formState } = useForm<WebhookForm>({
    mode: 'all',
    // The schema's output (events without repeats) is what is sent; the form holds the fields as typed.
    resolver: zodResolver(createWebhookRequestSchema) as unknown as Resolver<WebhookForm>,
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const create = useCallMutation((body: CreateWebhookRequest) => createWebhook(body), {
    invalidates: [webhookEndpoints.listWebhooks],
    onSuccess: (created) => {
      onCreated(created);
      onClose();
    },
    onError: (error) => showAlert({ message: errorMessageOf(error), type: 'error' }),
  });
  const onSubmit = (values: WebhookForm) => create.mutateAsync(createWebhookRequestSchema.parse(values)).catch(() => undefined);

  return (
    <FormDialog
      open={open}
      title="Add webhook"
      intro="The portal sends each chosen event to this address, signed with a secret only you and the portal know."
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      submitLabel="Add webhook"
      submitting={formState.isSubmitting}
      change
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="url" id="webhook-url" label="URL" placeholder="https://psa.example.com/hooks/backup" required autoFocus slotProps={{ htmlInput: { dir: 'ltr' } }} />
        <FormTextField control={control} name="description" id="webhook-description" label="Description" helperText="Optional, e.g. which tool receives it" />
        <Controller
          name="events"
          control={control}
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={!!fieldState.error}>
              <FormLabel component="legend" id={eventsLabelId}>
                Events
              </FormLabel>
              <FormGroup aria-labelledby={eventsLabelId}>
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <FormControlLabel
                    key={type}
                    label={WEBHOOK_EVENT_LABELS[type]}
                    control={
                      <Checkbox
                        checked={field.value.includes(type)}
                        onBlur={field.onBlur}
                        onChange={(_event, checked) => field.onChange(checked ? [...field.value, type] : field.value.filter((value) => value !== type))}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
            </FormControl>
          )}
        />
      </Stack>
    </FormDialog>
  );
}
