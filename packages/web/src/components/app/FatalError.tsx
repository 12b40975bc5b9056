import { Component, type ReactNode, useState } from 'react';
import { Button } from '../kit/ui/Button.tsx';

function ErrorDetails({ error }: { error: Error }) {
  const [show, setShow] = useState(false);
  return (
    <div className="stack">
      <div>
        <Button variant="link" onClick={() => setShow((s) => !s)}>
          {show ? 'Hide Error' : 'Show Error'}
        </Button>
      </div>
      {show && (
        <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12, maxHeight: 300, overflow: 'auto' }}>
          {error.stack ?? error.message}
        </pre>
      )}
    </div>
  );
}

/** The unrecoverable-UI-error dialog, shown over everything with a relaunch button. */
export function FatalErrorDialog({ error }: { error: Error }) {
  return (
    <div className="modal-overlay" style={{ zIndex: 4000 }}>
      <div
        role="alertdialog"
        aria-labelledby="fatal-title"
        className="modal card"
        style={{ width: 500 }}
      >
        <div className="stack">
          <h2 id="fatal-title">Fatal Error</h2>
          <p>There was an unrecoverable error in the UI. Sorry!</p>
          <p className="subdued">
            If this error persists, please report it on the project’s issue tracker.
          </p>
          <div>
            <Button variant="primary" onClick={() => window.location.reload()}>
              Relaunch
            </Button>
          </div>
          <ErrorDetails error={error} />
        </div>
      </div>
    </div>
  );
}

/** A fatal start-up error: a full screen with a restart button. */
export function FatalErrorScreen({ error }: { error: Error }) {
  return (
    <div className="loading-screen" role="alert">
      <div className="card stack" style={{ maxWidth: 500 }}>
        <h2>Fatal Error</h2>
        <p>Coffer could not start because of an unexpected error. Sorry!</p>
        <div>
          <Button variant="primary" onClick={() => window.location.reload()}>
            Restart app
          </Button>
        </div>
        <ErrorDetails error={error} />
      </div>
    </div>
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error) return <FatalErrorDialog error={this.state.error} />;
    return this.props.children;
  }
}
