import { useState } from 'react';
import { savePrefs } from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import { resetSync } from '../../sync/fixes.ts';
import { answerOf } from '../../backend/backend.ts';
import { Button } from '../kit/ui/Button.tsx';

function ResetCache() {
  const store = useStore();
  const [done, setDone] = useState(false);
  return (
    <div className="stack" style={{ gap: 6 }}>
      <div>
        <Button
          onClick={async () => {
            await store.backend.send('reset-budget-cache');
            setDone(true);
          }}
        >
          Reset budget cache
        </Button>
      </div>
      <span className="subdued">
        {done
          ? 'The budget cache was reset.'
          : 'Clears and recomputes every budget value. Try this if the budget looks wrong.'}
      </span>
    </div>
  );
}

function RepairSplits() {
  const store = useStore();
  const [result, setResult] = useState<{
    numBlankPayees: number;
    numCleared: number;
    numDeleted: number;
  } | null>(null);
  return (
    <div className="stack" style={{ gap: 6 }}>
      <div>
        <Button
          onClick={async () =>
            setResult(answerOf(await store.backend.send('tools/fix-split-transactions')))
          }
        >
          Repair split transactions
        </Button>
      </div>
      {result ? (
        <ul style={{ margin: 0 }}>
          <li>Fixed {result.numBlankPayees} splits with a blank payee.</li>
          <li>Fixed {result.numCleared} splits with the wrong cleared flag.</li>
          <li>Fixed {result.numDeleted} splits that weren’t properly deleted.</li>
        </ul>
      ) : (
        <span className="subdued">Fixes split transactions left in an inconsistent state.</span>
      )}
    </div>
  );
}

const FLAGS = [
  { flag: 'reportBudget', label: 'Budget mode toggle' },
  { flag: 'goalTemplatesEnabled', label: 'Goal templates' },
  { flag: 'privacyMode', label: 'Privacy mode' },
  { flag: 'themes', label: 'Dark mode' },
] as const;

function Experimental() {
  const store = useStore();
  const prefs = useAppState((s) => s.prefs);
  const theme = useAppState((s) => s.globalPrefs.theme ?? 'light');
  const [understood, setUnderstood] = useState(false);
  if (!understood) {
    return (
      <div className="stack" style={{ gap: 6 }}>
        <span className="subdued">Experimental features may change or break your data.</span>
        <div>
          <Button onClick={() => setUnderstood(true)}>
            I understand the risks, show experimental features
          </Button>
        </div>
      </div>
    );
  }
  return (
    <fieldset className="stack" style={{ gap: 6, border: 0, padding: 0 }}>
      <legend>Experimental features</legend>
      {FLAGS.map(({ flag, label }) => {
        const key = `flags.${flag}` as const;
        const on = Boolean(prefs?.[key]);
        const guard =
          on && flag === 'reportBudget' && prefs?.budgetType === 'report'
            ? 'Switch to a rollover budget before turning off this feature'
            : on && flag === 'themes' && theme !== 'light'
              ? 'Switch to the light theme before turning off this feature'
              : null;
        return (
          <div key={flag}>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={on}
                disabled={guard !== null}
                onChange={(e) => savePrefs(store, { [key]: e.target.checked })}
              />
              {label}
            </label>
            {guard && (
              <div className="subdued" style={{ marginLeft: 24 }}>
                {guard}
              </div>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

export function AdvancedSettings() {
  const store = useStore();
  const prefs = useAppState((s) => s.prefs);
  return (
    <section className="card settings-section" id="advanced" aria-label="Advanced Settings">
      <h2>Advanced Settings</h2>
      <div>
        <strong>Budget ID:</strong> <code>{prefs?.id}</code>
      </div>
      <div>
        <strong>Sync ID:</strong> <code>{prefs?.groupId || '(none)'}</code>
      </div>
      <ResetCache />
      <div className="stack" style={{ gap: 6 }}>
        <div>
          <Button disabled={!prefs?.groupId} onClick={() => resetSync(store)}>
            Reset sync
          </Button>
        </div>
        <span className="subdued">
          {prefs?.groupId
            ? 'Replaces the server copy with this device’s data; other devices must download it again.'
            : 'This budget is not synced, so there is nothing to reset.'}
        </span>
      </div>
      <RepairSplits />
      <Experimental />
    </section>
  );
}
