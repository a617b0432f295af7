import { passwordStrength, strengthColor, strengthLabel } from './password-strength';

describe('passwordStrength', () => {
  it.each([
    ['', 0],
    ['abcde', 0],
    ['abcdef', 1],
    ['abcdefgh', 2],
    ['abcdefg1', 3],
    ['abcdef1!', 4],
    ['Abcdef1!', 5],
    ['Ab', 1],
    ['1', 1],
    ['-', 1],
    ['Aa1!', 3],
  ])('scores %p as %i', (password, score) => {
    expect(passwordStrength(password)).toBe(score);
  });

  it.each(['!', '#', '@', '$', '%', '^', '&', '*', ')', '(', '+', '=', '.', '_', '-'])('counts %s as special', (ch) => {
    expect(passwordStrength(ch)).toBe(1);
  });

  it.each(['?', '~', '/', ' ', '[', ','])('does not count %p as special', (ch) => {
    expect(passwordStrength(ch)).toBe(0);
  });

  it('never exceeds 5', () => {
    expect(passwordStrength('VeryLong&Complex#Passw0rd123')).toBe(5);
  });
});

describe('strengthLabel', () => {
  it.each([
    [-1, 'Poor'],
    [0, 'Poor'],
    [1, 'Poor'],
    [1.5, 'Poor'],
    [2, 'Weak'],
    [3, 'Normal'],
    [4, 'Good'],
    [5, 'Strong'],
    [6, 'Poor'],
    [99, 'Poor'],
  ])('labels %p as %s', (score, label) => {
    expect(strengthLabel(score)).toBe(label);
  });

  it('gives Poor and Strong different colours', () => {
    expect(strengthColor(0)).not.toBe(strengthColor(5));
    expect(strengthColor(6)).toBe(strengthColor(0));
  });
});
