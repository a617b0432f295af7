import { errorMessageOf, unwrap } from '@portal/data';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { authStore } from '@portal/auth-bridge';
import { paths } from '@portal/config';
import { ACCOUNT_MESSAGES, emailFieldSchema, registerFormSchema, usernameFieldSchema, type RegisterForm as RegisterValues } from '@portal/contracts';
import { checkEmailAvailable, checkUsernameAvailable, register } from '@portal/contracts/calls';
import { showAlert } from '@portal/ui';
import { FormTextField } from '@portal/ui/form';
import { useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useAvailability, type AvailabilityStatus } from '../hooks/use-availability';
import { toSessionUser } from '../lib/to-session-user';
import { AvailabilityText } from './availability-text';
import { NewPasswordFields } from './new-password-fields';
import { RegionField } from './region-field';

const DEFAULTS: RegisterValues = {
  username: '',
  email: '',
  firstName: '',
  lastName: '',
  company: '',
  regionId: '',
  password: '',
  confirmPassword: '',
};

export const USERNAME_AVAILABLE = 'Username is available';
export const EMAIL_AVAILABLE = 'Email is available';

type FieldOptions = { label: string; autoComplete: string; type?: string; autoFocus?: boolean; status?: AvailabilityStatus; available?: string; taken?: string };

function textField(control: Control<RegisterValues>, name: FieldPath<RegisterValues>, options: FieldOptions) {
  const { label, autoComplete, type, autoFocus, status, available, taken } = options;
  return (
    <FormTextField
      control={control}
      name={name}
      id={`register-${name}`}
      label={label}
      type={type}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      error={status === 'taken'}
      helperText={status ? <AvailabilityText status={status} available={available ?? ''} taken={taken ?? ''} /> : undefined}
    />
  );
}

export function RegisterForm() {
  const navigate = useNavigate();
  const { control, handleSubmit, formState } = useForm<RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    mode: 'all',
    defaultValues: DEFAULTS,
  });
  const [username, email] = useWatch({ control, name: ['username', 'email'] });
  const usernameStatus = useAvailability(username, usernameFieldSchema, checkUsernameAvailable);
  const emailStatus = useAvailability(email, emailFieldSchema, checkEmailAvailable);

  // The server checks availability again: its 409 answer is shown like any errorMessage.
  const onSubmit = async ({ confirmPassword: _confirm, ...body }: RegisterValues) => {
    try {
      const result = unwrap(await register(body));
      // Spec section 4: register only stores the user; the user signs in next.
      authStore.getState().register(toSessionUser(result));
      showAlert({ message: result.message, type: 'success' });
      navigate(paths.login);
    } catch (error) {
      showAlert({ message: errorMessageOf(error), type: 'error' });
    }
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Register">
      {textField(control, 'username', {
        label: 'Username',
        autoComplete: 'username',
        autoFocus: true,
        status: usernameStatus,
        available: USERNAME_AVAILABLE,
        taken: ACCOUNT_MESSAGES.usernameTaken,
      })}
      {textField(control, 'email', {
        label: 'Email',
        autoComplete: 'email',
        type: 'email',
        status: emailStatus,
        available: EMAIL_AVAILABLE,
        taken: ACCOUNT_MESSAGES.emailTaken,
      })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {textField(control, 'firstName', { label: 'First Name', autoComplete: 'given-name' })}
        {textField(control, 'lastName', { label: 'Last Name', autoComplete: 'family-name' })}
      </Stack>
      {textField(control, 'company', { label: 'Company', autoComplete: 'organization' })}
      <FormTextField control={control} name="regionId" component={RegionField} id="register-regionId" label="Region" />
      <NewPasswordFields control={control} idPrefix="register" passwordLabel="Password" />
      <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} fullWidth>
        Register
      </Button>
    </Stack>
  );
}
