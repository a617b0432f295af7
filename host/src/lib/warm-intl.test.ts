// warmIntl: the page's first formatters (ICU's start-up) are created in tasks of their own, one step
// per task (the date formatter, its first format, the number formatter), not in the caller's task
// nor later inside a render.
import { warmIntl } from './warm-intl';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('the date formatter, its first format and the number formatter come in three later tasks', () => {
  const dates = jest.spyOn(Intl, 'DateTimeFormat');
  const numbers = jest.spyOn(Intl, 'NumberFormat');
  const calls = () => [dates.mock.calls.length, numbers.mock.calls.length, jest.getTimerCount()];
  warmIntl();
  expect(calls()).toEqual([0, 0, 1]);
  jest.runOnlyPendingTimers();
  expect(calls()).toEqual([1, 0, 1]);
  jest.runOnlyPendingTimers();
  expect(calls()).toEqual([1, 0, 1]);
  jest.runOnlyPendingTimers();
  expect(calls()).toEqual([1, 1, 0]);
});
