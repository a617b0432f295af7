// The first script of a prerendered page (host-pages.cjs), run here as the page runs it: it downloads
// the page's scripts only after the markup has painted, pinned with the page's hashes, runs the app at
// the visitor's first interaction (or later, or at once for a stored session), and keeps a press of a
// prerendered form's button for the app.
import { HOST_INTEGRITY_ELEMENT_ID, PRERENDERED_ELEMENT_ID, PRERENDERED_SUBMIT_ATTRIBUTE, storageKeys } from '@portal/config';
import buildConstants from '@portal/config/build-constants.json';

const { paintFirstSource, START_AFTER_LOAD_MS } = require('./host-pages.cjs') as { paintFirstSource: () => string; START_AFTER_LOAD_MS: number };

const sri = (n: number) => `sha384-${Buffer.alloc(48, n).toString('base64')}`;
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5)));
// The preloads go one per task.
const tasks = (n: number) => new Promise((resolve) => setTimeout(resolve, n * 5));

function json(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value)}</script>`;
}

beforeEach(() => {
  document.head.innerHTML =
    json(HOST_INTEGRITY_ELEMENT_ID, { base: '/', files: { 'main.1.js': sri(1), '12.ab.js': sri(2) } }) + json(buildConstants.firstScriptsElementId, { entry: ['/main.1.js'], chunks: ['/12.ab.js', '/34.cd.js'], intl: '/intl-warm.ab.js' });
  document.body.innerHTML = `<div id="${PRERENDERED_ELEMENT_ID}"><form id="login-form"><input id="name" /><button type="button">Sign In</button></form><a href="#x">link</a></div><div id="root"></div>`;
});

/** The workers the page started (jsdom has none): ICU's, as the app starts (intl-warm.cjs). */
let workers: string[] = [];
beforeAll(() =>
  Object.defineProperty(window, 'Worker', {
    value: class {
      constructor(url: string) {
        workers.push(url);
      }
    },
    configurable: true,
  }),
);
beforeEach(() => (workers = []));

const prefetches = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => [link.getAttribute('href'), link.getAttribute('integrity')]);
const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => [script.getAttribute('src'), script.getAttribute('integrity'), script.async]);
const MAIN_SCRIPT = [['/main.1.js', sri(1), false]];

afterEach(() => {
  localStorage.clear();
  jest.useRealTimers();
});

test('the scripts download after the first frame, one per task, and the app runs at the first key, pinned with the hash the page carries', async () => {
  new Function(paintFirstSource())();
  // Not while the markup has yet to paint.
  expect(prefetches()).toHaveLength(0);
  await nextFrame();
  await tasks(3);
  expect(prefetches()).toEqual([
    ['/main.1.js', sri(1)],
    ['/12.ab.js', sri(2)],
    ['/34.cd.js', null],
  ]);
  // Downloaded, not run: the app waits for the visitor. The page's own autofocus is not the visitor.
  document.getElementById('name')!.focus();
  expect(scripts()).toEqual([]);
  expect(workers).toEqual([]);
  document.getElementById('name')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'c', bubbles: true }));
  expect(scripts()).toEqual(MAIN_SCRIPT);
  // With the app, ICU starts on a worker for the signed-in page it goes on to.
  expect(workers).toEqual(['/intl-warm.ab.js']);
  // Once.
  document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  expect(scripts()).toEqual(MAIN_SCRIPT);
  expect(workers).toHaveLength(1);
  expect(prefetches()[0]).toEqual(['/main.1.js', sri(1)]);
});

test.each(['mousemove', 'pointerdown', 'touchstart', 'wheel', 'input'])('%s anywhere on the page runs the app', (type) => {
  new Function(paintFirstSource())();
  document.getElementById('name')!.dispatchEvent(new Event(type, { bubbles: true }));
  expect(scripts()).toEqual(MAIN_SCRIPT);
});

test('a visitor who only looks gets the app START_AFTER_LOAD_MS after the load event', () => {
  jest.useFakeTimers();
  new Function(paintFirstSource())();
  jest.advanceTimersByTime(START_AFTER_LOAD_MS - 1);
  expect(scripts()).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(scripts()).toEqual(MAIN_SCRIPT);
});

test('with a stored session the app runs at once, to send the visitor on to its page', () => {
  localStorage.setItem(storageKeys.serviceToken, 'a.b.c');
  new Function(paintFirstSource())();
  expect(scripts()).toEqual(MAIN_SCRIPT);
  expect(prefetches()[0]).toEqual(['/main.1.js', sri(1)]);
});

test("a press of a prerendered form's button, or Enter in its field, is kept as the form's id; other clicks are not", () => {
  new Function(paintFirstSource())();
  const page = document.getElementById(PRERENDERED_ELEMENT_ID)!;
  page.querySelector('a')!.click();
  expect(page.getAttribute(PRERENDERED_SUBMIT_ATTRIBUTE)).toBeNull();
  page.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  expect(page.getAttribute(PRERENDERED_SUBMIT_ATTRIBUTE)).toBe('login-form');
  page.removeAttribute(PRERENDERED_SUBMIT_ATTRIBUTE);
  page.querySelector('button')!.click();
  expect(page.getAttribute(PRERENDERED_SUBMIT_ATTRIBUTE)).toBe('login-form');
});
