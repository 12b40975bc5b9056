import { memo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStore } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import type { Category, CategoryGroup } from '../../store/types.ts';
import { useStoreCell, useStoreNumber } from '../kit/data/sheet-cell-store.ts';
import { Amount, AmountInput } from '../kit/ui/AmountInput.tsx';
import { Button } from '../kit/ui/Button.tsx';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { Modal } from '../kit/ui/Modal.tsx';
import { saveBudget } from './budget-edit.ts';
import { categoryCell, cell, groupCell } from './cells.ts';
import { type CellState, cellMenu, monthMenu, runCellItem, runMonthItem } from './menus.ts';
import { EnvelopeSummary, TrackingSummary } from './MonthHeader.tsx';
import { monthTitle } from '@coffer/core/ui';
import { isBudgetable, type Row } from './rows.ts';
import { useBudgetView } from './view.ts';

interface Opened {
  category: Category;
  group: CategoryGroup;
}

/**
 * The budget on a phone, made for a finger: the month's summary in a card, then one row per
 * group and category, each a whole-width target. Tapping a category opens its sheet: the
 * amount to budget (a decimal keypad), its balance and every action of the category.
 */
export function PhoneBudget({
  rows,
  onToggle,
}: {
  rows: readonly Row[];
  onToggle: (groupId: string) => void;
}) {
  const view = useBudgetView();
  const store = useStore();
  const month = view.months[0]!;
  const buffered = useStoreNumber(view.cells, cell(month, 'buffered'));
  const [opened, setOpened] = useState<Opened | null>(null);
  const title = monthTitle(month);
  return (
    <div className="pb">
      <section className="pb-card" aria-label={`Summary of ${title}`}>
        <div className="pb-card-head">
          {month === view.current && <span className="bt-current">This month</span>}
          <MenuButton
            label="⋯"
            ariaLabel={`Actions for ${title}`}
            className="btn btn-bare pb-month-menu"
            items={monthMenu(view.type, buffered, view.goalTemplates)}
            onSelect={(item) => void runMonthItem(store, month, item)}
          />
        </div>
        {view.type === 'rollover' ? (
          <EnvelopeSummary month={month} />
        ) : (
          <TrackingSummary month={month} />
        )}
      </section>
      <div className="pb-heads" aria-hidden="true">
        <span>Category</span>
        <span>Budgeted</span>
        <span>{view.type === 'rollover' ? 'Balance' : 'Remaining'}</span>
      </div>
      <ul className="pb-list" aria-label={`Categories, ${title}`}>
        {rows.map((row) =>
          row.kind === 'group' ? (
            <li key={row.group.id}>
              <GroupRow group={row.group} collapsed={row.collapsed} onToggle={onToggle} />
            </li>
          ) : (
            <li key={row.category.id}>
              <CategoryRow
                category={row.category}
                group={row.group}
                onOpen={() => setOpened({ category: row.category, group: row.group })}
              />
            </li>
          ),
        )}
      </ul>
      {opened && (
        <CategorySheet
          category={opened.category}
          group={opened.group}
          month={month}
          onClose={() => setOpened(null)}
        />
      )}
    </div>
  );
}

const GroupRow = memo(function GroupRow({
  group,
  collapsed,
  onToggle,
}: {
  group: CategoryGroup;
  collapsed: boolean;
  onToggle: (groupId: string) => void;
}) {
  const { cells, type, months } = useBudgetView();
  const month = months[0]!;
  const envelopeIncome = group.is_income && type === 'rollover';
  const budgeted = useStoreNumber(cells, groupCell.budget(month, group.id));
  const balance = useStoreNumber(
    cells,
    envelopeIncome ? cell(month, 'total-income') : groupCell.balance(month, group.id),
  );
  return (
    <Button
      type="button"
      variant="plain"
      className="pb-row pb-group"
      aria-expanded={!collapsed}
      onClick={() => onToggle(group.id)}
    >
      <span className="pb-name">
        <span className="pb-caret" aria-hidden="true">
          {collapsed ? '▸' : '▾'}
        </span>
        {group.name}
      </span>
      <Amount cents={envelopeIncome ? undefined : budgeted} colored={false} />
      <Amount cents={balance} colored={!envelopeIncome} />
    </Button>
  );
});

const CategoryRow = memo(function CategoryRow({
  category,
  group,
  onOpen,
}: {
  category: Category;
  group: CategoryGroup;
  onOpen: () => void;
}) {
  const { cells, type, months } = useBudgetView();
  const month = months[0]!;
  const budgetable = isBudgetable(category, type);
  const budgeted = useStoreNumber(cells, categoryCell.budget(month, category.id));
  const spent = useStoreNumber(cells, categoryCell.spent(month, category.id));
  const balance = useStoreNumber(cells, categoryCell.balance(month, category.id));
  const carryover = useStoreCell(cells, categoryCell.carryover(month, category.id)) === true;
  // Envelope income is received, not budgeted: its row shows what came in and opens nothing.
  const content = (
    <>
      <span className="pb-name">{category.name}</span>
      <Amount cents={budgetable ? budgeted : undefined} colored={false} />
      <span className="pb-balance">
        <Amount cents={budgetable ? balance : spent} colored={budgetable && !group.is_income} />
        {carryover && (
          <span className="bt-carry" title="Overspending rolls over to next month">
            →
          </span>
        )}
      </span>
    </>
  );
  if (!budgetable) return <div className="pb-row pb-static">{content}</div>;
  return (
    <Button
      type="button"
      variant="plain"
      className="pb-row pb-category"
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      {content}
    </Button>
  );
});

/**
 * A category's sheet for the month: Budgeted typed with the decimal keypad (the kit's amount
 * field: the same checks and messages as the table, a refused text kept beside its message),
 * the balance and spending, its note, and every action the table's menus offer.
 */
function CategorySheet({
  category,
  group,
  month,
  onClose,
}: {
  category: Category;
  group: CategoryGroup;
  month: string;
  onClose: () => void;
}) {
  const view = useBudgetView();
  const store = useStore();
  const navigate = useNavigate();
  const fmt = useFormat();
  const { cells, type } = view;
  const budgeted = useStoreNumber(cells, categoryCell.budget(month, category.id));
  const spent = useStoreNumber(cells, categoryCell.spent(month, category.id));
  const balance = useStoreNumber(cells, categoryCell.balance(month, category.id));
  const carryover = useStoreCell(cells, categoryCell.carryover(month, category.id)) === true;
  const savedNote = view.notes.get(category.id) ?? '';
  const [note, setNote] = useState(savedNote);
  const hasGoal = /#(template|goal)/i.test(savedNote);
  const state: CellState = { type, balance, carryover, goals: hasGoal || view.goalTemplates };
  const actions = cellMenu(state).filter((e) => !('kind' in e));
  const inputId = `pb-budget-${category.id}`;

  const sheet = useRef<HTMLDivElement>(null);
  const close = () => {
    // A refused amount (its message beside it) keeps the sheet open, the text as typed.
    if (sheet.current?.querySelector('[aria-invalid=true]')) return;
    const next = note.trim() === '' ? null : note;
    if (next !== (savedNote || null)) {
      void store.backend.send('notes-save', { id: category.id, note: next });
    }
    onClose();
  };

  return (
    <Modal title={category.name} onClose={close} className="modal-sheet" width={520}>
      <div ref={sheet} className="pb-sheet">
        <p className="pb-sheet-month subdued">{monthTitle(month)}</p>
        <label className="pb-field" htmlFor={inputId}>
          Budgeted
        </label>
        <AmountInput
          id={inputId}
          value={budgeted}
          label={`Budgeted for ${category.name}, ${monthTitle(month)}`}
          onCommit={(cents) => {
            const edit = { month, categoryId: category.id, groupId: group.id };
            const income = Boolean(category.is_income);
            saveBudget(store, view, { ...edit, income, from: budgeted, to: cents ?? 0 });
          }}
        />
        <dl className="pb-figures">
          <dt>Spent</dt>
          <dd>{fmt.amount(spent)}</dd>
          <dt>{type === 'rollover' ? 'Balance' : 'Remaining'}</dt>
          <dd className={balance < 0 ? 'amount negative' : 'amount'}>
            {fmt.amount(balance)}
            {carryover ? ', overspending rolls over' : ''}
          </dd>
        </dl>
        <div className="pb-actions" role="group" aria-label={`Actions for ${category.name}`}>
          {actions.map((item) =>
            'name' in item ? (
              <Button
                key={item.name}
                type="button"
                className="pb-action"
                onClick={() => {
                  close();
                  void runCellItem({ store, navigate, month, categoryId: category.id }, item.name);
                }}
              >
                {item.text}
              </Button>
            ) : null,
          )}
        </div>
        <label className="pb-field" htmlFor={`${inputId}-notes`}>
          Notes
        </label>
        <textarea
          id={`${inputId}-notes`}
          className="input pb-notes"
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button type="button" variant="primary" className="pb-done" onClick={close}>
          Done
        </Button>
      </div>
    </Modal>
  );
}
