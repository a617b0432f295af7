import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name'> & { name: Path<T>; control: Control<T> };

/** A TextField bound to react-hook-form, showing the schema's message under the field. */
export function FormTextField<T extends FieldValues>({ name, control, ...props }: FormTextFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={field.value ?? ''}
          id={props.id ?? `field-${name}`}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? props.helperText}
          fullWidth
          margin="normal"
        />
      )}
    />
  );
}
