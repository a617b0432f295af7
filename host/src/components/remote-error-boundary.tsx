import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = {
  /** What to show instead of the failed subtree; `retry` clears the error. */
  fallback: (error: unknown, retry: () => void) => ReactNode;
  /** Called before the subtree is rendered again, e.g. to re-register the remote. */
  onRetry?: () => Promise<void> | void;
  /** Told about every caught error, e.g. to report it and switch to a fallback version. */
  onError?: (error: unknown) => void;
  children: ReactNode;
};

type State = { error: unknown; hasError: boolean };

// Per-route boundary: a remote that fails to load or render is contained here, so the shell
// and every other route keep working.
export class RemoteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Remote failed', error, info.componentStack);
    this.props.onError?.(error);
  }

  private retry = async (): Promise<void> => {
    try {
      await this.props.onRetry?.();
    } finally {
      this.setState({ error: null, hasError: false });
    }
  };

  render(): ReactNode {
    if (this.state.hasError) return this.props.fallback(this.state.error, () => void this.retry());
    return this.props.children;
  }
}
