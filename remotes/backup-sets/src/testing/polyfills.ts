// jsdom lacks TextEncoder/TextDecoder, which the shared request stack needs at import time.
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
