// Quiet notices about remotes (fallback used, new version available). A tiny external store so
// the federation code (not React) can raise them and one component can show them.
export type RemoteNotice =
  | { id: string; kind: 'fallback'; remote: string; message: string }
  | { id: string; kind: 'update'; remote: string; message: string };

type Listener = () => void;

let notices: RemoteNotice[] = [];
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

/** "account_settings" -> "Account Settings". */
export const remoteTitle = (name: string): string =>
  name
    .split(/[_-]/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');

export const remoteNotices = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): RemoteNotice[] => notices,
  fallback(remote: string): void {
    const id = `fallback:${remote}`;
    notices = [
      ...notices.filter((n) => n.id !== id && !(n.kind === 'update' && n.remote === remote)),
      { id, kind: 'fallback', remote, message: `${remoteTitle(remote)} could not be loaded; showing the previous version.` },
    ];
    emit();
  },
  update(remote: string): void {
    const id = `update:${remote}`;
    if (notices.some((n) => n.id === id)) return;
    notices = [...notices, { id, kind: 'update', remote, message: `A new version of ${remoteTitle(remote)} is available.` }];
    emit();
  },
  dismiss(id: string): void {
    notices = notices.filter((n) => n.id !== id);
    emit();
  },
  reset(): void {
    notices = [];
    emit();
  },
};
