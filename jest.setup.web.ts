import '@testing-library/jest-dom';

// The page's one query cache outlives a test: each test starts with an empty one. Required here,
// not imported above, so a test's jest.mock of what the data layer imports still takes effect.
afterEach(() => {
  (require('@portal/data/query-client') as typeof import('@portal/data/query-client')).portalQueryClient.clear();
});

// jsdom has no matchMedia; answer like a desktop browser so the drawer is the persistent one.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: /min-width/.test(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
