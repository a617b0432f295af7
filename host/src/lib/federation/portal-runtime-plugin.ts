import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { CHUNK_LOAD_TIMEOUT_MS } from '@portal/config';
import { loadFileIntegrity } from './file-integrity';
import { RemoteLoadError, isRemoteLoadError } from './remote-load-error';
import { refusalReason, type RemotePolicy } from './remote-policy';

const remoteNameOfId = (id: string): string => id.split('/')[0] ?? id;

/**
 * Runtime plugin of the host:
 * - createScript pins the registry's SRI hash (+ crossOrigin) on each remote entry script and
 *   refuses (throws) when the remote is unpinned or from an origin that is not allowed;
 * - loadEntry, before any entry runs, makes the recorded hashes of that version's other scripts
 *   known to the chunk loaders (file-integrity.ts); without them its chunks fail closed;
 * - errorLoadRemote turns any load failure into a RemoteLoadError for the route's boundary.
 */
export function createPortalRuntimePlugin(getPolicy: () => RemotePolicy): ModuleFederationRuntimePlugin {
  // The reason a script was refused, so the panel can say why rather than "failed to load".
  const refusals = new Map<string, string>();

  return {
    name: 'portal-remote-integrity',
    createScript({ url, remoteInfo }) {
      const policy = getPolicy();
      const base = window.location.href;
      const name =
        remoteInfo?.name ??
        [...policy.entries.values()].find((e) => new URL(e.entry, base).href === new URL(url, base).href)?.name;
      if (!name) {
        // Not a registered remote entry: never allowed from a foreign origin.
        if (new URL(url, base).origin !== window.location.origin) {
          throw new Error(`Script ${url} is not a registered remote and was not loaded.`);
        }
        return undefined;
      }
      const reason = refusalReason(policy, name, url, base);
      if (reason) {
        refusals.set(name, reason);
        throw new Error(reason);
      }
      refusals.delete(name);
      const script = document.createElement('script');
      script.src = url;
      script.integrity = policy.entries.get(name)!.integrity!;
      script.crossOrigin = 'anonymous';
      script.async = true;
      return { script, timeout: CHUNK_LOAD_TIMEOUT_MS };
    },
    async loadEntry({ remoteInfo }) {
      const base = window.location.href;
      const registered = getPolicy().entries.get(remoteInfo.name);
      // Another entry than the registry's is refused by createScript; its chunks get no hashes.
      if (registered && new URL(registered.entry, base).href === new URL(remoteInfo.entry, base).href) {
        await loadFileIntegrity(registered.name, registered.version, registered.entry);
      }
      return undefined; // the default loading goes on, through createScript
    },
    async errorLoadRemote(args) {
      const { id, error, lifecycle } = args;
      // While sharing is negotiated a broken remote is skipped (undefined), so it cannot take
      // the host and the other remotes down with it.
      if (lifecycle === 'beforeLoadShare') return undefined;
      if (isRemoteLoadError(error)) throw error;
      const name = args.remote?.name ?? remoteNameOfId(id);
      const detail = refusals.get(name) ?? (error instanceof Error ? error.message : String(error));
      throw new RemoteLoadError(name, id, detail, { cause: error });
    },
  };
}
