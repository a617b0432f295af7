// The sign-in form's rules and messages, written once. Plain checks rather than a zod schema: the
// sign-in page then loads neither zod nor a form library (the API checks the body against
// signinRequestSchema as well).

export type LoginFieldName = 'username' | 'password';
export type LoginFormValues = Record<LoginFieldName, string>;
export type LoginErrors = Partial<Record<LoginFieldName, string>>;

/** In the order the form shows them: a failed submit focuses the first field with an error. */
export const LOGIN_FIELDS: readonly LoginFieldName[] = ['username', 'password'];

const RULES: Record<LoginFieldName, (value: string) => string | undefined> = {
  username: (value) => (value.trim() === '' ? 'Username is required' : undefined),
  password: (value) => (value === '' ? 'Password is required' : undefined),
};

export const validateLoginField = (name: LoginFieldName, value: string): string | undefined => RULES[name](value);

export function validateLogin(values: LoginFormValues): LoginErrors {
  const errors: LoginErrors = {};
  for (const name of LOGIN_FIELDS) {
    const message = validateLoginField(name, values[name]);
    if (message) errors[name] = message;
  }
  return errors;
}

/** What is sent: the username without surrounding spaces, the password as typed. */
export const toSigninBody = (values: LoginFormValues): LoginFormValues => ({ username: values.username.trim(), password: values.password });
