import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the children once they failed, given the error. */
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

/**
 * Catches what a page throws while it loads (a chunk that failed or timed out) or renders, so that the rest of
 * the app stays usable. Give it a `key` per route: a navigation then starts clean.
 */
export class RouteErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
