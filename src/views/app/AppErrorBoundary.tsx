/** Catches render failures outside the routes (spec §2): the 'Some Technical Error' screen. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { TechnicalErrorPage } from '../pages/TechnicalErrorPage.tsx';

interface Props {
  children: ReactNode;
}

export class AppErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render failure', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <TechnicalErrorPage /> : this.props.children;
  }
}
