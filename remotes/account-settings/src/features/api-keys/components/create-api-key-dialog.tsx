import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import {
  createApiKeyRequestSchema,
  lastExpiryDay,
  USER_ACCESS_LABELS,
  USER_ACCESS_VALUES,
  type CreateApiKeyForm,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@portal/contracts';
import { createApiKey } from '@portal/contracts/calls';
import { apiKeyEndpoints } from '@portal/contracts/endpoints/api-key';
import { errorMessageOf, useCallMutation } from '@portal/data';
import { showAlert } from '@portal/ui';
import { FormTextField, menuItems } from '@portal/ui/form';
import { FormDialog } from '@portal/ui/kit';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';

const EMPTY: CreateApiKeyForm = { name: '', access: 'read-only', expiresOn: '' };

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

export interface CreateApiKeyDialogProps {
  open: boolean;
  onClose: () => void;
  /** The new key with its secret, which the page shows once. */
  onCreated: (created: CreatedApiKey) => void;
}

/** Name, access and an optional last day; read-only is the default, the safer choice. */
export function CreateApiKeyDialog({ open, onClose, onCreated }: CreateApiKeyDialogProps) {
  const { control, handleSubmit, reset, formState } = useForm<CreateApiKeyForm>({
    mode: 'all',
    // The schema turns an empty expiry into none; the form keeps the field's text.
    resolver: zodResolver(createApiKeyRequestSchema) as unknown as Resolver<CreateApiKeyForm>,
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const create = useCallMutation((body: CreateApiKeyRequest) => createApiKey(body), {
    invalidates: [apiKeyEndpoints.listApiKeys],
    onSuccess: (created) => {
      onCreated(created);
      onClose();
    },
    onError: (error) => showAlert({ message: errorMessageOf(error), type: 'error' }),
  });
  const onSubmit = (values: CreateApiKeyForm) => create.mutateAsync(createApiKeyRequestSchema.parse(values)).catch(() => undefined);

  return (
    <FormDialog
      open={open}
      title="Create API key"
      intro="The key acts as your organisation's users do, on the calls the API reference marks as accepting keys."
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      submitLabel="Create key"
      submitting={formState.isSubmitting}
      change
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" id="api-key-name" label="Name" helperText="Which tool uses it, e.g. PSA billing sync" autoFocus required />
        <FormTextField control={control} name="access" id="api-key-access" label="Access" select required helperText="Read-only keys can only read (GET calls).">
          {menuItems(USER_ACCESS_VALUES, USER_ACCESS_LABELS)}
        </FormTextField>
        <FormTextField
          control={control}
          name="expiresOn"
          id="api-key-expires"
          label="Expires after"
          type="date"
          helperText="Optional: the key stops working after this day (UTC). Empty: until revoked."
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: tomorrow(), max: lastExpiryDay() } }}
        />
      </Stack>
    </FormDialog>
  );
}
