// No imports: the entry (index.ts) calls this before Module Federation has negotiated shared modules.

/**
 * Starts the browser's date and number formatting (ICU) in tasks of their own. The first
 * Intl.DateTimeFormat of a page loads ICU's locale data, time zone and pattern generator: about 15 ms
 * in Chromium at full speed, 60 ms on a phone, and any formatter after it, whatever its options,
 * takes about 0.1 ms. Left to the dashboard's first render, that cost landed inside React's already
 * long task; here it runs while the page's chunks are still downloading. Three tasks, one after
 * another (creating the date formatter, its first format, the number formatter): in one they made a
 * task of about 80 ms on a phone, over the 50 ms that counts as blocking.
 */
export function warmIntl(): void {
  let dates: Intl.DateTimeFormat;
  const steps = [
    () => (dates = new Intl.DateTimeFormat()),
    () => dates.format(0),
    () => new Intl.NumberFormat().format(0),
  ];
  const next = () => {
    steps.shift()!();
    if (steps.length) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
