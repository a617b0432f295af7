import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import type { ComponentType } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type FieldComponentProps = Omit<TextFieldProps, 'type'> & { label: string; type?: string };

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'label' | 'inputRef' | 'value'> & {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** The input to render: a plain TextField unless told (e.g. PasswordField, OtpField). */
  component?: ComponentType<FieldComponentProps>;
};

/**
 * A text input (full width unless told) bound to a react-hook-form field: the field's validation
 * error replaces `helperText` while there is one; `error` marks the field for a reason of its own.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  error,
  helperText,
  component: Field = TextField as ComponentType<FieldComponentProps>,
  ...props
}: FormTextFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <Field
          {...field}
          value={value ?? ''}
          inputRef={ref}
          fullWidth
          {...props}
          error={!!fieldState.error || !!error}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
