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
 * An outlined text field in plain elements (the sign-in page loads no MUI), styled by the light
 * stylesheet after MUI's outlined input: the label sits in the field and moves onto its border
 * when the field has focus or a value (the blank placeholder is how CSS knows it is empty). The
 * validation error replaces a reserved blank line, so an error appearing on blur does not move what
 * is below.
 */
export function LoginField({ id, label, value, error, onChange, onBlur, inputRef, type = 'text', autoComplete, autoFocus }: LoginFieldProps) {
  const helperId = `${id}-helper-text`;
  return (
    <div className="pl-field">
      <input
        id={id}
        ref={inputRef}
        type={type}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        onBlur={onBlur}
        autoComplete={autoComplete}
        // The first field of the only form on the page, as before (MUI's autoFocus).
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={autoFocus}
        placeholder=" "
        aria-invalid={!!error}
        aria-describedby={helperId}
      />
      {/* After the input: the stylesheet moves the label by the input's state (input + label). */}
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <p id={helperId} className="pl-helper" data-error={error ? '' : undefined}>
        {error ?? ' '}
      </p>
    </div>
  );
}
