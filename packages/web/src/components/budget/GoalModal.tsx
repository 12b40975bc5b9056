import { monthTitle } from '@coffer/core/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useAppState, useStore } from '../../store/context.ts';
import type { ModalProps } from '../../store/modals.ts';
import { AmountInput } from '../kit/ui/AmountInput.tsx';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { failureText, runTemplates } from './actions.ts';
import { type GoalForm, type GoalKind, goalLine, noteWithGoal, readGoal } from './goals.ts';
import { Select } from '../kit/ui/Select.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Button } from '../kit/ui/Button.tsx';

const KINDS: Array<{ kind: GoalKind | 'none'; text: string }> = [
  { kind: 'none', text: 'No goal' },
  { kind: 'monthly', text: 'Budget an amount each month' },
  { kind: 'cap', text: 'Fill the balance up to an amount' },
  { kind: 'by', text: 'Save an amount by a month' },
  { kind: 'percent', text: 'Budget a percentage of income' },
];

interface Fields {
  kind: GoalKind | 'none';
  amount: number | null | undefined;
  cap: number | null | undefined;
  month: string;
  percent: string;
  source: string;
  previous: boolean;
}

function fieldsOf(form: GoalForm | null, month: string): Fields {
  const base: Fields = {
    kind: 'none',
    amount: null,
    cap: null,
    month,
    percent: '10',
    source: 'all income',
    previous: false,
  };
  if (!form) return base;
  switch (form.kind) {
    case 'monthly':
      return { ...base, kind: 'monthly', amount: form.amount, cap: form.cap };
    case 'cap':
      return { ...base, kind: 'cap', cap: form.cap };
    case 'by':
      return { ...base, kind: 'by', amount: form.amount, month: form.month };
    case 'percent':
      return {
        ...base,
        kind: 'percent',
        percent: String(form.percent),
        source: form.source,
        previous: form.previous,
      };
  }
}

/** The form's goal, or the reason it cannot be saved yet. */
function goalOf(f: Fields): GoalForm | null | string {
  const positive = (v: number | null | undefined) => typeof v === 'number' && v > 0;
  switch (f.kind) {
    case 'none':
      return null;
    case 'monthly':
      if (!positive(f.amount)) return 'Enter the amount to budget each month';
      if (f.cap !== null && f.cap !== undefined && !positive(f.cap)) {
        return 'The cap must be more than zero, or left empty';
      }
      return { kind: 'monthly', amount: f.amount!, cap: f.cap ?? null };
    case 'cap':
      return positive(f.cap) ? { kind: 'cap', cap: f.cap! } : 'Enter the balance to fill up to';
    case 'by':
      if (!positive(f.amount)) return 'Enter the amount to save';
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(f.month)) return 'Choose the month to save it by';
      return { kind: 'by', amount: f.amount!, month: f.month };
    case 'percent': {
      const percent = Number(f.percent);
      if (!(percent > 0 && percent <= 100)) return 'Enter a percentage between 0 and 100';
      return { kind: 'percent', percent, source: f.source, previous: f.previous };
    }
  }
}

/**
 * A category's goal without the `#template` syntax (Coffer only): the form writes the same
 * template line into the category's note, so Actual reads it too, and can apply it at once.
 */
export function GoalModal({ options, close, active }: ModalProps<'category-goal'>) {
  const { categoryId, month } = options;
  const store = useStore();
  const category = useAppState((s) => s.categories.list.find((c) => c.id === categoryId));
  const [note, setNote] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    void store.backend.send('notes-get', { id: categoryId }).then((n) => {
      setNote(typeof n === 'string' ? n : null);
    });
  }, [store, categoryId]);
  const name = category?.name ?? '';
  return (
    <Modal title={`Goal for ${name}`} onClose={close} active={active} width={520}>
      {note === undefined ? null : (
        <GoalFields categoryId={categoryId} month={month} note={note} onDone={close} />
      )}
    </Modal>
  );
}

function GoalFields({
  categoryId,
  month,
  note,
  onDone,
}: {
  categoryId: string;
  month: string;
  note: string | null;
  onDone: () => void;
}) {
  const store = useStore();
  const reading = readGoal(note);
  const [f, setF] = useState<Fields>(() => fieldsOf(reading.form, month));
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Fields>) => {
    setF((old) => ({ ...old, ...patch }));
    setError(null);
  };
  const goal = goalOf(f);

  async function save(apply: boolean, e?: FormEvent) {
    e?.preventDefault();
    if (typeof goal === 'string') {
      setError(goal);
      return;
    }
    const next = noteWithGoal(note, goal);
    if (next !== note) {
      const problem = failureText(
        await store.backend.send('notes-save', { id: categoryId, note: next }),
      );
      if (problem) {
        setError(problem);
        return;
      }
    }
    if (apply && goal) {
      await runTemplates(store, 'budget/apply-single-template', { month, category: categoryId });
    }
    onDone();
  }

  const amountField = (label: string, key: 'amount' | 'cap', optional = false) => (
    <label className="field">
      {label}
      <AmountInput
        value={f[key] ?? null}
        label={label}
        placeholder={optional ? 'None' : undefined}
        onChange={(cents) => set({ [key]: cents } as Partial<Fields>)}
        onCommit={(cents) => set({ [key]: cents } as Partial<Fields>)}
      />
    </label>
  );

  return (
    <form className="stack" onSubmit={(e) => void save(false, e)}>
      <fieldset className="stack bt-goal-kinds">
        <legend>Goal</legend>
        {KINDS.map(({ kind, text }) => (
          <label key={kind} className="checkbox">
            <input
              type="radio"
              name="goal-kind"
              checked={f.kind === kind}
              onChange={() => set({ kind })}
            />
            {text}
          </label>
        ))}
      </fieldset>
      {f.kind === 'monthly' && (
        <div className="bt-goal-fields">
          {amountField('Amount each month', 'amount')}
          {amountField('Up to (optional)', 'cap', true)}
        </div>
      )}
      {f.kind === 'cap' && <div className="bt-goal-fields">{amountField('Up to', 'cap')}</div>}
      {f.kind === 'by' && (
        <div className="bt-goal-fields">
          {amountField('Amount to save', 'amount')}
          <label className="field">
            By
            <input
              className="input"
              type="month"
              aria-label="By"
              value={f.month}
              onChange={(e) => set({ month: e.target.value })}
            />
          </label>
        </div>
      )}
      {f.kind === 'percent' && <PercentFields f={f} set={set} />}
      {reading.other.length > 0 && (
        <div className="bt-goal-other">
          <p style={{ margin: 0 }}>
            The note has goal lines this form cannot show. Saving replaces them:
          </p>
          <pre>{reading.other.join('\n')}</pre>
        </div>
      )}
      {typeof goal === 'object' && goal && (
        <p className="subdued" style={{ margin: 0 }}>
          Written to the category’s note as <code>{goalLine(goal)}</code>
        </p>
      )}
      {error && <ErrorText>{error}</ErrorText>}
      <DialogFooter style={{ flexWrap: 'wrap' }}>
        <Button type="button" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit">Save</Button>
        <Button
          type="button"
          variant="primary"
          disabled={f.kind === 'none'}
          onClick={() => void save(true)}
        >
          Save and apply to {monthTitle(month)}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A percent of income: how much, of which income category (or all), of this or last month. */
function PercentFields({ f, set }: { f: Fields; set: (patch: Partial<Fields>) => void }) {
  const list = useAppState((s) => s.categories.list);
  const income = list.filter((c) => c.is_income);
  return (
    <div className="bt-goal-fields">
      <label className="field">
        Percent
        <input
          className="input amount-input"
          inputMode="decimal"
          aria-label="Percent"
          value={f.percent}
          onChange={(e) => set({ percent: e.target.value.replace(',', '.') })}
        />
      </label>
      <label className="field">
        Of
        <Select label="Of" value={f.source} onChange={(e) => set({ source: e.target.value })}>
          <option value="all income">All income</option>
          {income.map((c) => (
            <option key={c.id} value={c.name}>
              {c.name}
            </option>
          ))}
        </Select>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={f.previous}
          onChange={(e) => set({ previous: e.target.checked })}
        />
        Of last month’s income
      </label>
    </div>
  );
}

export default GoalModal;
