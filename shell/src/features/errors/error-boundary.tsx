import { Component, type ReactNode } from 'react';

type Props = { fallback: (error: unknown) => ReactNode; children: ReactNode };
type State = { error: unknown; failed: boolean };

/** Catches a render or load failure below it; give it a new key to try again. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
