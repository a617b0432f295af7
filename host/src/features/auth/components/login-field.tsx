import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface LoginFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: string;
  type?: 'text' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
}

/**
 * An outlined text field bound to a react-hook-form field: the same parts, markup and theme styles
 * as MUI's TextField, put together here because TextField imports Select (and with it Menu,
 * Popover and Modal, about 20 KB gzip) that the sign-in page never shows. The validation error
 * replaces a reserved blank line, so an error appearing on blur does not move what is below.
 */
export function LoginField<T extends FieldValues>({ control, name, id, label, type = 'text', autoComplete, autoFocus }: LoginFieldProps<T>) {
  const labelId = `${id}-label`;
  const helperId = `${id}-helper-text`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <FormControl fullWidth error={!!fieldState.error}>
          <InputLabel htmlFor={id} id={labelId}>
            {label}
          </InputLabel>
          <OutlinedInput
            {...field}
            value={value ?? ''}
            inputRef={ref}
            id={id}
            type={type}
            label={label}
            autoComplete={autoComplete}
            autoFocus={autoFocus}
            aria-describedby={helperId}
          />
          <FormHelperText id={helperId}>{fieldState.error?.message ?? ' '}</FormHelperText>
        </FormControl>
      )}
    />
  );
}
