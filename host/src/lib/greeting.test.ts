import { greetingForHour } from '@portal/config';
import { greetingAt, greetingKeyAt } from './greeting';

// The hour boundaries are greetingForHour's (tested in @portal/config); here, that the profile menu
// reads the local hour and names the matching message.
const at = (hour: number) => new Date(2026, 0, 15, hour, 30, 0);

describe('profile menu greeting', () => {
  it('follows the local hour of the given time', () => {
    for (const hour of [4, 9, 15, 20]) expect(greetingAt(at(hour))).toBe(greetingForHour(hour));
  });

  it('names the i18n message of each greeting', () => {
    expect(greetingKeyAt(at(9))).toBe('profile.greetingMorning');
    expect(greetingKeyAt(at(15))).toBe('profile.greetingAfternoon');
    expect(greetingKeyAt(at(20))).toBe('profile.greetingEvening');
  });
});
