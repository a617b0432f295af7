/** @jest-environment jsdom */
// Plain jsdom (no Fetch API, no TextEncoder): the package must still import, so UI code and
// tests that only need the loading store do not need a fetch-capable environment.
import * as requestPackage from './index';

it('imports without a Fetch API in the environment', () => {
  expect(typeof (globalThis as { TextEncoder?: unknown }).TextEncoder).toBe('undefined');
  expect(typeof requestPackage.request).toBe('function');
  expect(requestPackage.loadingStore.getState().count).toBe(0);
});
