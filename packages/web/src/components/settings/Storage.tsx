import { useState } from 'react';
import { useAppState, useStore } from '../../store/context.ts';
import { isFailure } from '../../backend/backend.ts';
import { Button } from '../kit/ui/Button.tsx';
import { downloadBudgetExport } from './export-budget.ts';

/** What Settings says about the browser keeping the budget (pure, for its test). */
export function storageState(
  persisted: boolean | null,
  serverHoldsCopy: boolean,
): 'kept' | 'on-server' | 'at-risk' {
  if (persisted === true) return 'kept';
  return serverHoldsCopy ? 'on-server' : 'at-risk';
}

/**
 * Whether the browser keeps this budget through storage pressure, and, when it may not and no
 * server holds a copy, a plain warning with the two ways to keep one: an export (a file kept
 * anywhere) and a backup (kept in this browser, beside the budget).
 */
export function StorageSettings() {
  const store = useStore();
  const persisted = useAppState((s) => s.storagePersisted);
  const onServer = useAppState((s) => Boolean(s.serverUrl && s.prefs?.cloudFileId));
  const budgetId = useAppState((s) => s.prefs?.id);
  const [result, setResult] = useState<{ error: boolean; text: string } | null>(null);
  const state = storageState(persisted, onServer);

  async function exportNow() {
    setResult(null);
    const error = await downloadBudgetExport(store);
    setResult(error ? { error: true, text: error } : null);
  }

  async function backUpNow() {
    setResult(null);
    const res = budgetId ? await store.backend.send('backup-make', { id: budgetId }) : null;
    setResult(
      !res || isFailure(res)
        ? { error: true, text: 'The backup could not be made. Export the budget instead.' }
        : { error: false, text: 'Backup made.' },
    );
  }

  const browserSays =
    persisted === true
      ? 'This browser keeps Coffer’s data: it will not clear your budgets to free up space.'
      : persisted === false
        ? 'This browser may clear Coffer’s data to free up space, or after weeks unused.'
        : 'This browser does not say whether it keeps Coffer’s data; it may clear it to free up space.';

  return (
    <section className="card settings-section" aria-label="Storage">
      <h2>Storage</h2>
      <p className={state === 'kept' ? 'positive' : undefined}>
        {state === 'kept' ? '✓ ' : ''}
        {browserSays}
      </p>
      {state === 'on-server' && (
        <p className="subdued">
          This budget is also on the server, so it can be downloaded again. Changes not yet synced
          would be lost.
        </p>
      )}
      {state === 'at-risk' && (
        <>
          <p className="settings-storage-warning" role="note">
            This budget is kept only on this device. If the browser clears its data, the budget is
            lost. Export it to a file you keep somewhere else.
          </p>
          <div className="settings-actions">
            <Button variant="primary" onClick={exportNow}>
              Export data
            </Button>
            <Button onClick={backUpNow}>Make a backup</Button>
          </div>
          <p className="subdued settings-help">
            A backup stays in this browser beside the budget: it undoes mistakes but is cleared with
            it. Installing Coffer, or using a server, keeps your budget safer.
          </p>
        </>
      )}
      {result && (
        <p className={result.error ? 'error-text' : undefined} role="status">
          {result.text}{' '}
          {!result.error && (
            <Button variant="link" onClick={() => store.pushModal('load-backup', { budgetId })}>
              See the backups
            </Button>
          )}
        </p>
      )}
    </section>
  );
}
