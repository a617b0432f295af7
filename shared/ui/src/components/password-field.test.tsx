import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordField } from './password-field';

it('hides the password until its labelled toggle is pressed', async () => {
  render(<PasswordField id="pw" label="New Password" helperText="Hint" />);
  const input = screen.getByLabelText('New Password');
  expect(input).toHaveAttribute('type', 'password');
  expect(input).toHaveAccessibleDescription('Hint');
  await userEvent.click(screen.getByRole('button', { name: 'Show New Password' }));
  expect(input).toHaveAttribute('type', 'text');
  await userEvent.click(screen.getByRole('button', { name: 'Hide New Password' }));
  expect(input).toHaveAttribute('type', 'password');
});
