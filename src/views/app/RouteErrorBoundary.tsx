/**
 * Catches what a screen throws while rendering or loading its code (spec §8 Router fallback) and shows
 * the router fallback inside the shell. Moving to another path clears the error.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouterFallback } from '../pages/RouterFallback.tsx';

interface Props {
  /** The current path: a new one gives the screen another chance. */
  path: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  path: string;
}

const NO_ERROR = Symbol('no error');

export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: NO_ERROR, path: this.props.path };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.path === state.path ? null : { error: NO_ERROR, path: props.path };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen failure', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error === NO_ERROR ? this.props.children : <RouterFallback error={this.state.error} />;
  }
}
