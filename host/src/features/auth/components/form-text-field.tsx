import { TextField, type TextFieldProps } from '@mui/material';
import type { ComponentType } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type FieldComponentProps = Omit<TextFieldProps, 'type'> & { label: string; type?: string };

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'label' | 'error' | 'helperText' | 'inputRef'> & {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** The input to render: a plain TextField unless told (e.g. PasswordField, OtpField). */
  component?: ComponentType<FieldComponentProps>;
};

/** A full-width text input bound to a react-hook-form field, showing the field's validation error. */
export function FormTextField<T extends FieldValues>({ control, name, component: Field = TextField as ComponentType<FieldComponentProps>, ...props }: FormTextFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => (
        <Field {...field} inputRef={ref} {...props} fullWidth error={!!fieldState.error} helperText={fieldState.error?.message} />
      )}
    />
  );
}
