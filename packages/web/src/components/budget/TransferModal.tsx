import { monthTitle } from '@coffer/core/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useAppState, useStore } from '../../store/context.ts';
import type { ModalProps } from '../../store/modals.ts';
import { AmountInput } from '../kit/ui/AmountInput.tsx';
import { Autocomplete } from '../kit/ui/Autocomplete.tsx';
import {
  type AcItem,
  categorySuggestions,
  matchRank,
  type Suggestions,
} from '../kit/ui/autocomplete-logic.ts';
import { cellValue, useSheetCells } from '../kit/data/data.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { failureText } from './actions.ts';
import { categoryCell, cell } from './cells.ts';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Button } from '../kit/ui/Button.tsx';

/** The core's pseudo-category for To Budget in transfers and covers. */
export const TO_BUDGET = 'to-be-budgeted';

export type TransferMode = 'transfer' | 'cover' | 'available' | 'hold';

export interface TransferOptions {
  mode: TransferMode;
  month: string;
  /** transfer: the category money leaves; cover: the overspent category. */
  categoryId?: string;
}

const TITLES: Record<TransferMode, string> = {
  transfer: 'Transfer to another category',
  cover: 'Cover overspending',
  available: 'Move available funds',
  hold: 'Hold for next month',
};

/**
 * Moving envelope money: from a category's balance to another category (or back to To Budget),
 * covering an overspent category from another one (or from To Budget), moving To Budget into a
 * category, holding To Budget for next month. Each is one `budget/*` call and one undo step.
 */
export function TransferModal({ options, close, active }: ModalProps<'budget-transfer'>) {
  const { mode, month, categoryId } = options;
  const store = useStore();
  const groups = useAppState((s) => s.categories.grouped);
  const category = useAppState((s) => s.categories.list.find((c) => c.id === categoryId));
  const values = useSheetCells([
    cell(month, 'to-budget'),
    ...(categoryId ? [categoryCell.balance(month, categoryId)] : []),
  ]);
  const toBudget = cellValue(values, cell(month, 'to-budget'));
  const balance = categoryId ? cellValue(values, categoryCell.balance(month, categoryId)) : 0;
  const start = mode === 'transfer' ? Math.max(balance, 0) : Math.max(toBudget, 0);

  const needsAmount = mode !== 'cover';
  const needsCategory = mode !== 'hold';
  const withPot = mode === 'transfer' || mode === 'cover';
  const amount = useRef<number | null | undefined>(undefined);
  const target = useRef<string | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Once the person has typed an amount, the suggested one (which may arrive later, when the
  // month's figures do) must not replace it.
  const [typed, setTyped] = useState(false);

  const suggest = (text: string, typed: boolean): Suggestions => {
    const base = categorySuggestions(groups, text, typed, picked, {
      expenseOnly: true,
      exclude: categoryId ? [categoryId] : [],
    });
    if (!withPot || (typed && matchRank('To Budget', text) < 0)) return base;
    const items: AcItem[] = [{ id: TO_BUDGET, label: 'To Budget' }, ...base.items];
    const highlight = typed ? 0 : items.findIndex((i) => i.id === picked);
    return { items, highlight };
  };
  const label = (id: string | null) =>
    id === TO_BUDGET
      ? 'To Budget'
      : (groups.flatMap((g) => g.categories).find((c) => c.id === id)?.name ?? '');

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    const cents = amount.current === undefined ? start : amount.current;
    if (needsAmount && (cents === null || cents <= 0)) {
      setError('Enter an amount greater than zero');
      return;
    }
    if (needsCategory && !target.current) {
      setError('You must select a category');
      return;
    }
    const args =
      mode === 'transfer'
        ? { month, amount: cents, from: categoryId, to: target.current }
        : mode === 'cover'
          ? { month, to: categoryId, from: target.current }
          : mode === 'available'
            ? { month, amount: cents, category: target.current }
            : { month, amount: cents };
    const handler = (
      {
        transfer: 'budget/transfer-category',
        cover: 'budget/cover-overspending',
        available: 'budget/transfer-available',
        hold: 'budget/hold-for-next-month',
      } as const
    )[mode];
    setBusy(true);
    const res = await store.backend.send(handler, args);
    setBusy(false);
    const problem = failureText(res);
    if (problem) setError(problem);
    else close();
  }

  const what =
    mode === 'transfer'
      ? `From ${category?.name ?? 'this category'} in ${monthTitle(month)}`
      : mode === 'cover'
        ? `${category?.name ?? 'This category'} is overspent in ${monthTitle(month)}. Its overspending is covered from the category you choose, as far as that category's balance goes.`
        : `To Budget in ${monthTitle(month)}`;

  return (
    <Modal title={TITLES[mode]} onClose={close} active={active} width={440}>
      <form className="stack" onSubmit={submit}>
        <p className="subdued" style={{ margin: 0 }}>
          {what}
        </p>
        {needsAmount && (
          <label className="field">
            Amount
            <AmountInput
              value={typed ? (amount.current ?? null) : start}
              label="Amount"
              autoFocus
              onChange={(cents) => {
                amount.current = cents;
                setTyped(true);
                setError(null);
              }}
              onCommit={(cents) => {
                amount.current = cents;
              }}
            />
          </label>
        )}
        {needsCategory && (
          <label className="field">
            {mode === 'cover' ? 'From' : 'To'}
            <Autocomplete
              label={mode === 'cover' ? 'From' : 'To'}
              value={picked}
              valueLabel={label(picked)}
              autoFocus={!needsAmount}
              suggest={suggest}
              onCommit={(item) => {
                target.current = item?.id ?? null;
                setPicked(item?.id ?? null);
                setError(null);
              }}
            />
          </label>
        )}
        {error && <ErrorText>{error}</ErrorText>}
        <DialogFooter>
          <Button type="button" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {mode === 'hold' ? 'Hold' : mode === 'cover' ? 'Cover' : 'Transfer'}
          </Button>
        </DialogFooter>
      </form>
    </Modal>
  );
}

export default TransferModal;
