'use strict';
// Every script a webpack runtime of the portal loads (the host's chunks, each remote's chunks) gets
// an `integrity` attribute, so the browser refuses bytes that differ from what the server recorded
// (issue 23). The hashes are not in the build: the portal server computes them from the bytes it
// serves, when it starts (host) and when a remote version is published (remotes). It hands them to
// the page in two places that this snippet reads:
//   - the host's own files: a JSON block in index.html, `<script type="application/json"
//     id="portal-integrity">{"base": "/", "files": {"<file>": "sha384-..."}}</script>` (base: the
//     folder of the host's files on the page's own origin);
//   - each remote version's files: `window.__portalIntegrity__["<origin>/remotes/<name>/<version>/"]`,
//     filled by the host before it loads that version's entry (host/src/lib/federation/file-integrity.ts).
// A file found in neither gets a well-formed hash that matches nothing: the load fails closed, and
// the host treats it as any failed load (fallback to a version that worked, report, alert).
const { remoteIntegrityGlobal: INTEGRITY_GLOBAL, hostIntegrityElementId: HOST_INTEGRITY_ELEMENT_ID } = require('@portal/config/build-constants.json');
const NEVER_MATCHES = `sha384-${Buffer.alloc(48).toString('base64')}`;

/** Runs inside webpack's script creation, where `script` is the element and its src is set. */
const SNIPPET = `
(function (script) {
  var url = new URL(script.src, document.baseURI);
  var cut = url.pathname.lastIndexOf('/') + 1;
  var dir = url.origin + url.pathname.slice(0, cut);
  var data = document.getElementById(${JSON.stringify(HOST_INTEGRITY_ELEMENT_ID)});
  var host = data && (data.portalFiles || (data.portalFiles = JSON.parse(data.textContent || '{}')));
  var own = url.origin === window.location.origin;
  var files = own && host && host.base === url.pathname.slice(0, cut) ? host.files : (window[${JSON.stringify(INTEGRITY_GLOBAL)}] || {})[dir];
  script.integrity = (files && Object.prototype.hasOwnProperty.call(files, url.pathname.slice(cut)) && files[url.pathname.slice(cut)]) || ${JSON.stringify(NEVER_MATCHES)};
  if (!own) script.crossOrigin = 'anonymous';
})(script);`;

class ChunkIntegrityPlugin {
  apply(compiler) {
    const { LoadScriptRuntimeModule } = compiler.webpack.runtime;
    compiler.hooks.compilation.tap('ChunkIntegrityPlugin', (compilation) => {
      LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap('ChunkIntegrityPlugin', (source) => `${source}\n${SNIPPET}`);
    });
  }
}

module.exports = { ChunkIntegrityPlugin, SNIPPET, INTEGRITY_GLOBAL, HOST_INTEGRITY_ELEMENT_ID, NEVER_MATCHES };
