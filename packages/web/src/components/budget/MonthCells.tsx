import { monthTitle } from '@coffer/core/ui';
import { memo, type KeyboardEvent, type RefObject, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStore } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import { Amount, AmountInput } from '../kit/ui/AmountInput.tsx';
import { Menu } from '../kit/ui/Menu.tsx';
import { useStoreCell, useStoreNumber } from '../kit/data/sheet-cell-store.ts';
import { showTransactions } from './actions.ts';
import { saveBudget } from './budget-edit.ts';
import { categoryCell, cell, groupCell } from './cells.ts';
import { balanceMenu, budgetMenu, type CellState, cellMenu, runCellItem } from './menus.ts';
import { budgetCellKey, moveFromBudgetCell, useBudgetView } from './view.ts';
import { Button } from '../kit/ui/Button.tsx';

type MenuKind = 'budget' | 'all' | 'balance';

/** Alt+Down, Shift+F10 or the context-menu key open a cell's menu from the keyboard. */
function isMenuKey(e: KeyboardEvent): boolean {
  return (
    (e.altKey && e.key === 'ArrowDown') ||
    (e.shiftKey && e.key === 'F10') ||
    e.key === 'ContextMenu'
  );
}

export function focusRowName(categoryId: string): void {
  document.querySelector<HTMLElement>(`[data-row-name="${categoryId}"]`)?.focus();
}

interface CategoryMonthProps {
  categoryId: string;
  groupId: string;
  name: string;
  month: string;
  income: boolean;
}

/**
 * One category's cells for one month: Budgeted (typed in place), Spent (opens the register on
 * those transactions) and Balance (its menu moves money). Envelope income shows only Received.
 */
export const CategoryMonth = memo(function CategoryMonth({
  categoryId,
  groupId,
  name,
  month,
  income,
}: CategoryMonthProps) {
  const view = useBudgetView();
  const store = useStore();
  const navigate = useNavigate();
  const fmt = useFormat();
  const { cells, type } = view;
  const budgeted = useStoreNumber(cells, categoryCell.budget(month, categoryId));
  const spent = useStoreNumber(cells, categoryCell.spent(month, categoryId));
  const balance = useStoreNumber(cells, categoryCell.balance(month, categoryId));
  const carryover = useStoreCell(cells, categoryCell.carryover(month, categoryId)) === true;
  // The cell is reused for another month when the months move (keyed by position): a menu
  // belongs to the month it was opened on.
  const [opened, setMenu] = useState<{ kind: MenuKind; month: string } | null>(null);
  const menu = opened?.month === month ? opened.kind : null;
  const budgetRef = useRef<HTMLDivElement>(null);
  const balanceRef = useRef<HTMLButtonElement>(null);
  const where = `${name}, ${monthTitle(month)}`;
  const note = view.notes.get(categoryId);
  const hasGoal = Boolean(note && /#(template|goal)/i.test(note));
  const state: CellState = { type, balance, carryover, goals: hasGoal || view.goalTemplates };

  const spentCell = (
    <div role="cell" className="bt-cell bt-spent">
      <Button
        type="button"
        tabIndex={-1}
        variant="plain"
        className="bt-amount-button"
        aria-label={`Transactions of ${where}: ${fmt.amount(spent)}`}
        onClick={() => showTransactions(navigate, categoryId, month)}
      >
        <Amount cents={spent} className={spent === 0 ? 'zero' : undefined} colored={false} />
      </Button>
    </div>
  );

  if (income && type === 'rollover') {
    return (
      <>
        <div role="cell" className="bt-cell" />
        {!view.narrow && <div role="cell" className="bt-cell" />}
        {spentCell}
      </>
    );
  }

  const input = () => budgetRef.current?.querySelector('input');
  const openMenu = (kind: MenuKind) => setMenu({ kind, month });
  const progress =
    income || !hasGoal || !view.goalProgress
      ? null
      : view.goalProgress(note, { budgeted, balance });

  return (
    <>
      <div
        ref={budgetRef}
        role="cell"
        className="bt-cell bt-budget"
        data-budget-cell={budgetCellKey(categoryId, month)}
        onKeyDown={(e) => {
          if (!isMenuKey(e)) return;
          e.preventDefault();
          openMenu('all');
        }}
        onContextMenu={(e) => {
          e.preventDefault();
          openMenu('budget');
        }}
      >
        <AmountInput
          cell
          value={budgeted}
          label={`Budgeted for ${where}`}
          className={budgeted === 0 ? 'zero' : undefined}
          onCommit={(cents, reason) => {
            const to = cents ?? 0;
            saveBudget(store, view, { month, categoryId, groupId, income, from: budgeted, to });
            // After the input has finished with its key, so the blur this causes is not a
            // second commit.
            queueMicrotask(() => moveFromBudgetCell(view, categoryId, month, reason));
          }}
          onCancel={() => focusRowName(categoryId)}
        />
        <Button
          type="button"
          tabIndex={-1}
          variant="plain"
          className="bt-cell-menu"
          aria-label={`Budget actions for ${where}`}
          aria-haspopup="menu"
          onClick={() => openMenu('budget')}
        >
          ▾
        </Button>
      </div>
      {!view.narrow && (income ? <IncomeReceived spent={spent} /> : spentCell)}
      {income ? (
        view.narrow ? (
          spentCell
        ) : (
          <div role="cell" className="bt-cell" />
        )
      ) : (
        <BalanceCell
          buttonRef={balanceRef}
          where={where}
          balance={balance}
          carryover={carryover}
          progress={progress}
          onOpen={() => openMenu('balance')}
        />
      )}
      {menu && (
        <Menu
          anchor={menu === 'balance' ? balanceRef : budgetRef}
          label={`${menu === 'balance' ? 'Balance' : 'Budget'} actions for ${where}`}
          items={
            menu === 'all'
              ? cellMenu(state)
              : menu === 'budget'
                ? budgetMenu(state)
                : balanceMenu(state)
          }
          onClose={() => {
            setMenu(null);
            if (menu !== 'balance') input()?.focus();
          }}
          onSelect={(item) => void runCellItem({ store, navigate, month, categoryId }, item)}
        />
      )}
    </>
  );
});

/** A category's balance: its menu moves money; a mark when overspending rolls over; a goal. */
function BalanceCell({
  buttonRef,
  where,
  balance,
  carryover,
  progress,
  onOpen,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** The category and month, as the names say them. */
  where: string;
  balance: number;
  carryover: boolean;
  /** How much of the goal is reached (0 to 1), or null without a goal. */
  progress: number | null;
  onOpen: () => void;
}) {
  const fmt = useFormat();
  return (
    <div role="cell" className="bt-cell bt-balance">
      <Button
        ref={buttonRef}
        type="button"
        tabIndex={-1}
        variant="plain"
        className="bt-amount-button bt-balance-button"
        aria-label={`Balance of ${where}: ${fmt.amount(balance)}${carryover ? ', overspending rolls over' : ''}`}
        aria-haspopup="menu"
        onClick={onOpen}
      >
        <Amount cents={balance} className={balance === 0 ? 'zero' : undefined} />
        {carryover && (
          <span
            className={`bt-carry${balance < 0 ? ' negative' : ''}`}
            title="Overspending rolls over to next month"
          >
            →
          </span>
        )}
      </Button>
      {progress !== null && (
        <span
          className="bt-goal"
          role="img"
          aria-label={`Goal ${Math.round(progress * 100)}% reached`}
          title={`Goal ${Math.round(progress * 100)}% reached`}
        >
          <span style={{ width: `${progress * 100}%` }} />
        </span>
      )}
    </div>
  );
}

/** The tracking budget's income row: what arrived, beside what was budgeted. */
function IncomeReceived({ spent }: { spent: number }) {
  return (
    <div role="cell" className="bt-cell">
      <Amount cents={spent} className={spent === 0 ? 'zero' : undefined} colored={false} />
    </div>
  );
}

/** A group's totals for one month (envelope income: Received only). */
export const GroupMonth = memo(function GroupMonth({
  groupId,
  month,
  income,
}: {
  groupId: string;
  month: string;
  income: boolean;
}) {
  const { cells, type, narrow } = useBudgetView();
  const envelopeIncome = income && type === 'rollover';
  const budgeted = useStoreNumber(cells, groupCell.budget(month, groupId));
  const spent = useStoreNumber(
    cells,
    envelopeIncome ? cell(month, 'total-income') : groupCell.spent(month, groupId),
  );
  const balance = useStoreNumber(cells, groupCell.balance(month, groupId));
  // Only a balance is good or bad; what was budgeted or spent is not shown in red.
  const amount = (cents: number, colored = false) => (
    <div role="cell" className="bt-cell">
      <Amount cents={cents} className={cents === 0 ? 'zero' : undefined} colored={colored} />
    </div>
  );
  if (envelopeIncome) {
    return (
      <>
        <div role="cell" className="bt-cell" />
        {!narrow && <div role="cell" className="bt-cell" />}
        {amount(spent)}
      </>
    );
  }
  if (income) {
    return (
      <>
        {amount(budgeted)}
        {amount(spent)}
        {!narrow && <div role="cell" className="bt-cell" />}
      </>
    );
  }
  return (
    <>
      {amount(budgeted)}
      {!narrow && amount(spent)}
      {amount(balance, true)}
    </>
  );
});
