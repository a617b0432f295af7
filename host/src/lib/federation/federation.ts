import { getInstance, loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { createElement, useEffect, type ComponentType } from 'react';
import { takePendingRegistration } from './pending-registration';
import { resetFileIntegrity } from './file-integrity';
import { lastGoodVersion, rememberGoodVersion } from './good-versions';
import { keepHostShares } from './keep-host-shares';
import { fetchRegistry, type RegistryEntry } from './registry';
import { createPortalRuntimePlugin } from './portal-runtime-plugin';
import { RemoteLoadError } from './remote-load-error';
import { remoteNotices } from './remote-notices';
import { createRemotePolicy, type RemotePolicy } from './remote-policy';
import { reportRemoteFailure, type RemoteFailureKind } from './report-failure';
import { reportRemoteLoad } from './report-load';
import { DEFAULT_REGISTRY_REFRESH_MS } from './runtime-config';

let policy: RemotePolicy = createRemotePolicy([], [], typeof window === 'undefined' ? '' : window.location.origin);
let extraOrigins: string[] = [];
let pluginRegistered = false;
/** The registry as last read from the server (current version + fallbacks per remote). */
let latest = new Map<string, RegistryEntry>();
/** Remotes whose container has run in this page, by version: MF cannot unload those. */
const loadedVersions = new Map<string, string>();
/** Versions that failed in this page: never fallen back to, never offered as an update. */
const failedVersions = new Set<string>();
/** Exposed modules loaded in this page (`remote/module`), with the version they came from. */
const loadedModules = new Map<string, LoadedRemote<unknown>>();
let refreshMs = DEFAULT_REGISTRY_REFRESH_MS;
let lastRefresh = 0;
let refreshing: Promise<void> | null = null;

const toRemote = (entry: RegistryEntry) => ({ name: entry.name, entry: entry.entry });
const versionKey = (name: string, version: string) => `${name}@${version}`;
const moduleKey = (name: string, module: string) => `${name}/${module}`;

/** Forgets the modules loaded from a remote: its next use loads whatever it points at then. */
function forgetModules(name: string): void {
  for (const key of loadedModules.keys()) if (key.startsWith(`${name}/`)) loadedModules.delete(key);
}

/** Registers every remote of /remotes.json; nothing is fetched until a route needs it. */
export function initFederation(entries: RegistryEntry[], allowedRemoteOrigins: string[] = [], options: { registryRefreshMs?: number } = {}): void {
  extraOrigins = allowedRemoteOrigins;
  refreshMs = options.registryRefreshMs ?? DEFAULT_REGISTRY_REFRESH_MS;
  lastRefresh = Date.now();
  latest = new Map(entries.map((e) => [e.name, e]));
  policy = createRemotePolicy(entries, extraOrigins, window.location.origin);
  if (!pluginRegistered) {
    registerPlugins([createPortalRuntimePlugin(() => policy)]);
    pluginRegistered = true;
  }
  // Unpinned or foreign remotes are still registered: the plugin refuses them at load time
  // with a reason the user sees, instead of a vague "no remote matched".
  registerRemotes(entries.map(toRemote), { force: true });
}

/** Registers the remotes start-up handed over (federation-start.ts), if it has not been done yet. */
export function registerPending(): void {
  const registration = takePendingRegistration();
  if (!registration) return;
  try {
    initFederation(registration.entries, registration.allowedRemoteOrigins, { registryRefreshMs: registration.registryRefreshMs });
  } catch (error) {
    console.error('Remotes could not be registered', error);
  }
}

export const getRegistryEntry = (name: string): RegistryEntry | undefined => policy.entries.get(name);

/** Points the remote at `entry` (integrity from the server) and forgets what MF knew of it. */
function switchRemote(entry: RegistryEntry): void {
  policy.entries.set(entry.name, entry);
  forgetModules(entry.name);
  if (loadedVersions.has(entry.name)) {
    // The failed container's chunks share this array with the next one (same uniqueName); a fresh
    // array keeps the new runtime from adopting modules of the version that failed.
    delete (window as unknown as Record<string, unknown>)[`webpackChunk${entry.name}`];
    loadedVersions.delete(entry.name);
  }
  keepHostShares(entry.name, getInstance()?.name ?? 'host');
  registerRemotes([toRemote(entry)], { force: true });
}

/**
 * Re-reads /remotes.json on navigation, at most once per `registryRefreshMs`: a remote not loaded
 * in this page is re-registered and its next use loads the new version; a remote already running
 * gets a quiet notice offering a reload.
 */
export function refreshRegistry(options: { force?: boolean } = {}): Promise<void> {
  registerPending();
  if (refreshing) return refreshing;
  if (!options.force && Date.now() - lastRefresh < refreshMs) return Promise.resolve();
  lastRefresh = Date.now();
  refreshing = (async () => {
    const fresh = await fetchRegistry();
    if (fresh.length === 0) return;
    latest = new Map(fresh.map((e) => [e.name, e]));
    for (const entry of fresh) {
      const inUse = policy.entries.get(entry.name);
      if (inUse && inUse.version === entry.version && inUse.entry === entry.entry) continue;
      if (failedVersions.has(versionKey(entry.name, entry.version))) continue;
      const loaded = loadedVersions.get(entry.name);
      if (loaded === undefined) switchRemote(entry);
      else if (loaded !== entry.version) remoteNotices.update(entry.name);
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Retry after a failure: re-reads the registry (an operator may have rolled the remote back
 * meanwhile) and force-registers that remote so its failed entry is forgotten.
 */
export async function reloadRemote(name: string): Promise<void> {
  const fresh = await fetchRegistry();
  const entry = fresh.find((e) => e.name === name) ?? policy.entries.get(name);
  if (fresh.length > 0) {
    latest = new Map(fresh.map((e) => [e.name, e]));
    policy = createRemotePolicy(fresh, extraOrigins, window.location.origin);
  }
  if (entry) {
    failedVersions.delete(versionKey(name, entry.version));
    if (!policy.entries.has(name)) policy.entries.set(name, entry);
    loadedVersions.delete(name);
    forgetModules(name);
    registerRemotes([toRemote(entry)], { force: true });
  }
}

/** The version this browser last ran well, if the server still lists it as a fallback. */
export function fallbackFor(name: string): RegistryEntry | undefined {
  const good = lastGoodVersion(name);
  const current = latest.get(name) ?? policy.entries.get(name);
  if (!good || !current || failedVersions.has(versionKey(name, good))) return undefined;
  const inUse = policy.entries.get(name);
  if (inUse?.version === good) return undefined;
  const fallback = current.fallbacks?.find((f) => f.version === good);
  if (!fallback) return undefined;
  return { name, version: fallback.version, entry: fallback.entry, integrity: fallback.integrity, fallbacks: current.fallbacks };
}

/**
 * A remote version failed (load, integrity or render): report it once per page, and when this
 * browser knows a version that worked, switch to it and say so. `failedVersion` is the version
 * that failed: by the time a second, concurrent load of the same remote fails, the first one may
 * already have switched to the fallback, which must not be blamed for the other's failure.
 * Returns true when the remote now points at a version not known to fail here.
 */
export function handleRemoteFailure(name: string, kind: RemoteFailureKind, error: unknown, failedVersion = policy.entries.get(name)?.version): boolean {
  if (failedVersion !== undefined) {
    const key = versionKey(name, failedVersion);
    if (!failedVersions.has(key)) {
      failedVersions.add(key);
      void reportRemoteFailure(name, failedVersion, kind, error instanceof Error ? error.message : String(error));
    }
  }
  const inUse = policy.entries.get(name);
  if (inUse && inUse.version !== failedVersion && !failedVersions.has(versionKey(name, inUse.version))) return true;
  const fallback = fallbackFor(name);
  if (!fallback) return false;
  switchRemote(fallback);
  remoteNotices.fallback(name);
  return true;
}

type ExposedModule<P> = { default?: ComponentType<P> } & Record<string, unknown>;

/** A loaded remote module: its component and the version it came from (for render failures). */
export type LoadedRemote<P> = { default: ComponentType<P>; version: string };

async function loadOnce<P>(remoteName: string, exposedModule: string, version: string): Promise<LoadedRemote<P>> {
  const id = `${remoteName}/${exposedModule.replace(/^\.\//, '')}`;
  const started = performance.now();
  const loaded = await loadRemote<ExposedModule<P>>(id);
  if (!loaded) throw new RemoteLoadError(remoteName, id, `Remote module ${id} could not be loaded.`);
  loadedVersions.set(remoteName, version);
  // The success side of the failure reports: /health-check weighs one against the other.
  void reportRemoteLoad(remoteName, version, performance.now() - started);
  const component =
    loaded.default ?? (Object.values(loaded).find((value) => typeof value === 'function') as ComponentType<P> | undefined);
  if (!component) throw new RemoteLoadError(remoteName, id, `Remote module ${id} exports no component.`);
  // "Ran well" means it rendered and committed, not merely that its script loaded.
  function RemoteComponent(props: P) {
    useEffect(() => rememberGoodVersion(remoteName, version), []);
    return createElement(component as ComponentType<object>, props as object);
  }
  const result: LoadedRemote<P> = { default: RemoteComponent as ComponentType<P>, version };
  loadedModules.set(moduleKey(remoteName, exposedModule), result as LoadedRemote<unknown>);
  return result;
}

/**
 * The module when this page has loaded it already (a prefetch on hover, an earlier visit) from the
 * version the remote points at now and that has not failed: a route renders it at once, without
 * its loader showing even for a frame.
 */
export function loadedRemoteComponent<P>(remoteName: string, exposedModule: string): LoadedRemote<P> | undefined {
  const loaded = loadedModules.get(moduleKey(remoteName, exposedModule));
  if (!loaded || policy.entries.get(remoteName)?.version !== loaded.version || failedVersions.has(versionKey(remoteName, loaded.version))) return undefined;
  return loaded as LoadedRemote<P>;
}

/** Loads `<remote>/<Module>` and returns its component (default export, else the only one),
 * falling back to the last version that worked here when the current one cannot be loaded. */
export async function loadRemoteComponent<P>(remoteName: string, exposedModule: string): Promise<LoadedRemote<P>> {
  registerPending();
  await refreshRegistry().catch(() => undefined);
  // Ends: each failed round marks one more version as failed, and there are finitely many.
  for (;;) {
    const version = policy.entries.get(remoteName)?.version ?? '';
    try {
      return await loadOnce<P>(remoteName, exposedModule, version);
    } catch (error) {
      if (!handleRemoteFailure(remoteName, 'load', error, version)) throw markLoadFailure(error);
    }
  }
}

// Load failures are reported where they happen; the route's boundary must not report them again
// as render failures.
const loadFailures = new WeakSet<object>();
function markLoadFailure(error: unknown): unknown {
  if (typeof error === 'object' && error !== null) loadFailures.add(error);
  return error;
}
export const isLoadFailure = (error: unknown): boolean => typeof error === 'object' && error !== null && loadFailures.has(error);

/** Test hook: forget everything this module remembers about the page. */
export function resetFederationState(): void {
  loadedVersions.clear();
  failedVersions.clear();
  loadedModules.clear();
  latest = new Map();
  lastRefresh = 0;
  refreshing = null;
  resetFileIntegrity();
}

// This module loads after start-up (federation-start.ts): the remotes it was handed are registered now.
if (typeof window !== 'undefined') registerPending();
