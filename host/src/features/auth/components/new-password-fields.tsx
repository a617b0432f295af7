import { PasswordStrengthMeter } from '@portal/ui';
import { FormTextField, PasswordField } from '@portal/ui/form';
import { useWatch, type Control } from 'react-hook-form';

type NewPasswordValues = { password: string; confirmPassword: string };

type NewPasswordFieldsProps<T extends NewPasswordValues> = {
  control: Control<T>;
  /** Prefix of the inputs' ids: `${idPrefix}-password`, `${idPrefix}-confirmPassword`. */
  idPrefix: string;
  passwordLabel: string;
  autoFocus?: boolean;
};

/** A new password with its strength meter, and its confirmation. */
export function NewPasswordFields<T extends NewPasswordValues>({ control, idPrefix, passwordLabel, autoFocus }: NewPasswordFieldsProps<T>) {
  // Only the two password fields are read here, so the narrower control type is safe.
  const passwordControl = control as unknown as Control<NewPasswordValues>;
  const password = useWatch({ control: passwordControl, name: 'password' });
  return (
    <>
      <FormTextField
        control={passwordControl}
        name="password"
        component={PasswordField}
        id={`${idPrefix}-password`}
        label={passwordLabel}
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <PasswordStrengthMeter password={password} />
      <FormTextField
        control={passwordControl}
        name="confirmPassword"
        component={PasswordField}
        id={`${idPrefix}-confirmPassword`}
        label="Confirm Password"
        autoComplete="new-password"
      />
    </>
  );
}
