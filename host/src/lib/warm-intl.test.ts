// warmIntl: the first formatter of the page (ICU's start-up) is created in a task of its own, not in
// the caller's task nor later inside a render.
import { warmIntl } from './warm-intl';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('a date and a number formatter are created in a later task, not in the caller’s', () => {
  const dates = jest.spyOn(Intl, 'DateTimeFormat');
  const numbers = jest.spyOn(Intl, 'NumberFormat');
  warmIntl();
  expect(dates).not.toHaveBeenCalled();
  expect(numbers).not.toHaveBeenCalled();
  expect(jest.getTimerCount()).toBe(1);
  jest.runOnlyPendingTimers();
  expect(dates).toHaveBeenCalledTimes(1);
  expect(numbers).toHaveBeenCalledTimes(1);
});
