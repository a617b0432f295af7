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

export interface ShellSnapshot {
  format: number;
  /** The shell's markup, the page's parts emptied. */
  html: string;
  /** The rules it is drawn with: Emotion's, and the body's inherited text styles for the shadow root's host. */
  css: string;
  /** @font-face rules of the faces it may draw with. */
  fonts: string;
  background: string;
  dir: string;
  lang: string;
  /** The window widths [from, to) between the theme's breakpoints where the app draws this same shell. */
  band: [number, number];
}

/** Emotion's rules as the browser holds them (in production they are inserted with insertRule, not as text). */
function emotionRules(): string[] {
  const rules: string[] = [];
  for (const style of Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion]'))) {
    for (const rule of Array.from(style.sheet?.cssRules ?? [])) rules.push(rule.cssText);
  }
  return rules;
}

/** The shell drawn in `shell` now, for a window of this width between `breakpoints` (the theme's, in px). */
export function captureShellSnapshot(shell: HTMLElement, breakpoints: number[], fonts: string): ShellSnapshot {
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
  return {
    format: SHELL_SNAPSHOT_FORMAT,
    html: clone.outerHTML,
    css: [`:host{display:block;box-sizing:border-box;${inherited}}`, ...emotionRules()].join('\n'),
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

/** Removes the painted snapshot, if any: the app has drawn the page itself. */
export function dropShellSnapshot(): void {
  document.getElementById(SHELL_SNAPSHOT_ELEMENT_ID)?.remove();
  document.getElementById(SHELL_SNAPSHOT_FONTS_ELEMENT_ID)?.remove();
}
