// jsdom leaves out the Fetch API. Node 20 has it, so hand Node's own classes to the jsdom window.
// AbortController/AbortSignal come along because Node's Request rejects jsdom's signals.
// The web project of jest.config.cjs runs every browser-side test in it.
const { TestEnvironment } = require('jest-environment-jsdom');

const FETCH_GLOBALS = ['fetch', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'ReadableStream', 'TextEncoder', 'TextDecoder'];

class JsdomFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FETCH_GLOBALS) {
      if (typeof globalThis[name] !== 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomFetchEnvironment;
