import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ACCOUNT_SETTINGS_MESSAGES, LANGUAGES, profileFormSchema, type AccountProfile, type ProfileForm } from '@portal/contracts';
import { updateProfile } from '@portal/contracts/calls';
import { errorMessageOf, useCallMutation } from '@portal/data';
import { profileStore, showAlert } from '@portal/ui';
import { FormTextField, languageMenuItems, PasswordField } from '@portal/ui/form';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { timeZoneOptions } from '../lib/time-zones';

export type ProfileDetailsFormProps = { profile: AccountProfile; onSaved: (profile: AccountProfile) => void };

const TEXT_FIELDS: ReadonlyArray<{ name: FieldPath<ProfileForm>; label: string; autoComplete: string; type?: string; required?: boolean }> = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'E-mail', autoComplete: 'email', type: 'email', required: true },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
];

const valuesOf = (profile: AccountProfile): ProfileForm => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  email: profile.email,
  phone: profile.phone ?? '',
  timeZone: profile.timeZone ?? '',
  language: profile.language ?? '',
  currentPassword: '',
});

/** First/last name, e-mail (the current password is asked for only when it changes), phone, time zone, language. */
export function ProfileDetailsForm({ profile, onSaved }: ProfileDetailsFormProps) {
  const schema = useMemo(() => profileFormSchema(profile.email), [profile.email]);
  const zones = useMemo(timeZoneOptions, []);
  const { control, handleSubmit, formState, reset } = useForm<ProfileForm>({
    resolver: zodResolver(schema),
    mode: 'all',
    values: valuesOf(profile),
  });
  const email = useWatch({ control, name: 'email' });
  const emailChanged = (email ?? '').trim().toLowerCase() !== profile.email.toLowerCase();

  const save = useCallMutation(
    (values: ProfileForm) => updateProfile(profile.userId, { ...values, currentPassword: emailChanged ? values.currentPassword : undefined }),
    {
      onSuccess: (saved) => {
        profileStore.getState().setProfile(saved);
        onSaved(saved);
        reset(valuesOf(saved));
        showAlert({ message: ACCOUNT_SETTINGS_MESSAGES.profileSaved, type: 'success' });
      },
      onError: (error) => showAlert({ message: errorMessageOf(error), type: 'error' }),
    },
  );
  const onSubmit = (values: ProfileForm) => save.mutateAsync(values).catch(() => undefined);

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Profile details" spacing={2}>
      <Grid container spacing={2}>
        {TEXT_FIELDS.map(({ name, label, autoComplete, type, required }) => (
          <Grid key={name} size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name={name}
              id={`profile-${name}`}
              label={label}
              type={type}
              required={required}
              autoComplete={autoComplete}
              helperText={name === 'email' && emailChanged ? 'Changing your e-mail needs your current password.' : ' '}
            />
          </Grid>
        ))}
        {emailChanged ? (
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="currentPassword"
              component={PasswordField}
              id="profile-currentPassword"
              label="Current Password"
              autoComplete="current-password"
              helperText=" "
            />
          </Grid>
        ) : null}
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="timeZone"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                id="profile-timeZone"
                options={zones}
                value={field.value ? field.value : null}
                onChange={(_event, value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                renderInput={(params) => (
                  <TextField {...params} inputRef={field.ref} label="Time zone" error={!!fieldState.error} helperText={fieldState.error?.message ?? ' '} />
                )}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="language" id="profile-language" select label="Language" helperText=" ">
            <MenuItem value="">
              <em>Not set</em>
            </MenuItem>
            {languageMenuItems(LANGUAGES)}
          </FormTextField>
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => reset(valuesOf(profile))} disabled={!formState.isDirty || formState.isSubmitting}>
          Discard changes
        </Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          Save profile
        </Button>
      </Stack>
    </Stack>
  );
}
