import { greetingAt } from './greeting';

const at = (hour: number) => new Date(2026, 0, 15, hour, 30, 0);

describe('profile menu greeting by hour', () => {
  it.each([
    [4, 'Good Evening'],
    [5, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [17, 'Good Afternoon'],
    [18, 'Good Evening'],
  ])('at %i:30 says %s', (hour, expected) => {
    expect(greetingAt(at(hour))).toBe(expected);
  });
});
