'use strict';
// One webpack + Module Federation factory for the host and every remote, so the shared
// singletons, loaders and output rules are written once and cannot drift between apps.
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');

// Spec section 8: a chunk load failure raises an error after 120 s (one number with the host's runtime).
const { chunkLoadTimeoutMs: CHUNK_LOAD_TIMEOUT_MS } = require('@portal/config/build-constants.json');
const MUI_SUBPATHS = require('./mui-subpaths.cjs');
const MUI_SHELL_COMPONENTS = require('./mui-shell-components.cjs');
const { ChunkIntegrityPlugin } = require('./chunk-integrity-plugin.cjs');
const { plainShell, prerenderedPages } = require('./host-pages.cjs');
const { HostProvidesPlugin, inProvideChunk, subsetShareAliases } = require('./host-provides.cjs');

/** A package folder under node_modules, at the top or in pnpm's store. */
const IN_NODE_MODULES = String.raw`[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?`;
/** @mui/material's folders (components and helpers) that every MUI component needs: the `muiCore` group. */
const MUI_CORE_FOLDERS = ['styles', 'colors', 'utils', 'DefaultPropsProvider', 'zero-styled', 'GlobalStyles', 'transitions', 'useLazyRipple', 'ButtonBase', 'IconButton', 'Typography', 'Paper', 'SvgIcon', 'CircularProgress', 'Grow', 'Fade', 'FormControl', 'FormLabel', 'FormHelperText', 'InputLabel', 'InputBase', 'OutlinedInput'];
const muiFolders = (folders) => new RegExp(String.raw`${IN_NODE_MODULES}@mui[\\/]material[\\/]esm[\\/](?:${folders.join('|')})[\\/]`);
const MUI_CORE = new RegExp(
  String.raw`${IN_NODE_MODULES}(?:@mui[\\/](?:system|utils|styled-engine|private-theming|core-downloads-tracker)|@mui[\\/]material[\\/]esm[\\/](?:${MUI_CORE_FOLDERS.join('|')})|@emotion[\\/][^\\/]+|@babel[\\/]runtime|clsx|react-transition-group|react-is|prop-types|stylis|hoist-non-react-statics)[\\/]`,
);

// Every package that holds state or React context must exist once in the page. @mui/material is
// shared per component (see mui-subpaths.cjs), never as one module.
const SINGLETONS = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-router-dom',
  'react-router',
  ...MUI_SUBPATHS,
  '@emotion/react',
  '@emotion/styled',
  'zustand',
  // The part of zod the apps use (zod-share.mjs): one copy in the page instead of one per app.
  'zod',
  '@tanstack/react-query',
  'react-hook-form',
  '@portal/auth-bridge',
  '@portal/request',
  '@portal/data',
  '@portal/ui',
  // The stores, i18n and colour maths without MUI: what the sign-in page (plain elements) reads.
  '@portal/ui/base',
  // The list kit and dialogs, and the form fields (MUI's TextField and the Select chain it
  // imports): entries of their own, so the sign-in page loads neither.
  '@portal/ui/kit',
  '@portal/ui/form',
];

// Subpaths share their package's version (react/jsx-runtime -> react).
function packageNameOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

// Reads package.json straight from node_modules walking up from the app: some packages do not
// export "./package.json", and pnpm's symlinks mean require.resolve of the main file would
// land in .pnpm without telling us the installed version of *this* app's dependency.
function installedVersion(request, fromDir) {
  const name = packageNameOf(request);
  let dir = path.resolve(fromDir);
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(candidate)) {
      const { version } = JSON.parse(fs.readFileSync(candidate, 'utf8'));
      if (!/^\d+\.\d+\.\d+/.test(version || '')) {
        throw new Error(`@portal/mf-build: ${name} has no semver version (${version}) in ${candidate}`);
      }
      return version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`@portal/mf-build: ${name} is not installed for ${fromDir}`);
    dir = parent;
  }
}

// Singletons the host provides even where its own code does not import them. A package shared per
// subpath keeps state in modules its subpaths import by relative path (MUI's FormControl, List and
// Table contexts, @portal/ui's stores): each subpath must come from the host's build, not from the
// first remote that happened to load it. Module Federation provides an unused share only when its
// `import` is a resolved file.
const HOST_PROVIDES = [...MUI_SUBPATHS, '@portal/ui/base', '@portal/ui/kit', '@portal/ui/form'];

// React Router and zod are shared as lists of the names the apps use (react-router-share.mjs,
// zod-share.mjs), in every app, so the host's copy is the only one and is small. A module provides
// one share key only, hence a second file for `react-router` (the same list).
const SUBSET_SHARES = {
  'react-router-dom': path.join(__dirname, 'react-router-share.mjs'),
  'react-router': path.join(__dirname, 'react-router-core-share.mjs'),
  zod: path.join(__dirname, 'zod-share.mjs'),
};

/**
 * The value names a subset share gives the apps: `export { a, b as c } from` lists (React Router) and
 * the keys of an `Object.freeze({ a: ..., })` (zod's `z`). The deploy check compares a remote's
 * names with the host's (see portalFacts).
 */
function subsetNames(file) {
  const text = fs.readFileSync(file, 'utf8');
  const names = new Set();
  for (const [, list] of text.matchAll(/export \{([^}]*)\} from '[^']+'/g))
    for (const item of list.split(',').map((s) => s.trim()).filter(Boolean)) names.add(item.split(/\s+as\s+/).pop());
  for (const [, name] of text.matchAll(/^\s+(\w+): zod\.\w+,$/gm)) names.add(name);
  for (const [, other] of text.matchAll(/export \* from '\.\/([^']+)'/g)) for (const name of subsetNames(path.join(path.dirname(file), other))) names.add(name);
  return [...names].sort();
}

// The file webpack picks for a browser build (ES modules: the `default` export condition, not `require`).
function browserResolver() {
  const webpackDir = path.dirname(require.resolve('webpack/package.json'));
  const { ResolverFactory, CachedInputFileSystem } = require(require.resolve('enhanced-resolve', { paths: [webpackDir] }));
  return ResolverFactory.createResolver({
    fileSystem: new CachedInputFileSystem(fs, 4000),
    useSyncFileSystemCalls: true,
    conditionNames: ['webpack', 'production', 'browser', 'import', 'module', 'default'],
    mainFields: ['browser', 'module', 'main'],
    extensions: ['.ts', '.tsx', '.mjs', '.js', '.jsx', '.json'],
  });
}

// Real versions only: pnpm's `catalog:` / `workspace:*` specifiers would reach MF as `^*`.
function sharedConfig(fromDir, { isHost = false } = {}) {
  const shared = {};
  const resolver = isHost ? browserResolver() : undefined;
  for (const request of SINGLETONS) {
    const version = installedVersion(request, fromDir);
    shared[request] = {
      singleton: true,
      version,
      requiredVersion: `^${version}`,
      strictVersion: false,
    };
    if (resolver && HOST_PROVIDES.includes(request)) shared[request].import = resolver.resolveSync({}, fromDir, request);
    if (SUBSET_SHARES[request]) shared[request].import = SUBSET_SHARES[request];
    // Remotes consume every singleton and provide none: the host provides them all (a deploy of a
    // remote that needs one the host's build lacks is refused: portal-server's compatibility.ts), so a
    // remote's copies were never loaded, yet each remoteEntry.js carried a loader and version for
    // each (about 5 KB gzip) and each build wrote about a hundred fallback chunks.
    if (!isHost) shared[request].import = false;
  }
  return shared;
}

/**
 * The aliases the subset shares import React Router's and zod's files through: names no share key
 * matches, so Module Federation bundles those files into the shared module instead of consuming the
 * share it is building. Resolved from the app, which depends on both.
 */
function subsetAliases(fromDir) {
  const resolver = browserResolver();
  const dom = resolver.resolveSync({}, fromDir, 'react-router-dom');
  return {
    'portal-react-router-impl$': resolver.resolveSync({}, path.dirname(dom), 'react-router'),
    'portal-zod-impl$': resolver.resolveSync({}, fromDir, 'zod'),
  };
}

function swcRule() {
  return {
    test: /\.[cm]?tsx?$/,
    // Workspace packages are reached through symlinks and resolved to shared/*/src (not under
    // node_modules), so they are compiled here too; third-party code ships compiled JS.
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2020',
        },
      },
    },
  };
}

// Build-time label / fault for remote pages (see expose-wrap-loader.cjs). Unset: the exposes are
// untouched, so ordinary builds stay byte-identical. Both travel in the request's query rather than
// in loader options: the query is part of the module's identity, so webpack's persistent cache
// never hands out a page wrapped for another label.
function wrapExposes(exposes, env) {
  if (!env.PORTAL_BUILD_LABEL && !env.PORTAL_BUILD_FAULT) return exposes;
  const query = new URLSearchParams({ label: env.PORTAL_BUILD_LABEL || '', fault: env.PORTAL_BUILD_FAULT || '' });
  const wrapped = {};
  for (const [key, file] of Object.entries(exposes)) {
    wrapped[key] = /Page$/.test(key) ? `${file}?portal-build-wrap&${query}` : file;
  }
  return wrapped;
}

/**
 * Module Federation copies a consume-shared module's build meta from its fallback after webpack has
 * flagged exports (finishModules, stage 10), so on a cold build webpack sees no declared exports and
 * leaves them unknown. The persistent cache restores the module with the copied meta: webpack then
 * takes its exports as known and empty, and `export *` from a shared package (react-router-dom
 * re-exports react-router) silently loses every name. Clearing the meta before the flagging makes a
 * warm build see what a cold one sees; Module Federation copies it again afterwards.
 */
class ConsumeSharedWarmBuildPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('ConsumeSharedWarmBuildPlugin', (compilation) => {
      compilation.hooks.finishModules.tap({ name: 'ConsumeSharedWarmBuildPlugin', stage: -100 }, (modules) => {
        for (const module of modules) if (module.type === 'consume-shared-module') module.buildMeta = {};
      });
    });
  }
}

/**
 * Webpack's persistent cache: a rebuild compiles only modules whose files changed. One folder per
 * app (PORTAL_WEBPACK_CACHE_DIR moves it, e.g. for a test's own copy); the build's own files are
 * dependencies, so changing this factory or the app's config starts a fresh cache.
 */
function persistentCache(dir, mode, env) {
  return {
    type: 'filesystem',
    cacheDirectory: env.PORTAL_WEBPACK_CACHE_DIR ? path.join(env.PORTAL_WEBPACK_CACHE_DIR, path.basename(dir)) : path.join(dir, 'node_modules', '.cache', 'webpack'),
    name: mode,
    buildDependencies: { config: [__filename, require.resolve('./expose-wrap-loader.cjs'), require.resolve('./chunk-integrity-plugin.cjs'), require.resolve('./host-pages.cjs'), require.resolve('./paint-shell.cjs'), require.resolve('./host-provides.cjs'), path.join(dir, 'webpack.config.cjs')].filter((file) => fs.existsSync(file)) },
  };
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * Adds the portal's compatibility facts to the built mf-manifest.json: the host says which shared
 * contract version it provides, a remote which one it needs (package.json "portal.contractVersion").
 * The deploy command compares them with the host's before publishing a remote.
 */
class PortalManifestPlugin {
  constructor(facts) {
    this.facts = facts;
  }
  apply(compiler) {
    compiler.hooks.afterEmit.tap('PortalManifestPlugin', () => {
      const file = path.join(compiler.options.output.path, 'mf-manifest.json');
      if (!fs.existsSync(file)) return;
      const manifest = readJson(file);
      manifest.portal = this.facts;
      fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
    });
  }
}

function portalFacts(dir, isHost, env) {
  const sharedNames = Object.fromEntries(Object.entries(SUBSET_SHARES).map(([request, file]) => [request, subsetNames(file)]));
  if (isHost) return { contractVersion: installedVersion('@portal/contracts', dir), sharedNames };
  const pkg = readJson(path.join(dir, 'package.json'));
  const facts = { requiredContractVersion: (pkg.portal && pkg.portal.contractVersion) || null, sharedNames };
  if (env.PORTAL_BUILD_LABEL) facts.buildLabel = env.PORTAL_BUILD_LABEL;
  return facts;
}

/**
 * @param {object} options
 * @param {string} options.name          MF container name (host, backup_sets, account_settings, support, admin_ops)
 * @param {string} options.dir           the app folder (where package.json lives)
 * @param {Record<string,string>} [options.exposes]  remote only: exposed module name -> file
 * @param {boolean} [options.isHost]
 * @param {string} [options.title]       host only: the HTML title
 * @param {RegExp[]} [options.preloadFonts] host only: font files (by source path) that index.html preloads
 * @param {string} [options.prerender]  host only: the script printing its prerendered pages (host-pages.cjs)
 * @param {string} [options.signedInModule]  host only: the module the signed-in shell's layers are imported from, whose chunks index.html preloads for a signed-in visit (host-pages.cjs)
 */
function createConfig(options) {
  const { name, dir, exposes = {}, isHost = false, title = 'Cloud Backup Portal', preloadFonts = [], prerender, signedInModule } = options;
  if (!name || !dir) throw new Error('@portal/mf-build: name and dir are required');

  return (_env, argv = {}) => {
    const mode = argv.mode || 'production';
    const env = process.env;
    const plugins = [
      new ModuleFederationPlugin({
        name,
        ...(isHost ? {} : { filename: 'remoteEntry.js', exposes: wrapExposes(exposes, env) }),
        // The host learns remote URLs at run time from /remotes.json; nothing is compiled in.
        remotes: {},
        // The host provides the singletons without consuming them (host-provides.cjs).
        shared: isHost ? undefined : sharedConfig(dir),
        // version-first loads every remote entry at start, so one remote down would blank the host.
        shareStrategy: 'loaded-first',
        // Checks each (version, range) pair of the singletons once (runtime/share-verdicts.ts).
        runtimePlugins: [require.resolve('./runtime/share-verdicts.ts')],
        manifest: true,
        dts: false,
        // Browser-only builds: the runtime's Node script loader is left out of every entry. Remotes are
        // registered by their remoteEntry.js (the registry's `entry`), never by a manifest, so the
        // runtime's snapshot and preload-assets plugins, which read manifests, are left out too
        // (the MF runtime is in the host's main.js and every remoteEntry.js).
        experiments: { optimization: { target: 'web', disableSnapshot: true } },
      }),
    ];
    const facts = portalFacts(dir, isHost, env);
    if (isHost) plugins.push(new HostProvidesPlugin(sharedConfig(dir, { isHost }), facts));
    plugins.push(new PortalManifestPlugin(facts), new ConsumeSharedWarmBuildPlugin(), new ChunkIntegrityPlugin());
    if (isHost) plugins.push(...plainShell({ title, preloadFonts, signedInModule: signedInModule && path.resolve(dir, signedInModule) }), ...(prerender ? prerenderedPages({ dir, script: prerender, title, preloadFonts }) : []));

    return {
      mode,
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: mode === 'production' ? false : 'source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        filename: '[name].[contenthash].js',
        chunkFilename: '[name].[contenthash].js',
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        // Each MF container needs its own chunk-loading global, or two bundles on one page collide.
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.mjs', '.js', '.jsx', '.json'],
        alias: { ...subsetAliases(dir), ...(isHost ? subsetShareAliases(SUBSET_SHARES) : {}) },
      },
      module: {
        rules: [
          swcRule(),
          {
            resourceQuery: /portal-build-wrap/,
            use: [{ loader: require.resolve('./expose-wrap-loader.cjs') }],
          },
        ],
      },
      plugins,
      cache: persistentCache(dir, mode, env),
      optimization: {
        // A single runtime chunk would be shared by name between containers and break MF.
        runtimeChunk: false,
        splitChunks: {
          // @mui/material is shared per component: each is an async chunk of its own, and with
          // webpack's default cap of 30 requests per chunk group the code they have in common
          // (@mui/system, emotion, ButtonBase...) would be copied into every one of them.
          maxAsyncRequests: Infinity,
          maxInitialRequests: Infinity,
          cacheGroups: {
            // What every MUI component needs, in one file instead of one small file per package
            // (popper stays with Popper: only tooltips, menus and selects need it). Each shared
            // component is a chunk of its own, and @mui/material's components import each other by
            // relative path, so without this the building blocks most of them use (theme helpers and
            // colours, Typography, Paper, SvgIcon, ButtonBase, IconButton, the transitions) were copied
            // into every chunk: the sign-in page downloaded Typography four times, the colours fifteen.
            // The outlined input's parts are here too: the host's first chunk renders them (the
            // sign-in fields), and TextField's chunk would otherwise carry a second copy.
            muiCore: {
              test: MUI_CORE,
              name: 'mui-core',
              chunks: 'async',
              priority: 20,
              enforce: true,
            },
            // The components a signed-in page draws first, in one file (mui-shell-components.cjs).
            muiShell: {
              test: muiFolders(MUI_SHELL_COMPONENTS),
              name: 'mui-shell',
              chunks: 'async',
              priority: 15,
              enforce: true,
            },
            // The workspace's constants and first-page calls (@portal/config, @portal/contracts) are
            // not shared modules: each shared module that imports them (@portal/ui/base,
            // @portal/request, the host's bootstrap) would carry its own copy, and the sign-in page
            // downloaded paths and the sign-in calls two or three times. Modules two chunks use go
            // to one chunk per set of users, however small.
            // Host only: what a provided share's factory and the host's pages both load (host-provides.cjs).
            ...(isHost ? { providedTwice: { test: inProvideChunk, chunks: 'async', minChunks: 2, minSize: 0, priority: 5, reuseExistingChunk: true } } : {}),
            portalCommon: {
              test: /[\\/]shared[\\/](?:config|contracts)[\\/]src[\\/]/,
              chunks: 'async',
              minChunks: 2,
              minSize: 0,
              priority: 10,
              reuseExistingChunk: true,
            },
          },
        },
        // SWC minifies about as small as Terser (webpack's default) in well under half the time.
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } })],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createConfig, sharedConfig, installedVersion, wrapExposes, SINGLETONS, MUI_SUBPATHS, MUI_CORE_FOLDERS, MUI_SHELL_COMPONENTS, HOST_PROVIDES, SUBSET_SHARES, subsetNames, CHUNK_LOAD_TIMEOUT_MS };
