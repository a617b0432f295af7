import { render, screen } from '@testing-library/react';
import { PasswordStrengthMeter } from './password-strength-meter';

describe('PasswordStrengthMeter', () => {
  it('renders nothing for an empty password', () => {
    const { container } = render(<PasswordStrengthMeter password="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    ['abc', 'Poor'],
    ['abcdefgh', 'Weak'],
    ['abcdefg1', 'Normal'],
    ['abcdef1!', 'Good'],
    ['Abcdef1!', 'Strong'],
  ])('labels %p as %s', (password, label) => {
    render(<PasswordStrengthMeter password={password} />);
    expect(screen.getByRole('status')).toHaveTextContent(label);
  });

  it('colours the bar by strength', () => {
    const { rerender } = render(<PasswordStrengthMeter password="abc" />);
    const poor = getComputedStyle(screen.getByTestId('password-strength-bar')).backgroundColor;
    rerender(<PasswordStrengthMeter password="Abcdef1!" />);
    const strong = getComputedStyle(screen.getByTestId('password-strength-bar')).backgroundColor;
    expect(poor).not.toBe(strong);
    expect(poor).toBe('rgb(244, 67, 54)');
  });
});
