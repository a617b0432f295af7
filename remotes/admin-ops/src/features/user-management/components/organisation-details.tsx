import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, type OrganisationNode } from '@portal/contracts';
import { deleteManagedOrganisation, updateManagedOrganisation } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { useCallMutation } from '@portal/data';
import { countLabel } from '@portal/ui';
import { ChangeAction, ConfirmDialog } from '@portal/ui/kit';
import { useState } from 'react';
import { alertError, alertSuccess } from '../../../lib/alerts';
import { settle } from '../../../lib/settle';
import { KIND_LABELS } from '../lib/organisation-tree';
import { ConnectCustomerTenantButton } from './connect-customer-tenant-button';
import { OrganisationMfaSwitch } from './organisation-mfa-switch';
import { OrganisationUsers } from './organisation-users';

export type OrganisationDetailsProps = { organisation: OrganisationNode; onChanged: (selectId?: string) => void };

/** Facts, suspend/reinstate and delete of one organisation, then its users. */
export function OrganisationDetails({ organisation, onChanged }: OrganisationDetailsProps) {
  const [confirmDelete, setConfirmDelete] = useState(false);

  const toggleSuspended = useCallMutation(() => updateManagedOrganisation(organisation.id, { suspended: !organisation.suspended }), {
    invalidates: [adminEndpoints.getOrganisationTree],
    onSuccess: () => {
      alertSuccess(ADMIN_MESSAGES.organisationUpdated);
      onChanged(organisation.id);
    },
    onError: alertError,
  });

  const remove = useCallMutation(() => deleteManagedOrganisation(organisation.id), {
    invalidates: [adminEndpoints.getOrganisationTree],
    onSuccess: () => {
      alertSuccess(ADMIN_MESSAGES.organisationDeleted);
      onChanged(organisation.parentId ?? undefined);
    },
    onError: alertError,
    onSettled: () => setConfirmDelete(false),
  });

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" spacing={2} sx={{ mb: 2 }}>
          <Box>
            <Typography variant="h5" component="h2">
              {organisation.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }} useFlexGap flexWrap="wrap">
              <Chip size="small" label={KIND_LABELS[organisation.kind]} />
              {organisation.suspended ? <Chip size="small" color="error" label="Suspended" /> : null}
              {organisation.demo ? <Chip size="small" variant="outlined" label="Demo" /> : null}
              {organisation.mfaRequired || organisation.mfaInherited ? <Chip size="small" color="info" label={organisation.mfaInherited ? 'MFA required (inherited)' : 'MFA required'} /> : null}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {countLabel(organisation.userCount, 'user')} · {countLabel(organisation.seats, 'protected seat')}
            </Typography>
            <OrganisationMfaSwitch organisation={organisation} onChanged={onChanged} />
          </Box>
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <ConnectCustomerTenantButton organisation={organisation} />
            {/* The caller's own organisation: the API refuses these, so they are shown closed with the reason. */}
            <ChangeAction lockReason={organisation.manageable ? null : ADMIN_MESSAGES.ownOrganisation}>
              <Button variant="outlined" color={organisation.suspended ? 'primary' : 'warning'} onClick={() => toggleSuspended.mutate()}>
                {organisation.suspended ? 'Reinstate' : 'Suspend'}
              </Button>
            </ChangeAction>
            <ChangeAction lockReason={organisation.manageable ? null : ADMIN_MESSAGES.ownOrganisation}>
              <Button variant="outlined" color="error" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            </ChangeAction>
          </Stack>
        </Stack>
        <OrganisationUsers organisation={organisation} />
      </CardContent>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${organisation.name}?`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => settle(remove.mutateAsync())}
        onClose={() => setConfirmDelete(false)}
      >
        Only an organisation without users and sub-organisations can be deleted. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
