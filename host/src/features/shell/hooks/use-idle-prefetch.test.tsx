import { act, renderHook } from '@testing-library/react';
import { prefetchRemoteEntry, prefetchRoute, prefetchRouteFiles } from '../../../lib/federation/prefetch';
import type { MenuNode } from '../lib/menu-items';
import { RUN_NEXT_PAGE_AFTER_MS, useIdlePrefetch } from './use-idle-prefetch';

jest.mock('../../../lib/federation/prefetch', () => ({
  ...jest.requireActual('../../../lib/when-idle'),
  prefetchRoute: jest.fn(),
  prefetchRouteFiles: jest.fn().mockResolvedValue(undefined),
  prefetchRemoteEntry: jest.fn(),
}));

const MENU: MenuNode[] = [
  { type: 'item', routeId: 'dashboard' },
  { type: 'item', routeId: 'backup' },
] as unknown as MenuNode[];

beforeEach(() => {
  jest.useFakeTimers();
  (prefetchRoute as jest.Mock).mockClear();
  (prefetchRouteFiles as jest.Mock).mockClear();
  (prefetchRemoteEntry as jest.Mock).mockClear();
});
afterEach(() => jest.useRealTimers());

test("downloads the first remote page's files when idle, and runs its code only once the page has long settled", () => {
  renderHook(() => useIdlePrefetch(MENU));
  jest.advanceTimersByTime(2000);
  expect(prefetchRouteFiles).toHaveBeenCalledWith(expect.objectContaining({ owner: 'backup_sets' }));
  expect(prefetchRoute).not.toHaveBeenCalled();
  jest.advanceTimersByTime(RUN_NEXT_PAGE_AFTER_MS - 2000);
  expect(prefetchRoute).toHaveBeenCalledWith(expect.objectContaining({ owner: 'backup_sets' }));
});

test('leaving the shell before then cancels both', () => {
  const { unmount } = renderHook(() => useIdlePrefetch(MENU));
  unmount();
  jest.advanceTimersByTime(RUN_NEXT_PAGE_AFTER_MS * 2);
  expect(prefetchRouteFiles).not.toHaveBeenCalled();
  expect(prefetchRemoteEntry).not.toHaveBeenCalled();
  expect(prefetchRoute).not.toHaveBeenCalled();
});

test('then downloads the entry of every other remote the menu leads to, pages and dialogs alike, without running it', async () => {
  const menu = [
    ...MENU,
    { type: 'item', routeId: 'userActivity' },
    {
      type: 'group',
      id: 'support',
      children: [{ type: 'popup', id: 'feedback', dialog: { remote: 'support', module: './FeedbackDialog', title: 'Feedback' } }],
    },
  ] as unknown as MenuNode[];
  renderHook(() => useIdlePrefetch(menu));
  expect(prefetchRemoteEntry).not.toHaveBeenCalled();
  await act(async () => {
    jest.advanceTimersByTime(2000);
  });
  expect((prefetchRemoteEntry as jest.Mock).mock.calls.map(([remote]) => remote)).toEqual(['backup_sets', 'admin_ops', 'support']);
  expect(prefetchRoute).not.toHaveBeenCalled();
});
