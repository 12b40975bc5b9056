import { setFallbackMode } from '@coffer/core-web';
import { useState } from 'react';
import type { InitFailure } from '../../backend/connect.ts';
import { Button } from '../kit/ui/Button.tsx';

const TEXT: Record<InitFailure['reason'], string> = {
  'indexeddb-unavailable':
    'Coffer needs access to IndexedDB, which your browser does not provide. This usually happens in private browsing mode. Please open Coffer in a normal window.',
  'opfs-unavailable':
    'Coffer needs the origin private file system to store your budgets, which your browser does not provide. Please use a current version of a supported browser.',
  'sah-pool-unavailable':
    'Coffer could not open its database storage in this browser. Another tab may hold it, or the browser blocks it. Please use a current version of a supported browser.',
  'sqlite-unavailable':
    'Coffer could not start its database engine in this browser. Please use a current version of a supported browser.',
  'no-worker':
    'The Coffer data worker failed to start. Please reload the page or use a current version of a supported browser.',
};

/** The screen shown when the browser lacks the storage the core needs. */
export function InitFailureScreen({ failure }: { failure: InitFailure }) {
  const [advanced, setAdvanced] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  return (
    <div className="loading-screen">
      <div className="card stack" style={{ maxWidth: 550 }} role="alert">
        <h2 style={{ margin: 0 }}>
          {failure.reason === 'no-worker'
            ? 'Coffer could not start'
            : 'Your browser is not supported'}
        </h2>
        <p style={{ margin: 0 }}>{TEXT[failure.reason] ?? failure.message}</p>
        {!failure.fallbackAvailable ? null : !advanced ? (
          <div>
            <Button variant="link" onClick={() => setAdvanced(true)}>
              Advanced options
            </Button>
          </div>
        ) : (
          <div className="stack">
            <p className="subdued">
              You can run Coffer in an unsupported fallback mode. Data lives in memory and is saved
              periodically; a crash or closed tab can lose recent changes.
            </p>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={acknowledged}
                onChange={(e) => setAcknowledged(e.target.checked)}
              />
              I understand the risks, run Coffer in the unsupported fallback mode
            </label>
            <div>
              <Button
                variant="primary"
                disabled={!acknowledged}
                onClick={() => {
                  setFallbackMode(window.localStorage, true);
                  window.location.reload();
                }}
              >
                Open Coffer
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
