import { useEffect, useState } from 'react';
import { loadPrefs, saveGlobalPrefs } from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { TitlebarSlot } from '../kit/ui/TitlebarSlot.tsx';
import { run } from './actions.ts';
import type { BudgetType } from './rows.ts';
import { Button } from '../kit/ui/Button.tsx';

/** How many months show side by side (global `maxMonths`); hidden when only one fits. */
function MonthCount({ fit, shown }: { fit: number; shown: number }) {
  const store = useStore();
  if (fit <= 1) return null;
  return (
    <div className="bt-count" role="group" aria-label="Months shown">
      {Array.from({ length: fit }, (_, i) => i + 1).map((n) => (
        <Button
          key={n}
          type="button"
          variant="plain"
          className={`bt-count-button${n <= shown ? ' on' : ''}`}
          aria-pressed={n === shown}
          aria-label={n === 1 ? 'Show 1 month' : `Show ${n} months`}
          title={n === 1 ? '1 month' : `${n} months`}
          onClick={() => void saveGlobalPrefs(store, { maxMonths: n })}
        />
      ))}
    </div>
  );
}

/**
 * Envelope ⇄ tracking, behind the reportBudget flag. The switch saves the synced `budgetType`
 * pref; the button stays busy until the type has changed (both tables keep their rows, so
 * switching back loses nothing).
 */
function TypeSwitch({ type }: { type: BudgetType }) {
  const store = useStore();
  const enabled = useAppState((s) => Boolean(s.prefs?.['flags.reportBudget']));
  const [switchingFrom, setSwitchingFrom] = useState<BudgetType | null>(null);
  useEffect(() => {
    if (switchingFrom && switchingFrom !== type) setSwitchingFrom(null);
  }, [type, switchingFrom]);
  if (!enabled) return null;
  const next: BudgetType = type === 'rollover' ? 'report' : 'rollover';
  const busy = switchingFrom !== null;
  return (
    <Button
      type="button"
      variant="bare"
      className="bt-type-switch"
      disabled={busy}
      aria-busy={busy}
      onClick={async () => {
        setSwitchingFrom(type);
        const done = await run(store, 'budget-set-type', { type: next });
        if (done === null) setSwitchingFrom(null);
        await loadPrefs(store);
      }}
    >
      {busy ? (
        <>
          <Spinner small label="Switching budget type" /> Switching…
        </>
      ) : next === 'report' ? (
        'Switch to tracking budget'
      ) : (
        'Switch to envelope budget'
      )}
    </Button>
  );
}

export function TitlebarControls({
  fit,
  shown,
  type,
}: {
  fit: number;
  shown: number;
  type: BudgetType;
}) {
  return (
    <TitlebarSlot>
      <MonthCount fit={fit} shown={shown} />
      <TypeSwitch type={type} />
      <span className="bt-type-name subdued">
        {type === 'rollover' ? 'Envelope budget' : 'Tracking budget'}
      </span>
    </TitlebarSlot>
  );
}
