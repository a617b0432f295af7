import { useRef, useState, type FormEvent } from 'react';
import { LOGIN_FIELDS, toSigninBody, validateLogin, validateLoginField, type LoginErrors, type LoginFieldName, type LoginFormValues } from '../lib/login-validation';

/**
 * The sign-in form's state, as the spec asks of every form: each field is checked on change and on
 * blur, and all of them before submit; a submit with errors focuses the first field in error and
 * sends nothing. Two fields do not need a form library (and the sign-in page must stay light).
 */
export function useLoginForm(onValid: (values: LoginFormValues) => Promise<void>) {
  const [values, setValues] = useState<LoginFormValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<LoginFieldName, HTMLInputElement | null>>>({});

  const check = (name: LoginFieldName, value: string) => setErrors((current) => ({ ...current, [name]: validateLoginField(name, value) }));

  const field = (name: LoginFieldName) => ({
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      check(name, value);
    },
    onBlur: () => check(name, values[name]),
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const found = validateLogin(values);
    setErrors(found);
    const firstInvalid = LOGIN_FIELDS.find((name) => found[name]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(toSigninBody(values));
    } finally {
      setSubmitting(false);
    }
  };

  return { field, onSubmit, isSubmitting };
}
