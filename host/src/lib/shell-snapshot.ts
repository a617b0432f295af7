import { SHELL_SNAPSHOT_ELEMENT_ID, SHELL_SNAPSHOT_FONTS_ELEMENT_ID, SHELL_SNAPSHOT_FORMAT, storageKeys } from '@portal/config';

// Issue 21: a signed-in visit used to show nothing until the app's scripts had run (on a phone, 4-7 s).
// The shell as it was last drawn here (top bar, menu, banners, footer; not the page) is kept in
// storage, and the plain shell's first script (shared/mf-build's paint-shell.cjs) paints it at once,
// an inert overlay, until the app has drawn its own under it (dropShellSnapshot).

/** Marks an element of the shell whose content is the page's (breadcrumbs, the page itself): left empty in the snapshot. */
export const SHELL_PAGE_ATTRIBUTE = 'data-shell-page';

/** MUI's global state class of a selected list item (documented with its state classes). Not imported:
 * this module is in the sign-in page's first chunk, which has no MUI. */
const MUI_SELECTED_CLASS = 'Mui-selected';
/** A snapshot larger than this is not kept (storage is shared with the rest of the portal). */
const MAX_SNAPSHOT_CHARS = 1_000_000;
/** Above every breakpoint (JSON has no Infinity). */
const NO_UPPER_BOUND = 1e9;
/** What the shell's text inherits from <body>, where CssBaseline puts it: a shadow root's host sees none of the page's body rules. */
const INHERITED_FROM_BODY = ['font-family', 'font-size', 'font-weight', 'line-height', 'letter-spacing', 'color', '-webkit-font-smoothing'];

/** What the snapshot reads of an Emotion cache (@emotion/cache's; not imported, see MUI_SELECTED_CLASS). */
export interface StyleCache {
  key: string;
  /** Emotion's record of the style names whose rules it has inserted (true in a browser). */
  inserted: Record<string, string | true | undefined>;
  sheet: { tags: HTMLStyleElement[] };
}

/** An Emotion cache's rules of the styles a visit used (cachedStyles), and those styles' names. */
export interface CachedStyles {
  key: string;
  names: string[];
  css: string;
}

export interface ShellSnapshot {
  format: number;
  /** The shell's markup, the page's parts emptied. */
  html: string;
  /** The rules it is drawn with besides the caches' (`styles`): Emotion's global ones, and the body's inherited text styles for the shadow root's host. */
  css: string;
  /**
   * Per Emotion cache, the rules of the styles this visit used (cachedStyles): the overlay is drawn with them,
   * and paint-shell.cjs hands them to the next visit's app as Emotion's server-rendered styles
   * (<style data-emotion="key name…">), so it starts with them inserted rather than compiling them
   * again (issue 21: stylis was about a third of a phone's main-thread work on /dashboard).
   */
  styles: CachedStyles[];
  /** @font-face rules of the faces it may draw with. */
  fonts: string;
  background: string;
  dir: string;
  lang: string;
  /** The window widths [from, to) between the theme's breakpoints where the app draws this same shell. */
  band: [number, number];
}

/** Rules as the browser holds them (in production Emotion inserts them with insertRule, not as text). */
const rulesOf = (style: HTMLStyleElement): CSSRule[] => Array.from(style.sheet?.cssRules ?? []);

/** A keyframes rule's name (Chromium may keep a -webkit- copy of it too). */
const keyframesName = (rule: CSSRule): string | undefined => /^@(?:-webkit-)?keyframes\s+([\w-]+)/.exec(rule.cssText)?.[1];

/** The names of the styles of `cache` that elements of the document are drawn with (their classes `key-name`). */
function drawnNames(key: string): Set<string> {
  const names = new Set<string>();
  for (const element of Array.from(document.querySelectorAll('[class]'))) {
    for (const token of Array.from(element.classList)) if (token.startsWith(`${key}-`)) names.add(token.slice(key.length + 1));
  }
  return names;
}

/** The names of the styles this page started with from the last snapshot (paint-shell.cjs's <style data-emotion="key name…">). */
const hydratedNames = (cache: StyleCache): Set<string> => new Set(cache.sheet.tags.flatMap((tag) => tag.getAttribute('data-emotion')?.split(' ').slice(1) ?? []));

/**
 * The rules of `cache` for the styles this visit used: drawn now, or compiled during it (a loading
 * state's, a menu's) rather than taken over from the last snapshot, so that what is kept does not grow
 * from visit to visit. Each style whole: a name Emotion is told it has inserted must have all its rules
 * there. A style's rules all carry its class (`.key-name`, first in the rule: Emotion scopes nested
 * selectors under it); keyframes go with the styles that name them.
 */
function cachedStyles(cache: StyleCache): CachedStyles {
  const drawn = drawnNames(cache.key);
  const hydrated = hydratedNames(cache);
  const used = (name: string) => drawn.has(name) || !hydrated.has(name);
  const owner = new RegExp(`\\.${cache.key}-([\\w-]+)`);
  const names = new Set<string>();
  const rules: string[] = [];
  const keyframes: [string, CSSRule][] = [];
  for (const rule of cache.sheet.tags.flatMap(rulesOf)) {
    const animation = keyframesName(rule);
    if (animation !== undefined) {
      keyframes.push([animation, rule]);
      continue;
    }
    const name = owner.exec(rule.cssText)?.[1];
    if (name === undefined || !used(name) || cache.inserted[name] !== true) continue;
    names.add(name);
    rules.push(rule.cssText);
  }
  const text = rules.join('\n');
  for (const [animation, rule] of keyframes) {
    if (cache.inserted[animation] !== true || !text.includes(animation)) continue;
    names.add(animation);
    rules.push(rule.cssText);
  }
  return { key: cache.key, names: [...names], css: rules.join('\n') };
}

/**
 * The shell drawn in `shell` now, for a window of this width between `breakpoints` (the theme's, in px),
 * with the rules of Emotion's `caches` for the styles this visit used.
 */
export function captureShellSnapshot(shell: HTMLElement, breakpoints: number[], fonts: string, caches: StyleCache[]): ShellSnapshot {
  const clone = shell.cloneNode(true) as HTMLElement;
  for (const part of Array.from(clone.querySelectorAll(`[${SHELL_PAGE_ATTRIBUTE}]`))) part.replaceChildren();
  // The menu entry of the page left is not the next visit's: none is shown selected until the app draws.
  for (const entry of Array.from(clone.querySelectorAll('[aria-current="page"]'))) {
    entry.removeAttribute('aria-current');
    entry.classList.remove(MUI_SELECTED_CLASS);
  }
  const body = window.getComputedStyle(document.body);
  const inherited = INHERITED_FROM_BODY.flatMap((name) => {
    const value = body.getPropertyValue(name);
    return value ? [`${name}:${value}`] : [];
  }).join(';');
  const width = window.innerWidth;
  const cacheTags = new Set(caches.flatMap((cache) => cache.sheet.tags));
  const otherRules = Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')).filter((style) => !cacheTags.has(style)).flatMap(rulesOf);
  return {
    format: SHELL_SNAPSHOT_FORMAT,
    html: clone.outerHTML,
    css: [`:host{display:block;box-sizing:border-box;${inherited}}`, ...otherRules.map((rule) => rule.cssText)].join('\n'),
    styles: caches.map(cachedStyles).filter((styles) => styles.names.length > 0),
    fonts,
    background: body.backgroundColor,
    dir: document.documentElement.dir || 'ltr',
    lang: document.documentElement.lang,
    band: [Math.max(0, ...breakpoints.filter((b) => b <= width)), Math.min(NO_UPPER_BOUND, ...breakpoints.filter((b) => b > width))],
  };
}

/** Keeps `snapshot` for the next visit (or none, when it is too large or storage refuses it). */
export function saveShellSnapshot(snapshot: ShellSnapshot): void {
  const text = JSON.stringify(snapshot);
  try {
    if (text.length > MAX_SNAPSHOT_CHARS) window.localStorage.removeItem(storageKeys.shellSnapshot);
    else window.localStorage.setItem(storageKeys.shellSnapshot, text);
  } catch {
    // Storage full or blocked: the next visit draws without it, as before.
  }
}

/**
 * Takes away the painted snapshot, if any: the app has drawn the page itself. Hidden at once (the commit
 * that draws the app's shell is called in a layout effect, so the same frame shows it), removed after
 * that frame: removing the overlay's whole shadow tree and its font faces took 6-10 ms at 1x inside
 * that commit, one long task on a phone. A tab in the background draws no frames: there paint-shell.cjs's
 * own timer removes them.
 */
export function dropShellSnapshot(): void {
  const painted = [SHELL_SNAPSHOT_ELEMENT_ID, SHELL_SNAPSHOT_FONTS_ELEMENT_ID].flatMap((id) => document.getElementById(id) ?? []);
  if (painted.length === 0) return;
  for (const element of painted) {
    element.removeAttribute('id');
    if (element instanceof HTMLElement) element.style.display = 'none';
  }
  requestAnimationFrame(() => setTimeout(() => painted.forEach((element) => element.remove()), 0));
}
