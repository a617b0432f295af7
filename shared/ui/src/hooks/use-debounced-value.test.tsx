import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './use-debounced-value';

afterEach(() => jest.useRealTimers());

it('follows the value only after it has been still for 166 ms by default', () => {
  jest.useFakeTimers();
  const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value), { initialProps: { value: 'a' } });
  rerender({ value: 'ab' });
  act(() => jest.advanceTimersByTime(100));
  rerender({ value: 'abc' });
  act(() => jest.advanceTimersByTime(165));
  expect(result.current).toBe('a');
  act(() => jest.advanceTimersByTime(1));
  expect(result.current).toBe('abc');
});
