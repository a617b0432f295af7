import { act, renderHook } from '@testing-library/react';
import { loadingStore, useIsLoading, useLoading } from './loading-store';

beforeEach(() => loadingStore.getState().reset());

it('useLoading and useIsLoading follow the counter', () => {
  const count = renderHook(() => useLoading());
  const busy = renderHook(() => useIsLoading());
  expect(count.result.current).toBe(0);
  expect(busy.result.current).toBe(false);
  act(() => loadingStore.getState().start());
  expect(count.result.current).toBe(1);
  expect(busy.result.current).toBe(true);
  act(() => loadingStore.getState().stop());
  expect(busy.result.current).toBe(false);
});
