import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { ADMIN_MESSAGES, MFA_POLICY_MESSAGES, USER_ACCESS_MESSAGES, type OrganisationNode } from '@portal/contracts';
import { updateManagedOrganisation } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { useCallMutation } from '@portal/data';
import { useReadOnly } from '@portal/ui';
import { useId } from 'react';
import { alertError, alertSuccess } from '../../../lib/alerts';

export type OrganisationMfaSwitchProps = { organisation: OrganisationNode; onChanged: (selectId?: string) => void };

/** Why the switch cannot be used, or null when it can. Mirrors the API's rules (it checks them again). */
export function mfaLockReason(organisation: OrganisationNode): string | null {
  // A requirement from an ancestor, or set on the caller's own organisation by a higher tier.
  if (organisation.mfaInherited || (!organisation.manageable && organisation.mfaRequired)) return MFA_POLICY_MESSAGES.lockedByParent;
  if (!organisation.manageable) return ADMIN_MESSAGES.ownOrganisation;
  return null;
}

/** "Require MFA" for an organisation and everything below it; shown on and locked when inherited. */
export function OrganisationMfaSwitch({ organisation, onChanged }: OrganisationMfaSwitchProps) {
  const helpId = useId();
  const readOnly = useReadOnly();
  const reason = mfaLockReason(organisation) ?? (readOnly ? USER_ACCESS_MESSAGES.readOnly : null);
  const effective = organisation.mfaRequired || organisation.mfaInherited;

  const toggle = useCallMutation((required: boolean) => updateManagedOrganisation(organisation.id, { mfaRequired: required }), {
    invalidates: [adminEndpoints.getOrganisationTree],
    onSuccess: (_node, required) => {
      alertSuccess(required ? MFA_POLICY_MESSAGES.required : MFA_POLICY_MESSAGES.notRequired);
      onChanged(organisation.id);
    },
    onError: alertError,
  });

  return (
    <Stack sx={{ mt: 1 }}>
      <FormControlLabel
        control={
          <Switch
            checked={effective}
            disabled={toggle.isPending || reason !== null}
            onChange={(event) => toggle.mutate(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label="Require MFA for this organisation and everything below it"
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {reason ?? (effective ? 'Users without MFA get a code by e-mail at sign-in and cannot turn MFA off.' : 'Users choose for themselves whether to use MFA.')}
      </FormHelperText>
    </Stack>
  );
}
