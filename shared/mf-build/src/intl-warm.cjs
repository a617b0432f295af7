'use strict';
// ICU's start-up off the page's thread (issue 21). The first Intl formatter a page creates starts ICU:
// its locale data, time zone and date pattern generator, about 25-45 ms in Chromium at full speed here
// (100-180 ms at a phone's 4x CPU), in one task that cannot be split. ICU keeps what it loads for the
// whole renderer process, and a dedicated worker runs in the page's process: once a worker has created
// its formatters, the page's first Intl.DateTimeFormat takes about 0.5 ms (measured in Debian's
// Chromium: 23-51 ms without the worker, 0.3-0.6 ms after it, for the default locale's date, date-time
// and number formats alike). So the host pages' first scripts start this worker as the app starts, and
// the signed-in pages' dates and numbers are formatted without that long task on the page's thread.
// A browser without workers, or a worker that fails, leaves the page to start ICU itself, as before.
const crypto = require('node:crypto');

/** The worker: the formats the app's pages create (their options do not matter: ICU is what starts). */
const WORKER_SOURCE = `new Intl.DateTimeFormat().format(0);
new Intl.NumberFormat().format(0);
close();
`;

/** Emitted under its content hash, like the pages' first scripts. */
const intlWarmFile = `intl-warm.${crypto.createHash('sha256').update(WORKER_SOURCE).digest('hex').slice(0, 20)}.js`;

/**
 * The source of `warmIntl()` for a page's first script: starts the worker named in the page's list of
 * first scripts (`list.intl`). Same origin, so the pages' script-src 'self' allows it (worker-src falls
 * back to it).
 */
const intlWarmStartSource = () => `function warmIntl() {
    if (!list.intl || typeof Worker !== 'function') return;
    try {
      new Worker(list.intl);
    } catch (error) {
      // Refused (a policy, a sandbox): the page starts ICU itself when it first formats.
    }
  }`;

module.exports = { WORKER_SOURCE, intlWarmFile, intlWarmStartSource };
