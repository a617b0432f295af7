import { authStore } from '@portal/auth-bridge';
import { DEFAULT_CONFIG, PLAIN_SHELL_COOKIE, PRERENDERED_ELEMENT_ID, PRERENDERED_SUBMIT_ATTRIBUTE } from '@portal/config';
import { displaySettingsStore, selectDisplayConfig } from '@portal/ui/base';

// The portal sends the sign-in page prerendered (host/scripts/prerender-login.tsx, issue 21): its
// markup shows until the app has drawn the same page, then goes. What a visitor typed into it, where
// the caret was and a press of its submit button carry over, so nothing is lost to the scripts arriving.

const prerenderedPage = () => document.getElementById(PRERENDERED_ELEMENT_ID);

export interface PrerenderedFocus {
  id: string;
  start: number | null;
  end: number | null;
}

/** The prerendered page's focused input and its selection, if it has the focus. */
export function focusInPrerenderedPage(): PrerenderedFocus | null {
  const page = prerenderedPage();
  const active = document.activeElement;
  return page && active instanceof HTMLInputElement && page.contains(active) ? { id: active.id, start: active.selectionStart, end: active.selectionEnd } : null;
}

/**
 * Gives `input` the value `value` as typing would: through the element's own setter, which React's
 * controlled inputs do not watch, and an input event, which their onChange handles.
 */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Removes the prerendered page once the app has drawn its own: the app's root shows from then on (the
 * page's CSS hides it while the prerendered element precedes it). The app's inputs and forms carry the
 * same ids, so what was typed goes to their counterparts (read now: nothing can be typed into the page
 * after this), the focus and selection it had (`focused`, read in the same commit before the app's
 * page's autoFocus could move it) follow, and a form whose button was pressed meanwhile (kept by the
 * page's first script, shared/mf-build's host-pages.cjs) is submitted once the carried values are in
 * the app's state.
 */
export function takeOverPrerenderedPage(focused: PrerenderedFocus | null): void {
  const page = prerenderedPage();
  if (!page) return;
  const typed = [...page.querySelectorAll('input')].filter((input) => input.id && input.value).map((input) => [input.id, input.value] as const);
  const submitted = page.getAttribute(PRERENDERED_SUBMIT_ATTRIBUTE);
  page.remove();
  for (const [id, value] of typed) {
    const counterpart = document.getElementById(id);
    if (counterpart instanceof HTMLInputElement && counterpart.value !== value) typeInto(counterpart, value);
  }
  const counterpart = focused && document.getElementById(focused.id);
  if (counterpart instanceof HTMLInputElement) counterpart.focus();
  // What it was given (React's controlled input shows its last rendered value until it renders this one).
  const carried = typed.find(([id]) => id === focused?.id)?.[1] ?? '';
  const form = submitted && document.getElementById(submitted);
  // Once React has rendered the carried values (it sets a controlled input's value again, which moves
  // the caret to the end, and a submit handler reads its state as last rendered). Not when the visitor
  // has typed on since (the app runs at their first key, so they often are typing): their caret is
  // where their typing left it, and moving it back put the next keys before the last one ("custmero").
  setTimeout(() => {
    if (focused && counterpart instanceof HTMLInputElement && document.activeElement === counterpart && counterpart.value === carried && focused.start !== null && focused.end !== null) {
      counterpart.setSelectionRange(focused.start, focused.end);
    }
    if (form instanceof HTMLFormElement) form.requestSubmit();
  });
}

/** Whether the prerendered sign-in page looks as this browser would draw it: default display settings, nobody signed in. */
export function prerenderedPageFits(): boolean {
  const config = selectDisplayConfig(displaySettingsStore.getState());
  const defaults = DEFAULT_CONFIG as unknown as Record<string, unknown>;
  return authStore.getState().user === null && Object.entries(config).every(([key, value]) => defaults[key] === value);
}

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Keeps the plain-shell cookie in step with prerenderedPageFits: the server reads it to send the plain
 * shell at /login to a browser whose page would look different (dark mode, another font or preset, a
 * session), so no such visitor sees the default page first. It says nothing about the user.
 */
export function watchShellChoice(): () => void {
  const update = () => {
    document.cookie = prerenderedPageFits()
      ? `${PLAIN_SHELL_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`
      : `${PLAIN_SHELL_COOKIE}=plain; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Strict`;
  };
  update();
  const unsubscribers = [displaySettingsStore.subscribe(update), authStore.subscribe(update)];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
