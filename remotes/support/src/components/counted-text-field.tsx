import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type CountedTextFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  control: Control<T>;
  label: string;
  max: number;
} & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'>;

/**
 * A text field with the spec's character counter ("12/100") next to its validation message. The
 * counter is part of the helper text, which MUI links to the input through aria-describedby.
 */
export function CountedTextField<T extends FieldValues>({ name, control, label, max, id, ...rest }: CountedTextFieldProps<T>) {
  const fieldId = id ?? `support-${name}`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, value, ...field }, fieldState }) => {
        const length = typeof value === 'string' ? value.length : 0;
        return (
          <TextField
            {...rest}
            {...field}
            value={value ?? ''}
            inputRef={ref}
            id={fieldId}
            label={label}
            fullWidth
            required
            error={!!fieldState.error}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <span>{fieldState.error?.message ?? ''}</span>
                <Box component="span" data-testid={`${fieldId}-counter`} sx={{ color: length > max ? 'error.main' : 'text.secondary', flexShrink: 0 }}>
                  {length}/{max}
                </Box>
              </Box>
            }
          />
        );
      }}
    />
  );
}
