import { countLabel } from './count-label';

describe('countLabel', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(countLabel(1, 'user')).toBe('1 user');
    expect(countLabel(0, 'user')).toBe('0 users');
    expect(countLabel(2, 'user')).toBe('2 users');
    expect(countLabel(1200, 'seat')).toBe('1,200 seats');
  });

  it('takes an irregular plural', () => {
    expect(countLabel(1, 'entry', 'entries')).toBe('1 entry');
    expect(countLabel(3, 'entry', 'entries')).toBe('3 entries');
  });
});
