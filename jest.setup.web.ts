import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy/waitFor wait for what a page shows; their 1 s default is a timing assertion in disguise on
// a shared 2-core machine where a lazy page's first render can take longer.
configure({ asyncUtilTimeout: 5_000 });

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
