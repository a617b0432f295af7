// The first script of a prerendered page (host-pages.cjs), run here as the page runs it: it starts the
// page's scripts only after the markup has painted, pinned with the page's hashes, and keeps a press
// of a prerendered form's button for the app.
import { HOST_INTEGRITY_ELEMENT_ID, PRERENDERED_ELEMENT_ID, PRERENDERED_SUBMIT_ATTRIBUTE } from '@portal/config';
import buildConstants from '@portal/config/build-constants.json';

const { paintFirstSource } = require('./host-pages.cjs') as { paintFirstSource: () => string };

const sri = (n: number) => `sha384-${Buffer.alloc(48, n).toString('base64')}`;
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5)));

function json(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value)}</script>`;
}

beforeEach(() => {
  document.head.innerHTML =
    json(HOST_INTEGRITY_ELEMENT_ID, { base: '/', files: { 'main.1.js': sri(1), '12.ab.js': sri(2) } }) + json(buildConstants.firstScriptsElementId, { entry: ['/main.1.js'], chunks: ['/12.ab.js', '/34.cd.js'] });
  document.body.innerHTML = `<div id="${PRERENDERED_ELEMENT_ID}"><form id="login-form"><input id="name" /><button type="button">Sign In</button></form><a href="#x">link</a></div><div id="root"></div>`;
});

test('the scripts start after the first frame, each pinned with the hash the page carries', async () => {
  new Function(paintFirstSource())();
  // Not while the markup has yet to paint.
  expect(document.head.querySelectorAll('script[src], link[rel="preload"]')).toHaveLength(0);
  await nextFrame();
  const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [link.getAttribute('href'), link.getAttribute('as'), link.getAttribute('integrity')]);
  expect(preloads).toEqual([
    ['/12.ab.js', 'script', sri(2)],
    ['/34.cd.js', 'script', null],
  ]);
  const [main] = document.head.querySelectorAll<HTMLScriptElement>('script[src]');
  expect([main.getAttribute('src'), main.getAttribute('integrity'), main.async]).toEqual(['/main.1.js', sri(1), false]);
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
