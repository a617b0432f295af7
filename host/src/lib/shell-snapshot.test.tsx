// The shell's snapshot (shell-snapshot.ts): what is kept of the drawn shell (not the page), with the
// rules it is drawn with, for which widths, how much, and its removal.
import { SHELL_SNAPSHOT_ELEMENT_ID, SHELL_SNAPSHOT_FONTS_ELEMENT_ID, SHELL_SNAPSHOT_FORMAT, storageKeys } from '@portal/config';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider, keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { captureShellSnapshot, dropShellSnapshot, saveShellSnapshot, SHELL_PAGE_ATTRIBUTE, type ShellSnapshot } from './shell-snapshot';

const BREAKPOINTS = [0, 600, 900, 1200, 1536];

beforeEach(() => {
  document.head.innerHTML = '<style data-emotion="mui">.mui-1{color:red}</style><style>.not-emotion{color:blue}</style>';
  document.body.innerHTML = `<div id="root"><header>Cloud Backup</header><nav><div class="MuiListItemButton-root Mui-selected" aria-current="page">Backup</div><div class="MuiListItemButton-root">Jobs</div></nav><div ${SHELL_PAGE_ATTRIBUTE}><nav>Dashboard &gt; Backup</nav></div><main><div ${SHELL_PAGE_ATTRIBUTE}><h1>Backup</h1><p>Good Morning, &lt;Chris&gt;</p></div><footer>© 2026</footer></main></div>`;
  document.body.style.cssText = 'font-family: Poppins; color: rgb(1, 2, 3)';
  document.documentElement.dir = 'rtl';
  document.documentElement.lang = 'ar';
});

afterEach(() => localStorage.clear());

const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });

test("keeps the shell's markup with the page's parts emptied, Emotion's rules and the document's direction", () => {
  setWidth(1000);
  const snapshot = captureShellSnapshot(document.getElementById('root')!, BREAKPOINTS, '@font-face{}', []);
  expect(snapshot.format).toBe(SHELL_SNAPSHOT_FORMAT);
  // The menu entry of the page left is not shown selected.
  expect(snapshot.html).toBe(`<div id="root"><header>Cloud Backup</header><nav><div class="MuiListItemButton-root">Backup</div><div class="MuiListItemButton-root">Jobs</div></nav><div ${SHELL_PAGE_ATTRIBUTE}=""></div><main><div ${SHELL_PAGE_ATTRIBUTE}=""></div><footer>© 2026</footer></main></div>`);
  // The page drawn is untouched.
  expect(document.querySelector('h1')?.textContent).toBe('Backup');
  // The body's text styles, for the shadow root's host; none left empty.
  expect(snapshot.css).toMatch(/^:host\{display:block;box-sizing:border-box;font-family:Poppins;color:rgb\(1, 2, 3\)\}\n/);
  expect(snapshot.css).toContain('.mui-1 {color: red;}');
  expect(snapshot.css).not.toContain('not-emotion');
  expect(snapshot).toMatchObject({ fonts: '@font-face{}', dir: 'rtl', lang: 'ar', band: [900, 1200] });
});

test.each([
  [0, [0, 600]],
  [599, [0, 600]],
  [600, [600, 900]],
  [2000, [1536, 1e9]],
])('at a width of %i px it is for the widths %j', (width, band) => {
  setWidth(width);
  expect(captureShellSnapshot(document.getElementById('root')!, BREAKPOINTS, '', []).band).toEqual(band);
});

test('is kept in storage, and a snapshot too large for it replaces none but removes the last', () => {
  setWidth(1000);
  const snapshot = captureShellSnapshot(document.getElementById('root')!, BREAKPOINTS, '', []);
  saveShellSnapshot(snapshot);
  expect(JSON.parse(localStorage.getItem(storageKeys.shellSnapshot)!)).toEqual(snapshot);
  saveShellSnapshot({ ...snapshot, html: 'x'.repeat(1_000_001) } as ShellSnapshot);
  expect(localStorage.getItem(storageKeys.shellSnapshot)).toBeNull();
});

test('dropShellSnapshot hides the painted overlay at once, removes it and its fonts after the frame, and nothing else', async () => {
  document.body.insertAdjacentHTML('afterbegin', `<div id="${SHELL_SNAPSHOT_ELEMENT_ID}"></div>`);
  document.head.insertAdjacentHTML('beforeend', `<style id="${SHELL_SNAPSHOT_FONTS_ELEMENT_ID}"></style>`);
  const overlay = document.getElementById(SHELL_SNAPSHOT_ELEMENT_ID)!;
  const fonts = document.getElementById(SHELL_SNAPSHOT_FONTS_ELEMENT_ID)!;
  dropShellSnapshot();
  expect(document.getElementById(SHELL_SNAPSHOT_ELEMENT_ID)).toBeNull();
  expect(document.getElementById(SHELL_SNAPSHOT_FONTS_ELEMENT_ID)).toBeNull();
  // Not drawn from now on, still in the document in this task (its removal is a task of its own).
  expect(overlay.style.display).toBe('none');
  expect([overlay.isConnected, fonts.isConnected]).toEqual([true, true]);
  await waitFor(() => expect([overlay.isConnected, fonts.isConnected]).toEqual([false, false]));
  expect(document.getElementById('root')).not.toBeNull();
  // Nothing painted: nothing to do.
  expect(() => dropShellSnapshot()).not.toThrow();
});

describe("Emotion's rules, handed to the next visit", () => {
  // Real Emotion (styled components in a cache of their own), so the contract with it is what is tested:
  // a cache created over <style data-emotion="key name…"> (paint-shell.cjs's) takes those styles as inserted.
  const Card = styled.div({ color: 'rgb(1, 1, 1)', '&:hover': { color: 'rgb(2, 2, 2)' }, '@media (min-width: 600px)': { padding: 8 } });
  const Pulse = styled.span({ animation: `${keyframes({ from: { opacity: 1 }, to: { opacity: 0 } })} 1s` });
  const Menu = styled.ul({ margin: 3 });
  const Unused = styled.b({ margin: 4 });

  function draw(cache: EmotionCache, children: ReactNode) {
    return render(<CacheProvider value={cache}>{children}</CacheProvider>);
  }
  /** What paint-shell.cjs does with a snapshot's styles, then a new visit's cache. */
  function nextVisit(snapshot: ShellSnapshot): EmotionCache {
    cleanup();
    document.head.innerHTML = '';
    for (const { key, names, css } of snapshot.styles) document.head.insertAdjacentHTML('beforeend', `<style data-emotion="${key} ${names.join(' ')}">${css}</style>`);
    return createCache({ key: 'mui' });
  }
  const ruleCount = (cache: EmotionCache) => cache.sheet.tags.reduce((sum, tag) => sum + (tag.sheet?.cssRules.length ?? 0), 0);
  const capture = (cache: EmotionCache) => captureShellSnapshot(document.body, BREAKPOINTS, '', [cache]);

  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });
  afterEach(cleanup);

  test('the styles drawn and those used during the visit are kept whole, with their keyframes; the next visit starts with them inserted', () => {
    const cache = createCache({ key: 'mui' });
    // A menu opened and closed during the visit: used, though not drawn when the page is left.
    const menu = draw(cache, <Menu />);
    menu.unmount();
    draw(cache, <><Card className="card" /><Pulse /></>);
    const snapshot = capture(cache);
    expect(snapshot.styles).toHaveLength(1);
    const [{ key, names, css }] = snapshot.styles;
    expect(key).toBe('mui');
    expect(css).toContain(':hover');
    expect(css).toContain('@media (min-width: 600px)');
    expect(css).toMatch(/@keyframes animation-/);
    expect(names).toHaveLength(4);
    // Nothing of the overlay's own rules is kept twice.
    expect(snapshot.css).not.toContain('rgb(1, 1, 1)');

    const next = nextVisit(snapshot);
    for (const name of names) expect(next.inserted[name]).toBe(true);
    const before = ruleCount(next);
    draw(next, <><Card /><Pulse /><Menu /></>);
    // Drawn again, nothing compiled again.
    expect(ruleCount(next)).toBe(before);
    draw(next, <Unused />);
    expect(ruleCount(next)).toBe(before + 1);
  });

  test("a style taken over from the last snapshot and not drawn in this visit is not kept again: what is kept does not grow from visit to visit", () => {
    const cache = createCache({ key: 'mui' });
    draw(cache, <><Card /><Menu /></>);
    const first = capture(cache);
    const next = nextVisit(first);
    draw(next, <Card />);
    const second = capture(next);
    expect(second.styles[0].names).toHaveLength(1);
    expect(second.styles[0].css).not.toContain('margin: 3px');
  });
});
