import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES, createOrganisationRequestSchema, type CreateOrganisationRequest, type OrganisationKindName } from '@portal/contracts';
import { createManagedOrganisation } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { useCallMutation } from '@portal/data';
import { menuItems } from '@portal/ui/form';
import { FormDialog } from '@portal/ui/kit';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { alertError, alertSuccess } from '../../../lib/alerts';
import { settle } from '../../../lib/settle';
import { KIND_LABELS } from '../lib/organisation-tree';

export type CreateOrganisationDialogProps = {
  open: boolean;
  kinds: OrganisationKindName[];
  onClose: () => void;
  onCreated: (id: string) => void;
};

/** New organisation directly below the caller's own; the kinds offered are the ones the API allows. */
export function CreateOrganisationDialog({ open, kinds, onClose, onCreated }: CreateOrganisationDialogProps) {
  const { control, handleSubmit, reset, formState } = useForm<CreateOrganisationRequest>({
    mode: 'all',
    resolver: zodResolver(createOrganisationRequestSchema),
    defaultValues: { name: '', kind: kinds[0] },
  });
  useEffect(() => {
    if (open) reset({ name: '', kind: kinds[0] });
  }, [open, kinds, reset]);

  // The tree reloads with the new organisation, which is then selected.
  const create = useCallMutation(createManagedOrganisation, {
    invalidates: [adminEndpoints.getOrganisationTree],
    onSuccess: (organisation) => {
      alertSuccess(ADMIN_MESSAGES.organisationCreated);
      onCreated(organisation.id);
      onClose();
    },
    onError: alertError,
  });
  const onSubmit = (values: CreateOrganisationRequest) => settle(create.mutateAsync(values));

  return (
    <FormDialog open={open} title="New organisation" onClose={onClose} onSubmit={handleSubmit(onSubmit)} submitLabel="Create" submitting={formState.isSubmitting}>
      <FormTextField control={control} name="name" id="org-name" label="Name" autoFocus required />
      <FormTextField control={control} name="kind" id="org-kind" label="Type" select required>
        {menuItems(kinds, KIND_LABELS)}
      </FormTextField>
    </FormDialog>
  );
}
