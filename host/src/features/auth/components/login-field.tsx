import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, Ref } from 'react';

export interface LoginFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  type?: 'text' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
}

/**
 * An outlined text field: the same parts, markup and theme styles as MUI's TextField, put together
 * here because TextField imports Select (and with it Menu, Popover and Modal, about 20 KB gzip) that
 * the sign-in page never shows. The validation error replaces a reserved blank line, so an error
 * appearing on blur does not move what is below.
 */
export function LoginField({ id, label, value, error, onChange, onBlur, inputRef, type = 'text', autoComplete, autoFocus }: LoginFieldProps) {
  const labelId = `${id}-label`;
  const helperId = `${id}-helper-text`;
  return (
    <FormControl fullWidth error={!!error}>
      <InputLabel htmlFor={id} id={labelId}>
        {label}
      </InputLabel>
      <OutlinedInput
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        onBlur={onBlur}
        inputRef={inputRef}
        id={id}
        type={type}
        label={label}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-describedby={helperId}
      />
      <FormHelperText id={helperId}>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}
