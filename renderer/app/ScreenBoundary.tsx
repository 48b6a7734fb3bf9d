// Around every screen: a screen that throws while drawing shows what failed and a retry, and the
// nav, the banner and every other screen keep working. When the server comes back after a loss
// (a screen's code may have failed to load while it was away) the screen is tried again by itself.
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { renewFailedViews } from './lazy-view.ts';

interface Props {
  /** the screen's name, as the nav shows it */
  name: string;
  /** how many times the server came back: a new value retries a failed screen */
  recoveries: number;
  children: ReactNode;
}

interface State {
  error: Error | null;
  attempt: number;
}

export class ScreenBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.name} screen failed`, error, info.componentStack);
  }

  override componentDidUpdate(prev: Props): void {
    if (this.state.error && prev.recoveries !== this.props.recoveries) this.retry();
  }

  retry = (): void => {
    renewFailedViews();
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
  };

  override render() {
    const { error, attempt } = this.state;
    // a fresh subtree per attempt, so a retry mounts the screen anew
    if (!error) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    return (
      <div className="screen screen-failed" role="alert" aria-label={`${this.props.name} failed`}>
        <h1>The {this.props.name} screen could not be shown</h1>
        <p>
          It stopped with: <code>{error.message}</code>
        </p>
        <p className="muted">The other screens still work. Try again, or reload the window if it keeps failing.</p>
        <button type="button" className="button" onClick={this.retry}>
          Try again
        </button>
      </div>
    );
  }
}
