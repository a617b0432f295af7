// No imports: the entry (index.ts) calls this before Module Federation has negotiated shared modules.

/**
 * Starts the browser's date and number formatting (ICU) in a task of its own. The first
 * Intl.DateTimeFormat of a page loads ICU's locale data, time zone and pattern generator: about 15 ms
 * in Chromium at full speed, 60 ms on a phone, and any formatter after it, whatever its options,
 * takes about 0.1 ms. Left to the dashboard's first render, that cost landed inside React's already
 * long task; here it runs while the page's chunks are still downloading.
 */
export function warmIntl(): void {
  setTimeout(() => {
    new Intl.DateTimeFormat().format(0);
    new Intl.NumberFormat().format(0);
  }, 0);
}
