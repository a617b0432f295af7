'use strict';
// The plain shell's first script (issue 21): a signed-in visit paints the shell as this browser last
// drew it (host/src/lib/shell-snapshot.ts writes it) before the app's scripts have run, instead of a
// blank page until they have. It is an overlay, inert and hidden from assistive technology: nothing in
// it can be clicked, focused or read out, and the app draws the real page under it and removes it.
// It runs synchronously, before #root, so the first paint already has it; then it adds the app's
// scripts (host-pages.cjs's plainShell says when).
const { scriptAdderSource } = require('./script-adder.cjs');
const { intlWarmStartSource } = require('./intl-warm.cjs');
const { firstScriptsElementId, serviceTokenStorageKey, shellSnapshotStorageKey, shellSnapshotElementId, shellSnapshotFontsElementId, shellSnapshotFormat } = require('@portal/config/build-constants.json');

/** When the app has not taken over by then (it failed to start), the overlay goes anyway. */
const SHELL_SNAPSHOT_MAX_MS = 10000;

/**
 * The script. The snapshot's markup is the app's own DOM serialised, parsed here into a closed shadow
 * root: its styles (the app's rules when it was drawn) apply there only, and page scripts and test
 * selectors of the document do not see its elements. It never runs script: innerHTML does not run
 * <script>, and the page's CSP (script-src without 'unsafe-inline') refuses inline handlers and
 * javascript: URLs. Its styles are text of a <style> element, never markup.
 */
const paintShellSource = () => `(function () {
  var script = document.currentScript;
  var list = JSON.parse(document.getElementById(${JSON.stringify(firstScriptsElementId)}).textContent);
  ${scriptAdderSource()}
  ${intlWarmStartSource()}
  // A task of its own, without setTimeout's clamping (4 ms each from the fifth nested one: some 50 tags
  // held the entry back by 200 ms).
  function nextTask(callback) {
    var channel = new MessageChannel();
    channel.port1.onmessage = function () {
      channel.port1.close();
      callback();
    };
    channel.port2.postMessage(null);
  }
  // The entry first and at high priority: on HTTP/1.1 (six connections) it waited behind the chunks,
  // and nothing runs before it. Then the chunks behind its async boundary, preloaded. After a paint,
  // one per task: inserted together they were one long task on a phone (about 200 ms at 4x CPU); and
  // the entry is then only preloaded first and runs once every chunk's preload is in: a script the
  // entry's runtime inserts finds its download started, where one with none starts it there, in the
  // entry's own task (about 1 ms each, 4 at 4x CPU, for some 40 chunks). With a stored session, also
  // the signed-in shell's chunks (host-pages.cjs's signedIn), which the entry's runtime inserts as it
  // starts (signed-in-modules.ts).
  function load(onePerTask, signedIn) {
    var chunks = list.chunks.concat(signedIn ? list.signedIn : []).map(function (url) { return ['link', { rel: 'preload', as: 'script', href: url }]; });
    var entry = list.entry.map(function (url) { return ['script', { src: url, fetchpriority: 'high' }]; });
    var tags = onePerTask
      ? list.entry.map(function (url) { return ['link', { rel: 'preload', as: 'script', href: url, fetchpriority: 'high' }]; }).concat(chunks, entry)
      : entry.concat(chunks);
    (function next(index) {
      if (index >= tags.length) return;
      add(tags[index][0], tags[index][1]);
      if (onePerTask) nextTask(function () { next(index + 1); });
      else next(index + 1);
    })(0);
  }
  // Each Emotion cache's rules of the styles drawn last time, as Emotion's server-rendered styles: the
  // app's cache takes them over when it is created (hydration) and compiles only styles not among them.
  // The attribute is the cache's key and the styles' names, nothing else.
  function hydrate(styles) {
    styles.forEach(function (entry) {
      if (!/^[a-z-]+$/.test(entry.key) || !entry.names.every(function (name) { return /^[\\w-]+$/.test(name); })) return;
      var style = document.createElement('style');
      style.setAttribute('data-emotion', entry.key + ' ' + entry.names.join(' '));
      style.textContent = entry.css;
      document.head.appendChild(style);
    });
  }
  function paint() {
    var snapshot = JSON.parse(window.localStorage.getItem(${JSON.stringify(shellSnapshotStorageKey)}) || 'null');
    if (!snapshot || snapshot.format !== ${shellSnapshotFormat}) return false;
    hydrate(snapshot.styles);
    // Drawn for another width band (a rotated phone, a resized window): the app's layout differs.
    if (window.innerWidth < snapshot.band[0] || window.innerWidth >= snapshot.band[1]) return false;
    var overlay = document.createElement('div');
    overlay.id = ${JSON.stringify(shellSnapshotElementId)};
    overlay.setAttribute('inert', '');
    overlay.setAttribute('aria-hidden', 'true');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;overflow:hidden';
    // A colour only (never an image, whatever storage holds).
    overlay.style.backgroundColor = snapshot.background;
    var shadow = overlay.attachShadow({ mode: 'closed' });
    var style = document.createElement('style');
    style.textContent = [snapshot.css].concat(snapshot.styles.map(function (entry) { return entry.css; })).join('\\n');
    shadow.appendChild(style);
    var frame = document.createElement('div');
    frame.dir = snapshot.dir;
    frame.innerHTML = snapshot.html;
    shadow.appendChild(frame);
    // Font faces belong to the document: a shadow root's @font-face rules are ignored.
    var fonts = document.createElement('style');
    fonts.id = ${JSON.stringify(shellSnapshotFontsElementId)};
    fonts.textContent = snapshot.fonts;
    document.head.appendChild(fonts);
    document.documentElement.dir = snapshot.dir;
    document.documentElement.lang = snapshot.lang;
    script.parentNode.insertBefore(overlay, script.nextSibling);
    setTimeout(function () {
      overlay.remove();
      fonts.remove();
    }, ${SHELL_SNAPSHOT_MAX_MS});
    return true;
  }
  var painted = false;
  var signedIn = false;
  try {
    signedIn = !!window.localStorage.getItem(${JSON.stringify(serviceTokenStorageKey)});
    // A signed-in page formats dates and numbers: ICU starts on another thread while the page loads.
    if (signedIn) warmIntl();
    painted = signedIn && paint();
  } catch (error) {
    // Storage blocked or a snapshot that cannot be read: the app draws the page as before.
  }
  // Painted: the scripts once the frame is out (a hidden tab draws no frames: at once).
  if (painted && document.visibilityState !== 'hidden') requestAnimationFrame(function () { setTimeout(function () { load(true, true); }, 0); });
  else load(false, signedIn);
})();
`;

module.exports = { paintShellSource, SHELL_SNAPSHOT_MAX_MS };
