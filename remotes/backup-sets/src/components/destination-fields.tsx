import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Tenant } from '@portal/contracts';
import { idMenuItems } from '@portal/ui/form';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { DestinationFormInput } from '../lib/destination-form';
import { UserPicker } from './user-picker';

interface DestinationFieldsProps {
  control: Control<DestinationFormInput>;
  setValue: UseFormSetValue<DestinationFormInput>;
  tenants: Tenant[];
  defaultTenantId: string;
}

/** Original place, another user (same or another connected tenant) or a ZIP download. */
export function DestinationFields({ control, setValue, tenants, defaultTenantId }: DestinationFieldsProps) {
  const destination = useWatch({ control, name: 'destination' });
  const setKind = (kind: string) => {
    if (kind === 'user') setValue('destination', { kind: 'user', tenantId: defaultTenantId, userExternalId: '' }, { shouldValidate: false });
    else setValue('destination', { kind: kind as 'original' | 'download' }, { shouldValidate: true });
  };
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="destination-label">Restore to</FormLabel>
        <RadioGroup aria-labelledby="destination-label" value={destination.kind} onChange={(e) => setKind(e.target.value)}>
          <FormControlLabel value="original" control={<Radio />} label="Original place (items are written back where they were)" />
          <FormControlLabel value="user" control={<Radio />} label="Another user" />
          <FormControlLabel value="download" control={<Radio />} label="Download as ZIP" />
        </RadioGroup>
      </FormControl>
      {destination.kind === 'user' ? (
        <>
          <Controller
            control={control}
            name="destination.tenantId"
            render={({ field, fieldState }) => (
              <TextField {...field} value={field.value ?? ''} select size="small" id="destination-tenant" label="Tenant" error={Boolean(fieldState.error)} helperText={fieldState.error?.message}>
                {idMenuItems(tenants, (t) => t.name)}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="destination.userExternalId"
            render={({ field, fieldState }) => (
              <UserPicker id="destination-user" label="Target user" tenantId={destination.tenantId} value={field.value ?? ''} onChange={(idValue) => field.onChange(idValue)} error={fieldState.error?.message} />
            )}
          />
        </>
      ) : null}
    </Stack>
  );
}
