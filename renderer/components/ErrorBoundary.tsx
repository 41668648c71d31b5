import { Component, type ReactNode } from 'react';

interface Props {
  /** What the children show, named in the message: "The OpenID Connect page", "The access token". */
  readonly what: string;
  /** When this changes (another page, another token), the boundary tries its children again. */
  readonly resetKey?: unknown;
  readonly children: ReactNode;
}

/**
 * Keeps one page or panel that throws while rendering (a value a component did not expect) from blanking the whole
 * app: React unmounts everything above a render error that no boundary catches. The failure is shown in place, as
 * text; the rest of the page keeps working. One component, used per page and per panel.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <p className="error" role="alert">
        {this.props.what} could not be shown: {this.state.error.message} The rest of the page still works.
      </p>
    );
  }
}
