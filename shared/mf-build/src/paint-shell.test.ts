// The plain shell's first script (paint-shell.cjs), run here as the page runs it: it paints a stored
// shell snapshot for a signed-in visitor (inert, hidden from assistive technology, in a closed shadow
// root) only when it was drawn for this width band and format, and adds the app's scripts pinned with
// the page's hashes: at once without a snapshot, after the first frame with one.
import { HOST_INTEGRITY_ELEMENT_ID, SHELL_SNAPSHOT_ELEMENT_ID, SHELL_SNAPSHOT_FONTS_ELEMENT_ID, SHELL_SNAPSHOT_FORMAT, storageKeys } from '@portal/config';
import buildConstants from '@portal/config/build-constants.json';

const { paintShellSource, SHELL_SNAPSHOT_MAX_MS } = require('./paint-shell.cjs') as { paintShellSource: () => string; SHELL_SNAPSHOT_MAX_MS: number };

const sri = (n: number) => `sha384-${Buffer.alloc(48, n).toString('base64')}`;
const json = (id: string, value: unknown) => `<script type="application/json" id="${id}">${JSON.stringify(value)}</script>`;

const SNAPSHOT = {
  format: SHELL_SNAPSHOT_FORMAT,
  html: '<nav aria-label="Main menu"><a href="/backup">Backup</a></nav>',
  css: '.a{color:red}',
  styles: [{ key: 'mui', names: ['1abc', 'animation-x'], css: '.mui-1abc{color:blue}\n@keyframes animation-x{}' }],
  fonts: '@font-face{font-family:"Poppins";src:url(/p.woff2)}',
  background: 'rgb(1, 2, 3)',
  dir: 'rtl',
  lang: 'ar',
  band: [0, 600],
};

/** Runs the script as the page does: parsed before #root, as the current script. */
function run(): void {
  const script = document.createElement('script');
  document.body.prepend(script);
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  try {
    new Function(paintShellSource())();
  } finally {
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  }
}

const overlay = () => document.getElementById(SHELL_SNAPSHOT_ELEMENT_ID);
const added = () => [...document.head.querySelectorAll<HTMLElement>('script[src], link[rel="preload"][as="script"]')].map((el) => [el.getAttribute('src') ?? el.getAttribute('href'), el.getAttribute('integrity')]);
const APP_SCRIPTS = [
  ['/main.1.js', sri(1)],
  ['/12.ab.js', sri(2)],
  ['/34.cd.js', null],
];
const INTL_WORKER = '/intl-warm.ab.js';
/** The workers the page started (jsdom has none): their URLs, or a refusal (intl-warm.cjs). */
let workers: string[] = [];
let refuseWorkers = false;
class RecordedWorker {
  constructor(url: string) {
    if (refuseWorkers) throw new DOMException('refused', 'SecurityError');
    workers.push(url);
  }
}
beforeAll(() => Object.defineProperty(window, 'Worker', { value: RecordedWorker, configurable: true }));
beforeEach(() => {
  workers = [];
  refuseWorkers = false;
});

/** With a stored session: the signed-in shell's chunks too. */
const SIGNED_IN_SCRIPTS = [...APP_SCRIPTS, ['/56.ef.js', null]];

beforeEach(() => {
  document.head.innerHTML =
    json(HOST_INTEGRITY_ELEMENT_ID, { base: '/', files: { 'main.1.js': sri(1), '12.ab.js': sri(2) } }) + json(buildConstants.firstScriptsElementId, { entry: ['/main.1.js'], chunks: ['/12.ab.js', '/34.cd.js'], signedIn: ['/56.ef.js'], intl: INTL_WORKER });
  document.body.innerHTML = '<div id="root"></div>';
  document.documentElement.removeAttribute('dir');
  Object.defineProperty(window, 'innerWidth', { value: 412, configurable: true });
});

/** The page's MessageChannel (jsdom has none), its messages delivered as timers: jest's fake timers run them. */
class TimerMessageChannel {
  port1: { onmessage: (() => void) | null; close: () => void } = { onmessage: null, close: () => undefined };
  port2 = { postMessage: () => setTimeout(() => this.port1.onmessage?.(), 0) };
}

beforeAll(() => Object.defineProperty(window, 'MessageChannel', { value: TimerMessageChannel, configurable: true }));

afterEach(() => {
  localStorage.clear();
  jest.useRealTimers();
});

test('without a stored session it paints nothing and adds the scripts at once, pinned, the entry first and at high priority', () => {
  localStorage.setItem(storageKeys.shellSnapshot, JSON.stringify(SNAPSHOT));
  run();
  expect(overlay()).toBeNull();
  expect(added()).toEqual(APP_SCRIPTS);
  const entry = document.head.querySelector('script[src]') as HTMLScriptElement;
  expect(entry.getAttribute('fetchpriority')).toBe('high');
  expect(entry.async).toBe(false);
});

test('a signed-in visitor gets the shell painted before #root, inert, hidden and closed, with its direction and fonts; the scripts after the first frame, the entry last', () => {
  jest.useFakeTimers();
  localStorage.setItem(storageKeys.serviceToken, 'a.b.c');
  localStorage.setItem(storageKeys.shellSnapshot, JSON.stringify(SNAPSHOT));
  run();
  const painted = overlay()!;
  expect(painted).not.toBeNull();
  expect(painted.nextElementSibling?.id).toBe('root');
  expect(painted.hasAttribute('inert')).toBe(true);
  expect(painted.getAttribute('aria-hidden')).toBe('true');
  // Closed: the document's scripts and selectors do not reach its elements.
  expect(painted.shadowRoot).toBeNull();
  expect(document.querySelector('nav')).toBeNull();
  expect(painted.style.position).toBe('fixed');
  expect(painted.style.backgroundColor).toBe('rgb(1, 2, 3)');
  expect(document.documentElement.dir).toBe('rtl');
  expect(document.documentElement.lang).toBe('ar');
  expect(document.getElementById(SHELL_SNAPSHOT_FONTS_ELEMENT_ID)?.textContent).toBe(SNAPSHOT.fonts);
  expect(added()).toEqual([]);
  jest.advanceTimersToNextFrame();
  // The frame is out; the scripts come in the tasks after it.
  expect(added()).toEqual([]);
  jest.runAllTimers();
  // The entry preloaded first and its script last: when it runs, every chunk's download has started.
  const tags = [...document.head.querySelectorAll<HTMLElement>('script[src], link[rel="preload"][as="script"]')].map((el) => [el.tagName, el.getAttribute('src') ?? el.getAttribute('href'), el.getAttribute('integrity')]);
  expect(tags).toEqual([...SIGNED_IN_SCRIPTS.map((pinned) => ['LINK', ...pinned]), ['SCRIPT', ...APP_SCRIPTS[0]]]);
  expect(document.head.querySelector('link[href="/main.1.js"]')?.getAttribute('fetchpriority')).toBe('high');
});

const hydrated = () => [...document.head.querySelectorAll('style[data-emotion]')].map((style) => [style.getAttribute('data-emotion'), style.textContent]);

test("the caches' rules of the last visit are handed to the app as Emotion's server-rendered styles, and the overlay is drawn with them", () => {
  let root: ShadowRoot | undefined;
  const attach = Element.prototype.attachShadow;
  jest.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init: ShadowRootInit) {
    root = attach.call(this, init);
    return root;
  });
  localStorage.setItem(storageKeys.serviceToken, 'a.b.c');
  localStorage.setItem(storageKeys.shellSnapshot, JSON.stringify(SNAPSHOT));
  run();
  expect(hydrated()).toEqual([['mui 1abc animation-x', SNAPSHOT.styles[0].css]]);
  expect(root?.querySelector('style')?.textContent).toBe(`${SNAPSHOT.css}\n${SNAPSHOT.styles[0].css}`);
  jest.restoreAllMocks();
});

test('the rules are handed over for a snapshot of another width band too, and none without a session', () => {
  localStorage.setItem(storageKeys.serviceToken, 'a.b.c');
  localStorage.setItem(storageKeys.shellSnapshot, JSON.stringify({ ...SNAPSHOT, band: [600, 900] }));
  run();
  expect(overlay()).toBeNull();
  expect(hydrated()).toHaveLength(1);
  document.head.querySelector('style[data-emotion]')?.remove();
  localStorage.removeItem(storageKeys.serviceToken);
  run();
  expect(hydrated()).toEqual([]);
});

test.each([
  ['a key', { key: 'mui" onload="x', names: ['1abc'], css: '' }],
  ['a name', { key: 'mui', names: ['1abc x="y'], css: '' }],
])('a stored entry with %s that is not one is not handed over', (_name, entry) => {
  localStorage.setItem(storageKeys.serviceToken, 'a.b.c');
  localStorage.setItem(storageKeys.shellSnapshot, JSON.stringify({ ...SNAPSHOT, styles: [entry, SNAPSHOT.styles[0]] }));
  run();
  expect(hydrated().map(([attribute]) => attribute)).toEqual(['mui 1abc animation-x']);
});

test.each([
  ['drawn for another width band', { band: [600, 900] }],
  ['of another format', { format: SHELL_SNAPSHOT_FORMAT + 1 }],
])('a snapshot %s is not painted; the signed-in shell is preloaded still', (_name, change) => {
  localStorage.setItem(storageKeys.serviceToken, 'a.b.c');
  localStorage.setItem(storageKeys.shellSnapshot, JSON.stringify({ ...SNAPSHOT, ...change }));
  run();
  expect(overlay()).toBeNull();
  expect(added()).toEqual(SIGNED_IN_SCRIPTS);
});

test('the overlay takes only a colour for its background, never an image', () => {
  localStorage.setItem(storageKeys.serviceToken, 'a.b.c');
  localStorage.setItem(storageKeys.shellSnapshot, JSON.stringify({ ...SNAPSHOT, background: 'url(https://example.com/x.png)' }));
  run();
  expect(overlay()!.style.backgroundImage).toBe('');
});

test('an unreadable snapshot paints nothing and the app still loads', () => {
  localStorage.setItem(storageKeys.serviceToken, 'a.b.c');
  localStorage.setItem(storageKeys.shellSnapshot, '{not json');
  run();
  expect(overlay()).toBeNull();
  expect(added()).toEqual(SIGNED_IN_SCRIPTS);
});

test('the overlay goes by itself after SHELL_SNAPSHOT_MAX_MS when the app never took over', () => {
  jest.useFakeTimers();
  localStorage.setItem(storageKeys.serviceToken, 'a.b.c');
  localStorage.setItem(storageKeys.shellSnapshot, JSON.stringify(SNAPSHOT));
  run();
  jest.advanceTimersByTime(SHELL_SNAPSHOT_MAX_MS - 1);
  expect(overlay()).not.toBeNull();
  jest.advanceTimersByTime(1);
  expect(overlay()).toBeNull();
  expect(document.getElementById(SHELL_SNAPSHOT_FONTS_ELEMENT_ID)).toBeNull();
});

test("a signed-in visit starts ICU on a worker (intl-warm.cjs) before the shell paints; a visit without a session does not", () => {
  run();
  expect(workers).toEqual([]);
  localStorage.setItem(storageKeys.serviceToken, 'a.b.c');
  localStorage.setItem(storageKeys.shellSnapshot, JSON.stringify(SNAPSHOT));
  let paintedBeforeWorker: boolean | undefined;
  const create = jest.spyOn(document, 'createElement');
  create.mockImplementation(function (this: Document, tag: string, options?: ElementCreationOptions) {
    if (paintedBeforeWorker === undefined && tag === 'div') paintedBeforeWorker = workers.length === 0;
    return Document.prototype.createElement.call(this, tag, options);
  });
  run();
  create.mockRestore();
  expect(workers).toEqual([INTL_WORKER]);
  expect(paintedBeforeWorker).toBe(false);
  expect(overlay()).not.toBeNull();
});

test('a worker the browser refuses leaves the page to paint and load as before', () => {
  refuseWorkers = true;
  localStorage.setItem(storageKeys.serviceToken, 'a.b.c');
  localStorage.setItem(storageKeys.shellSnapshot, JSON.stringify({ ...SNAPSHOT, band: [600, 900] }));
  run();
  expect(added()).toEqual(SIGNED_IN_SCRIPTS);
});
