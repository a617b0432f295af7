import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { RemoteErrorPanel, useT } from '@portal/ui';
import { handleRemoteFailure, isLoadFailure, loadedRemoteComponent, loadRemoteComponent, reloadRemote, type LoadedRemote } from '../lib/federation/federation';
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
  // The version the component came from: a render failure blames that one, not whatever the
  // remote points at by the time the boundary hears of it.
  const loadedVersion = useRef<string | undefined>(undefined);
  const loader = loading === undefined ? <PageLoader /> : loading;

  return (
    <RemoteErrorBoundary
      key={attempt}
      onError={(error) => {
        // A version that loaded but throws while rendering: fall back (a new attempt loads it)
        // when this browser knows a version that worked; otherwise the panel below stays.
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
      {/* For what the remote's own page suspends on; its module is loaded by RemoteContent. */}
      <Suspense fallback={loader}>
        <RemoteContent<P>
          key={`${remote}/${module}`}
          remote={remote}
          module={module}
          props={props}
          loader={loader}
          onVersion={(version) => {
            loadedVersion.current = version;
          }}
        />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

type Loading<P> = { loaded: LoadedRemote<P> } | { failed: unknown } | null;

/**
 * The module's component once it is loaded, the loader until then. Not through React.lazy: a
 * component that suspends shows its Suspense fallback, and React then holds the content back
 * until that fallback has shown for 300 ms (its throttle of Suspense reveals), so a page whose
 * remote arrived in 50 ms showed after 300 ms or more. A state update is not throttled.
 */
function RemoteContent<P extends object>({
  remote,
  module,
  props,
  loader,
  onVersion,
}: {
  remote: string;
  module: string;
  props?: P;
  loader: ReactNode;
  onVersion: (version: string) => void;
}) {
  // A module this page has loaded already (a prefetch on hover, an earlier visit) renders at once.
  const [state, setState] = useState<Loading<P>>(() => {
    const ready = loadedRemoteComponent<P>(remote, module);
    if (!ready) return null;
    onVersion(ready.version);
    return { loaded: ready };
  });
  // One load per mount, also when development's strict mode runs the effect twice.
  const request = useRef<Promise<LoadedRemote<P>> | null>(null);

  useEffect(() => {
    if (state) return;
    let live = true;
    request.current ??= loadRemoteComponent<P>(remote, module);
    request.current.then(
      (loaded) => {
        if (!live) return;
        onVersion(loaded.version);
        setState({ loaded });
      },
      (error: unknown) => {
        if (live) setState({ failed: error });
      },
    );
    return () => {
      live = false;
    };
  }, [state, remote, module, onVersion]);

  if (!state) return loader;
  // The boundary above shows the failure, with Retry (a new attempt mounts a new RemoteContent).
  if ('failed' in state) throw state.failed;
  const Component = state.loaded.default;
  return <Component {...((props ?? {}) as P & object)} />;
}
