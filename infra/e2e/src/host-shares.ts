import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './portal';

/** What the page holds of one shared module the host provides. */
export interface ShareState {
  /** The host's module cache holds the share's module or one it re-exports: the host's pages (or a remote, through the share scope) ran it. */
  loaded: boolean;
  /** Each distinct `<version> from <container>` of the share-scope entries some remote loaded (one item: one copy). */
  viaScope: string[];
  /** Every share-scope entry loaded for it holds the host's own factory (true when none was loaded). */
  fromHostBuild: boolean;
}

/** Per share key, the host's module ids of the share's module and of those it imports (shared/mf-build: host-provides.cjs). */
function shareModules(): Record<string, string[]> {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'host', 'dist', 'mf-manifest.json'), 'utf8'));
  return manifest.portal.shareModules;
}

/**
 * The state of every shared module the host provides, read from inside the page without loading or
 * running anything.
 *
 * The host provides the shared singletons without consuming them, so its own imports are plain
 * webpack modules (webpack runs each once per page) and only the remotes go through Module
 * Federation's share scope (`__FEDERATION__.__SHARE__`). What ran is read from the host's module
 * cache, reached through its chunk-loading global (a chunk's third element runs with the host's
 * `__webpack_require__`). A package's entry often only re-exports and the host's imports go to the
 * modules behind it, so a share counts as loaded when its module or one it re-exports is in the cache.
 */
export function hostShares(page: Page): Promise<Record<string, ShareState>> {
  return page.evaluate((modules) => {
    type HostRequire = { c: Record<string, unknown>; federation: { initOptions: { shared: Record<string, Array<{ get: unknown }>> } } };
    type ScopeEntry = { from?: string; loaded?: boolean; lib?: unknown; get?: unknown };
    const w = window as unknown as {
      webpackChunkhost: unknown[][];
      __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, ScopeEntry>>>> };
    };
    let host: HostRequire | undefined;
    // A chunk id the page has not seen: webpack runs the third element only for a chunk new to it.
    w.webpackChunkhost.push([[`e2e-host-shares-${performance.now()}-${Math.random()}`], {}, (require: HostRequire) => (host = require)]);
    if (!host) throw new Error('the host did not hand over its webpack require');
    const cache = host.c;
    const provided = host.federation.initOptions.shared;
    const states: Record<string, ShareState> = {};
    for (const name of Object.keys(provided)) {
      if (!modules[name]) throw new Error(`the build lists no modules for the share ${name}`);
      states[name] = { loaded: modules[name].some((id) => id in cache), viaScope: [], fromHostBuild: true };
    }
    for (const scopes of Object.values(w.__FEDERATION__.__SHARE__))
      for (const packages of Object.values(scopes))
        for (const [name, versions] of Object.entries(packages))
          for (const [version, entry] of Object.entries(versions)) {
            if (!entry.loaded && !entry.lib) continue;
            const state = (states[name] ??= { loaded: false, viaScope: [], fromHostBuild: false });
            const label = `${version} from ${entry.from ?? ''}`;
            if (!state.viaScope.includes(label)) state.viaScope.push(label);
            if (entry.get !== provided[name]?.[0]?.get) state.fromHostBuild = false;
          }
    return states;
  }, shareModules());
}

/** The names of the provided shares the page ran. */
export const loadedNames = (states: Record<string, ShareState>): string[] =>
  Object.entries(states)
    .filter(([, state]) => state.loaded)
    .map(([name]) => name);
