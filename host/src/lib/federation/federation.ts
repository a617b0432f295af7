import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { fetchRegistry, type RegistryEntry } from './registry';
import { createPortalRuntimePlugin } from './portal-runtime-plugin';
import { RemoteLoadError } from './remote-load-error';
import { createRemotePolicy, type RemotePolicy } from './remote-policy';

let policy: RemotePolicy = createRemotePolicy([], [], typeof window === 'undefined' ? '' : window.location.origin);
let extraOrigins: string[] = [];
let pluginRegistered = false;

const toRemote = (entry: RegistryEntry) => ({ name: entry.name, entry: entry.entry });

/** Registers every remote of /remotes.json; nothing is fetched until a route needs it. */
export function initFederation(entries: RegistryEntry[], allowedRemoteOrigins: string[] = []): void {
  extraOrigins = allowedRemoteOrigins;
  policy = createRemotePolicy(entries, extraOrigins, window.location.origin);
  if (!pluginRegistered) {
    registerPlugins([createPortalRuntimePlugin(() => policy)]);
    pluginRegistered = true;
  }
  // Unpinned or foreign remotes are still registered: the plugin refuses them at load time
  // with a reason the user sees, instead of a vague "no remote matched".
  registerRemotes(entries.map(toRemote), { force: true });
}

export const getRegistryEntry = (name: string): RegistryEntry | undefined => policy.entries.get(name);

/**
 * Retry after a failure: re-reads the registry (an operator may have rolled the remote back
 * meanwhile) and force-registers that remote so its failed entry is forgotten.
 */
export async function reloadRemote(name: string): Promise<void> {
  const fresh = await fetchRegistry();
  const entry = fresh.find((e) => e.name === name) ?? policy.entries.get(name);
  if (fresh.length > 0) policy = createRemotePolicy(fresh, extraOrigins, window.location.origin);
  if (entry) {
    if (!policy.entries.has(name)) policy.entries.set(name, entry);
    registerRemotes([toRemote(entry)], { force: true });
  }
}

type ExposedModule<P> = { default?: ComponentType<P> } & Record<string, unknown>;

/** Loads `<remote>/<Module>` and returns its component (default export, else the only one). */
export async function loadRemoteComponent<P>(remoteName: string, exposedModule: string): Promise<{ default: ComponentType<P> }> {
  const id = `${remoteName}/${exposedModule.replace(/^\.\//, '')}`;
  const loaded = await loadRemote<ExposedModule<P>>(id);
  if (!loaded) throw new RemoteLoadError(remoteName, id, `Remote module ${id} could not be loaded.`);
  const component =
    loaded.default ?? (Object.values(loaded).find((value) => typeof value === 'function') as ComponentType<P> | undefined);
  if (!component) throw new RemoteLoadError(remoteName, id, `Remote module ${id} exports no component.`);
  return { default: component };
}
