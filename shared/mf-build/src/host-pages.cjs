'use strict';
// The host's HTML pages. index.html is the plain shell every route gets: the scripts of the first page
// preloaded, the app draws everything. With `prerender`, the host also gets pages already drawn (the
// sign-in page, issue 21): the markup React renders for them at build time, shown before any script
// has run, with the scripts downloaded once that markup has painted and run at the visitor's first
// interaction (paintFirstSource).
const crypto = require('node:crypto');
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { paintShellSource } = require('./paint-shell.cjs');
const { scriptAdderSource } = require('./script-adder.cjs');
const { WORKER_SOURCE: INTL_WARM_SOURCE, intlWarmFile, intlWarmStartSource } = require('./intl-warm.cjs');
const { prerenderedElementId, firstScriptsElementId, prerenderedSubmitAttribute, serviceTokenStorageKey } = require('@portal/config/build-constants.json');

/** The emitted assets whose source file matches one of `patterns`. */
function assetsFrom(compilation, patterns) {
  return compilation.getAssets().filter(({ info }) => typeof info.sourceFilename === 'string' && patterns.some((match) => match(info.sourceFilename)));
}

/**
 * <link rel="preload"> for the emitted font files whose source path matches: the fonts the first
 * page draws with arrive with the scripts instead of after them, so text does not change font
 * (and size) once the page is up. crossorigin: fonts are fetched in CORS mode, a preload must match.
 * They come after the scripts in the head: text paints in the fallback font meanwhile, scripts paint nothing.
 */
function fontPreloads(compilation, patterns) {
  return assetsFrom(compilation, patterns.map((re) => (file) => re.test(file)))
    .map(({ name }) => `    <link rel="preload" href="/${name}" as="font" type="font/woff2" crossorigin />`)
    .sort()
    .join('\n');
}

/**
 * The scripts behind `blocks` (dynamic imports): their chunk groups' chunks, the shared modules among
 * them (the host imports its shared modules as its own: host-provides.cjs). Largest first: on a phone's
 * network the big chunks (react-dom) decide when the page can run.
 */
function chunksBehind(compilation, blocks) {
  const { chunkGraph } = compilation;
  const files = new Set();
  for (const block of blocks) {
    const group = chunkGraph.getBlockChunkGroup(block);
    if (!group) continue;
    for (const chunk of group.chunks) if (!chunk.hasRuntime()) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  }
  const size = (file) => compilation.getAsset(file).source.size();
  return [...files].sort((a, b) => size(b) - size(a) || a.localeCompare(b));
}

/**
 * The scripts the host's first page runs besides the entry: the chunks behind the entry's async
 * boundary (`import('./bootstrap')`). Without their preloads the browser learns of these files only
 * after main.js has downloaded and run (one more round trip, most felt on a phone's network). Chunks
 * behind a lazy page or a later dynamic import are not followed.
 */
function firstPageChunks(compilation) {
  const { chunkGraph } = compilation;
  const entryModules = [...compilation.entrypoints.values()].flatMap((entrypoint) => [...chunkGraph.getChunkEntryModulesIterable(entrypoint.getEntrypointChunk())]);
  return chunksBehind(compilation, entryModules.flatMap((module) => module.blocks));
}

/**
 * The scripts of the signed-in shell besides the first page's: those behind the dynamic imports of
 * `signedInModule` (a source path, the module the app loads the shell's layers from), which a
 * signed-in visit needs whatever its route.
 */
function signedInChunks(compilation, signedInModule) {
  if (!signedInModule) return [];
  const module = [...compilation.modules].find((candidate) => candidate.resource === signedInModule);
  if (!module) throw new Error(`signedInModule: ${signedInModule} is not among the host's modules`);
  const first = new Set(firstPageChunks(compilation));
  return chunksBehind(compilation, module.blocks).filter((file) => !first.has(file));
}

/** The entry's own scripts (main.js). */
function entryScripts(compilation) {
  return [...compilation.entrypoints.values()].flatMap((entrypoint) => [...entrypoint.getEntrypointChunk().files]).filter((file) => file.endsWith('.js'));
}

const page = ({ title, head, body }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="icon" href="data:," />
${head}
  </head>
  <body>
    <noscript>You need to enable JavaScript to run this app.</noscript>
${body}
  </body>
</html>`;

/**
 * The scripts of the first page as JSON (not executable, so the content security policy has nothing
 * to allow; "<" escaped so no file name could close the element), for a page's first script to add.
 */
const firstScriptsJson = (compilation, signedInModule) => {
  const absolute = (file) => `/${file}`;
  const scripts = {
    entry: entryScripts(compilation).map(absolute),
    chunks: firstPageChunks(compilation).map(absolute),
    signedIn: signedInChunks(compilation, signedInModule).map(absolute),
    // The worker that starts ICU off the page's thread (intl-warm.cjs), emitted by plainShell.
    intl: absolute(intlWarmFile),
  };
  return `    <script type="application/json" id="${firstScriptsElementId}">${JSON.stringify(scripts).replace(/</g, '\\u003c')}</script>`;
};

/**
 * index.html, the page of every route but the prerendered ones. Its one script (paint-shell.cjs,
 * emitted under its content hash) comes before #root: it paints a signed-in visitor's shell as last
 * drawn, then adds the entry and the first page's chunks (firstScriptsJson) at once, or, when it
 * painted, once that has painted: preloads started before the first paint share the phone's network
 * with what that paint needs. The fonts stay preloaded in the head.
 */
function plainShell({ title, preloadFonts, signedInModule }) {
  const painter = paintShellSource();
  const painterFile = `paint-shell.${crypto.createHash('sha256').update(painter).digest('hex').slice(0, 20)}.js`;
  return [
    new FixedAssetPlugin(painterFile, painter),
    new FixedAssetPlugin(intlWarmFile, INTL_WARM_SOURCE),
    new HtmlWebpackPlugin({
      title,
      inject: false,
      templateContent: ({ compilation }) =>
        page({
          title,
          head: [fontPreloads(compilation, preloadFonts), firstScriptsJson(compilation, signedInModule)].join('\n'),
          body: `    <script src="/${painterFile}"></script>\n    <div id="root"></div>`,
        }),
      // Absolute: the SPA fallback serves index.html at deep URLs like /view-users/a/b/c.
      publicPath: '/',
    }),
  ];
}

/**
 * How long a prerendered page whose visitor only looks at it waits, after its load event, before it
 * starts the app anyway: the app brings what the markup cannot (an operator's maintenance notice, the
 * shell-choice cookie, the signed-in page's idle prefetch).
 */
const START_AFTER_LOAD_MS = 5000;

/**
 * What a prerendered page runs first. Once its markup has painted (the frame after the first animation
 * frame), it downloads the app's scripts without running them (prefetches of the entry and the first
 * page's chunks into the HTTP cache, one per task: twenty inserted at once were one long task on a
 * phone). The app runs (the entry's <script>, pinned with the hash the server put in the page, like
 * index.html's tags) at the visitor's first mouse movement, key, press, touch, wheel or input into a
 * field (autofill included), or START_AFTER_LOAD_MS after the load event, or at once where nobody is
 * looking (a hidden tab) or a session is stored (the app sends it on to its page). Why: starting the
 * app is about a second of main thread on a phone (at 4x CPU: the entry's federation runtime about
 * 0.3 s, the app's modules about 0.2 s, then React), which ran while the page was still loading
 * (Lighthouse mobile TBT 560-1,270 ms on /login). The markup is a working form meanwhile: the browser
 * draws what is typed, and a press of a prerendered form's button (or Enter in one of its fields) is
 * kept on the prerendered element as the form's id, for the app to submit its own form once it has
 * taken over (host/src/lib/prerendered-page.ts). The page's own autofocus is not interaction.
 */
const paintFirstSource = () => `(function () {
  var page = document.getElementById(${JSON.stringify(prerenderedElementId)});
  function keep(target) {
    var form = target && target.closest && target.closest('form');
    if (page && form && form.id) page.setAttribute(${JSON.stringify(prerenderedSubmitAttribute)}, form.id);
  }
  if (page) {
    page.addEventListener('click', function (event) { if (event.target.closest && event.target.closest('button')) keep(event.target); });
    page.addEventListener('keydown', function (event) { if (event.key === 'Enter' && event.target.tagName === 'INPUT') keep(event.target); });
  }
  var list = JSON.parse(document.getElementById(${JSON.stringify(firstScriptsElementId)}).textContent);
  ${scriptAdderSource()}
  ${intlWarmStartSource()}
  var fetched = false;
  function fetchScripts() {
    if (fetched) return;
    fetched = true;
    var urls = list.entry.concat(list.chunks);
    (function next(index) {
      if (index >= urls.length) return;
      add('link', { rel: 'prefetch', href: urls[index] });
      setTimeout(function () { next(index + 1); }, 0);
    })(0);
  }
  var intents = ['mousemove', 'keydown', 'pointerdown', 'touchstart', 'wheel', 'input'];
  var started = false;
  function start() {
    if (started) return;
    started = true;
    intents.forEach(function (type) { document.removeEventListener(type, start, true); });
    // The app's next page (a signed-in one) formats dates: ICU starts meanwhile, on another thread.
    warmIntl();
    fetchScripts();
    list.entry.forEach(function (url) { add('script', { src: url }); });
  }
  var stored = null;
  try { stored = window.localStorage.getItem(${JSON.stringify(serviceTokenStorageKey)}); } catch (error) { /* storage blocked: nobody is signed in here */ }
  if (stored || document.visibilityState === 'hidden') return start();
  intents.forEach(function (type) { document.addEventListener(type, start, { capture: true, passive: true }); });
  function startLater() { setTimeout(start, ${START_AFTER_LOAD_MS}); }
  if (document.readyState === 'complete') startLater();
  else window.addEventListener('load', startLater);
  requestAnimationFrame(function () { setTimeout(fetchScripts, 0); });
})();
`;

/** Emits one fixed asset (a page's first script, the ICU worker) under its content-hashed name. */
class FixedAssetPlugin {
  constructor(name, source) {
    this.name = name;
    this.source = source;
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FixedAssetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FixedAssetPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(this.name, new sources.RawSource(this.source));
      });
    });
  }
}

/**
 * The prerendered pages: `script` (run with tsx in the app's folder) prints JSON
 * { styles: { href, css }, fonts: [{ family, weight, file }], fallbackFaces: [<@font-face rule>],
 * pages: { <file>: <markup> } }, where styles is the stylesheet the markup needs (React adopts it by
 * its href, as its own <style href>), fonts the faces it draws with (registered by the app later; here
 * as @font-face on the emitted files), fallbackFaces their metric-matched local fallbacks and each page
 * the markup of one HTML file. The markup shows until the app has drawn the same page; the app's root
 * stays hidden until then.
 */
function prerenderedPages({ dir, script, title, preloadFonts }) {
  const rendered = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: dir, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }));
  const loader = paintFirstSource();
  const loaderFile = `paint-first.${crypto.createHash('sha256').update(loader).digest('hex').slice(0, 20)}.js`;
  // By real path: the app's node_modules links into pnpm's store, where webpack found the files.
  const realPath = (file) => (fs.existsSync(file) ? fs.realpathSync(file) : file);
  // font-display block: the page's text is drawn first in its own font. With swap, a phone often
  // painted before the (preloaded) faces arrived; the swap then redrew the card a line taller (a layout
  // shift), and the app's page taking over became a larger paint than the first, so the LCP moved to
  // the takeover (Lighthouse mobile 3.3-4.0 s instead of 1.2-1.6 s). optional did not help: the first
  // paint still came before the faces, and the app's own faces (swap) then drew a different page. The
  // faces are small (about 8 KB each), on the page's own origin and preloaded, so the wait is short;
  // after 3 s the browser draws the text in the fallback anyway.
  const fontFaces = (compilation) =>
    rendered.fonts
      .map((font) => {
        const [asset] = assetsFrom(compilation, [(file) => realPath(path.resolve(dir, file)) === realPath(font.file)]);
        if (!asset) throw new Error(`prerender: the font ${font.file} is not among the emitted assets`);
        return `@font-face{font-family:${JSON.stringify(font.family)};src:url(/${asset.name}) format("woff2");font-weight:${font.weight};font-display:block}`;
      })
      .join('') + rendered.fallbackFaces.join('');
  return [
    new FixedAssetPlugin(loaderFile, loader),
    ...Object.entries(rendered.pages).map(
      ([filename, markup]) =>
        new HtmlWebpackPlugin({
          filename,
          inject: false,
          publicPath: '/',
          templateContent: ({ compilation }) =>
            page({
              title,
              head: [
                `    <style>${fontFaces(compilation)}#${prerenderedElementId} + #root{display:none}</style>`,
                `    <style data-href="${rendered.styles.href}" data-precedence="default">${rendered.styles.css}</style>`,
                fontPreloads(compilation, preloadFonts),
                firstScriptsJson(compilation),
                `    <script defer src="/${loaderFile}"></script>`,
              ].join('\n'),
              body: `    <div id="${prerenderedElementId}">${markup}</div>\n    <div id="root"></div>`,
            }),
        }),
    ),
  ];
}

module.exports = { plainShell, prerenderedPages, paintFirstSource, START_AFTER_LOAD_MS };
