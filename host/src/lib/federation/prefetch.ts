import type { RouteDefinition } from '../routes/route-table';
import { getRegistryEntry, loadRemoteComponent, registerPending } from './federation';
import { loadFileIntegrity } from './file-integrity';
import type { RegistryEntry } from './registry';

type RemoteRoute = Pick<RouteDefinition, 'owner' | 'module'>;

/** Modules already asked for in this page: a prefetch runs once, whatever its outcome. */
const started = new Set<string>();
const downloaded = new Set<string>();
const hinted = new Set<string>();

/**
 * Loads the remote module of a route before the user opens it (menu hover or focus), through the
 * same path as the route itself: integrity pinned, fallback, load reported. The route then renders
 * from Module Federation's cache instead of waiting for the remote's entry, its chunks and its
 * shared modules. A failure is left to the route, which shows it with Retry.
 */
export function prefetchRoute(route: RemoteRoute | undefined): void {
  if (!route || route.owner === 'host') return;
  const key = `${route.owner}/${route.module}`;
  if (started.has(key)) return;
  started.add(key);
  loadRemoteComponent(route.owner, route.module).catch(() => undefined);
}

/** The exposed module's own files, as the remote's build listed them in mf-manifest.json. */
function exposedFiles(manifest: unknown, module: string): string[] {
  const exposes = (manifest as { exposes?: { path?: string; assets?: { js?: { sync?: unknown } } }[] } | null)?.exposes;
  const sync = Array.isArray(exposes) ? exposes.find((e) => e.path === module)?.assets?.js?.sync : undefined;
  return Array.isArray(sync) ? sync.filter((file): file is string => typeof file === 'string') : [];
}

/**
 * Downloads, without running, what a route's remote module needs first: the version's file hashes,
 * its remoteEntry.js and the module's own files (mf-manifest.json beside the entry lists them), the
 * scripts as prefetch hints the browser fetches at low priority into its cache. For the idle moment
 * after a page shows: running a remote page's code there kept a phone's main thread busy for about a second (Lighthouse TBT, issue 21).
 * The code runs on a hover, a focus or the visit, through prefetchRoute or the route, and is checked
 * against its integrity then. Only remotes served by the portal itself are prefetched this way.
 */
export async function prefetchRouteFiles(route: RemoteRoute | undefined): Promise<void> {
  if (!route || route.owner === 'host') return;
  const key = `${route.owner}/${route.module}`;
  if (downloaded.has(key) || started.has(key)) return;
  downloaded.add(key);
  registerPending();
  const registered = getRegistryEntry(route.owner);
  if (!registered) return;
  const entry = new URL(registered.entry, window.location.href);
  if (entry.origin !== window.location.origin) return;
  readFileHashes(registered);
  let files: string[] = [];
  try {
    const response = await fetch(new URL('mf-manifest.json', entry), { headers: { accept: 'application/json' } });
    if (response.ok) files = exposedFiles(await response.json(), route.module);
  } catch {
    // The entry alone is still worth having; the visit reports any real failure.
  }
  hintScripts([entry.href, ...files.map((file) => new URL(file, entry).href)]);
}

/**
 * Downloads, without running, a remote's remoteEntry.js and its version's file hashes: each page and
 * dialog of the remote needs both before anything else, and the entry is the largest file most of
 * them load (about 24 KB gzip). For the
 * remotes a user's menu leads to besides the likely next page, whose pages' own files wait for a
 * hover or a focus (a few KB each, and a user opens few of them).
 */
export function prefetchRemoteEntry(owner: RemoteRoute['owner']): void {
  if (owner === 'host') return;
  registerPending();
  const registered = getRegistryEntry(owner);
  if (!registered) return;
  const entry = new URL(registered.entry, window.location.href);
  if (entry.origin !== window.location.origin) return;
  readFileHashes(registered);
  hintScripts([entry.href]);
}

/**
 * Reads the version's recorded file hashes (a small JSON, once per page): loading a remote waits for
 * them before its entry runs, one more round trip to the server on the way to its first page.
 */
function readFileHashes(registered: RegistryEntry): void {
  loadFileIntegrity(registered.name, registered.version, registered.entry).catch(() => undefined);
}

/** Prefetch hints, once per file, for the scripts the portal itself serves. */
function hintScripts(hrefs: string[]): void {
  for (const href of hrefs) {
    if (new URL(href).origin !== window.location.origin || hinted.has(href)) continue;
    hinted.add(href);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.setAttribute('as', 'script');
    link.href = href;
    document.head.append(link);
  }
}

export { whenIdle } from '../when-idle';

/** Test hook. */
export function resetPrefetches(): void {
  started.clear();
  downloaded.clear();
  hinted.clear();
}
