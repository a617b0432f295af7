import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = {
  /** Where the user is: an error belongs to the page it happened on and goes when the user leaves it. */
  pathname: string;
  /** The router error screen for a caught error (spec section 8). */
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
};

type State = { error: unknown; hasError: boolean; failedAt: string | null };

/**
 * The routes' last line of defence: an error thrown while rendering a page that no closer boundary
 * (a remote's own) caught shows the router error screen instead of a blank page, until the user
 * navigates elsewhere.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, hasError: false, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (!state.hasError) return null;
    // The render after the error remembers its page; a later one elsewhere clears it.
    if (state.failedAt === null) return { failedAt: props.pathname };
    return props.pathname === state.failedAt ? null : { error: null, hasError: false, failedAt: null };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.hasError ? this.props.fallback(this.state.error) : this.props.children;
  }
}
