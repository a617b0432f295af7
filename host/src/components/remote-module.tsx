import { Suspense, lazy, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { RemoteErrorPanel, useT } from '@portal/ui';
import { handleRemoteFailure, isLoadFailure, loadedRemoteComponent, loadRemoteComponent, reloadRemote } from '../lib/federation/federation';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { PageLoader } from './page-loader';

type Props<P> = {
  remote: string;
  module: string;
  props?: P;
  /** Shown while the remote loads; dialogs pass null so nothing flashes in the page. */
  loading?: ReactNode;
  /** Wraps the error panel, e.g. in a dialog. */
  wrapError?: (panel: ReactNode) => ReactNode;
};

/**
 * Renders one exposed module of a remote behind its own boundary: a remote that is down shows
 * RemoteErrorPanel with Retry here, and never blanks the host. A version that fails is reported
 * and replaced by the last version that worked in this browser, when there is one.
 */
export function RemoteModule<P extends object>({ remote, module, props, loading, wrapError }: Props<P>) {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  // The version the lazy component came from: a render failure blames that one, not whatever the
  // remote points at by the time the boundary hears of it.
  const loadedVersion = useRef<string | undefined>(undefined);
  // A module this page has loaded already renders at once; otherwise through React.lazy, which
  // remembers a rejected import forever: a new attempt needs a new lazy component.
  const LazyComponent = useMemo(
    () => {
      const ready = loadedRemoteComponent<P>(remote, module);
      if (ready) {
        loadedVersion.current = ready.version;
        return ready.default;
      }
      return lazy(async () => {
        const loaded = await loadRemoteComponent<P>(remote, module);
        loadedVersion.current = loaded.version;
        return loaded;
      }) as ComponentType<P>;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is read by no one: a Retry must make a new lazy component
    [remote, module, attempt],
  );

  return (
    <RemoteErrorBoundary
      key={attempt}
      onError={(error) => {
        // A version that loaded but throws while rendering: fall back (new lazy component) when
        // this browser knows a version that worked; otherwise the panel below stays.
        if (!isLoadFailure(error) && handleRemoteFailure(remote, 'render', error, loadedVersion.current)) setAttempt((n) => n + 1);
      }}
      onRetry={async () => {
        await reloadRemote(remote);
        setAttempt((n) => n + 1);
      }}
      fallback={(error, retry) => {
        const panel = <RemoteErrorPanel title={t('error.remoteUnavailable', { remote })} error={error} onRetry={retry} />;
        return wrapError ? wrapError(panel) : panel;
      }}
    >
      <Suspense fallback={loading === undefined ? <PageLoader /> : loading}>
        <LazyComponent {...((props ?? {}) as P & object)} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
