import { Box, Button, Card, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { ADMIN_MESSAGES, type OrganisationNode } from '@portal/contracts';
import { deleteManagedOrganisation, updateManagedOrganisation } from '@portal/contracts/calls';
import { ChangeAction, countLabel, showAlert } from '@portal/ui';
import { useId, useState } from 'react';
import { errorOf } from '../../../lib/api-result';
import { KIND_LABELS } from '../lib/organisation-tree';
import { OrganisationMfaSwitch } from './organisation-mfa-switch';
import { OrganisationUsers } from './organisation-users';

export type OrganisationDetailsProps = { organisation: OrganisationNode; onChanged: (selectId?: string) => void };

/** Facts, suspend/reinstate and delete of one organisation, then its users. */
export function OrganisationDetails({ organisation, onChanged }: OrganisationDetailsProps) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const confirmTitle = useId();

  const toggleSuspended = async () => {
    const error = errorOf(await updateManagedOrganisation(organisation.id, { suspended: !organisation.suspended }));
    showAlert(error ? { message: error, type: 'error' } : { message: ADMIN_MESSAGES.organisationUpdated, type: 'success' });
    if (!error) onChanged(organisation.id);
  };

  const remove = async () => {
    setConfirmDelete(false);
    const result = await deleteManagedOrganisation(organisation.id);
    const error = errorOf(result);
    showAlert(error ? { message: error, type: 'error' } : { message: ADMIN_MESSAGES.organisationDeleted, type: 'success' });
    if (!error) onChanged(organisation.parentId ?? undefined);
  };

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
            {/* The caller's own organisation: the API refuses these, so they are shown closed with the reason. */}
            <ChangeAction lockReason={organisation.manageable ? null : ADMIN_MESSAGES.ownOrganisation}>
              <Button variant="outlined" color={organisation.suspended ? 'primary' : 'warning'} onClick={toggleSuspended}>
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
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} aria-labelledby={confirmTitle}>
        <DialogTitle id={confirmTitle}>Delete {organisation.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>Only an organisation without users and sub-organisations can be deleted. This cannot be undone.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={remove}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
