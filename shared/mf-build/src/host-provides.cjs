'use strict';
// The host provides the shared singletons without consuming them (issue 21).
//
// Remotes provide none (sharedConfig gives them `import: false`), so every share-scope entry is the
// host's anyway. Consuming its own shares made the host negotiate each one through Module
// Federation's runtime before its code could run: about a hundred shared modules (MUI is shared per
// component), resolved in the bootstrap's task and in each lazy page's chunk loading, the longest
// tasks a signed-in page ran on a phone. Provided only, the host imports them as plain webpack
// modules, and a remote that asks the share scope for one gets the host's factory, which returns the
// host's module from its module cache: one instance for the page, as before.
const { ProvideSharedPlugin, ConsumeSharedPlugin } = require('@module-federation/enhanced');

/** ProvideSharedPlugin's entries for the shared config: keyed by the file (or request) provided, each under its share key. */
function hostProvides(shared) {
  return Object.entries(shared).map(([key, options]) => ({
    [options.import || key]: {
      shareKey: key,
      version: options.version,
      requiredVersion: options.requiredVersion,
      strictVersion: options.strictVersion,
      singleton: options.singleton,
      request: options.import || key,
    },
  }));
}

/**
 * The subset shares (react-router-dom, react-router, zod) are files of their own: the host's own
 * imports of those packages are aliased to them, as consuming the share gave it before.
 */
const subsetShareAliases = (subsetShares) => Object.fromEntries(Object.entries(subsetShares).map(([request, file]) => [`${request}$`, file]));

/**
 * Whether a module is in a chunk that a provided share's factory loads. Such a module is usually in a
 * chunk of the host's pages too (a component the dashboard draws and a remote's page uses), so the
 * `providedTwice` chunk group moves it to a chunk both load: a remote never downloads a second copy.
 */
function inProvideChunk(module, { chunkGraph }) {
  for (const chunk of chunkGraph.getModuleChunksIterable(module))
    for (const group of chunk.groupsIterable) if (group.origins.some((origin) => origin.module && origin.module.type === 'provide-module')) return true;
  return false;
}

/**
 * Provides the shared config's modules. Enhanced's ConsumeSharedPlugin, with nothing to consume, adds
 * the Module Federation share runtime (`initOptions.shared`, the scope the remotes join); without it
 * webpack's own sharing runtime would fill a scope the federation runtime never reads.
 * `facts.shareModules` receives, per share key, the id of the module its factory returns and of the
 * modules it re-exports (a package's entry often only re-exports, and webpack sends the host's imports
 * straight to the modules behind it): the end-to-end tests read the host's module cache with them.
 */
class HostProvidesPlugin {
  /**
   * @param shared the host's shared config (sharedConfig)
   * @param facts the portal facts of its mf-manifest.json (PortalManifestPlugin)
   */
  constructor(shared, facts) {
    this.shared = shared;
    this.facts = facts;
  }

  apply(compiler) {
    new ProvideSharedPlugin({ shareScope: 'default', provides: hostProvides(this.shared) }).apply(compiler);
    new ConsumeSharedPlugin({ shareScope: 'default', consumes: {} }).apply(compiler);
    compiler.hooks.thisCompilation.tap('HostProvidesPlugin', (compilation) => {
      compilation.hooks.afterSeal.tap('HostProvidesPlugin', () => {
        const { moduleGraph, chunkGraph } = compilation;
        const provided = new Map();
        for (const provide of compilation.modules) {
          if (provide.type !== 'provide-module') continue;
          const dependency = provide.blocks[0]?.dependencies[0] ?? provide.dependencies[0];
          const module = dependency && moduleGraph.getModule(dependency);
          if (module) provided.set(provide._name, module);
        }
        const shareModules = {};
        const sharesModules = new Set(provided.values());
        for (const [name, module] of provided) {
          const ids = new Set([chunkGraph.getModuleId(module)]);
          for (const connection of moduleGraph.getOutgoingConnections(module)) {
            // What it re-exports of its own: another share's module (@portal/ui re-exports @portal/ui/base) is that share's.
            if (connection.dependency?.type !== 'harmony export imported specifier' || !connection.module || sharesModules.has(connection.module)) continue;
            const id = chunkGraph.getModuleId(connection.module);
            if (id !== null && id !== undefined) ids.add(id);
          }
          shareModules[name] = [...ids].map(String).sort();
        }
        this.facts.shareModules = shareModules;
      });
    });
  }
}

module.exports = { HostProvidesPlugin, hostProvides, inProvideChunk, subsetShareAliases };
