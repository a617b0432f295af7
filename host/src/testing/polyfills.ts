// jsdom lacks TextEncoder/TextDecoder, which react-router 7 and ky need at import time.
// Imported first by the host's DOM tests (the root jest setup belongs to another package).
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// jsdom has no fetch API; react-router's data router builds a Request for every navigation
// and reads only url, method and signal from it when no route has a loader.
if (typeof globalThis.Request === 'undefined') {
  class MinimalRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers: Headers;

    constructor(input: string | URL | MinimalRequest, init: { method?: string; signal?: AbortSignal; headers?: HeadersInit } = {}) {
      this.url = input instanceof MinimalRequest ? input.url : String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = new Headers(init.headers);
    }
  }
  Object.assign(globalThis, { Request: MinimalRequest });
}

// jsdom has no matchMedia; answer like a desktop browser so the drawer is the persistent one.
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
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
