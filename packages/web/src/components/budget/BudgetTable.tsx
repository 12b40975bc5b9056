import { monthTitle } from '@coffer/core/ui';
import { memo, useState } from 'react';
import { useStore } from '../../store/context.ts';
import { Amount } from '../kit/ui/AmountInput.tsx';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { useStoreNumber } from '../kit/data/sheet-cell-store.ts';
import { BudgetRows } from './BudgetRows.tsx';
import { saveName } from './category-actions.ts';
import { cell } from './cells.ts';
import { MonthHeader } from './MonthHeader.tsx';
import { NameEditor } from './NameEditor.tsx';
import type { Row } from './rows.ts';
import { useBudgetView } from './view.ts';
import { Button } from '../kit/ui/Button.tsx';

/** A month's column names with their totals. */
const ColumnTotals = memo(function ColumnTotals({ month }: { month: string }) {
  const { cells, type, narrow } = useBudgetView();
  const budgeted = useStoreNumber(cells, cell(month, 'total-budgeted'));
  const spent = useStoreNumber(cells, cell(month, 'total-spent'));
  const balance = useStoreNumber(cells, cell(month, 'total-leftover'));
  const title = monthTitle(month);
  const column = (label: string, cents: number) => (
    <div role="columnheader" className="bt-cell bt-col" aria-label={`${label}, ${title}`}>
      <span className="bt-col-label">{label}</span>
      <Amount cents={cents} colored={false} />
    </div>
  );
  // The envelope budget stores what is budgeted as a negative total.
  const shownBudgeted = type === 'rollover' ? -budgeted || 0 : budgeted;
  return (
    <>
      {column('Budgeted', shownBudgeted)}
      {!narrow && column('Spent', spent)}
      {column(type === 'rollover' ? 'Balance' : 'Remaining', balance)}
    </>
  );
});

export interface TableOptions {
  showHidden: boolean;
  onShowHidden: (show: boolean) => void;
  onCollapseAll: (collapse: boolean) => void;
  onToggle: (groupId: string) => void;
}

/**
 * The budget table: per month its title, menu and summary, the column totals, then the groups
 * and categories, then Add Group.
 */
export const BudgetTable = memo(function BudgetTable({
  rows,
  options,
}: {
  rows: readonly Row[];
  options: TableOptions;
}) {
  const view = useBudgetView();
  const store = useStore();
  const [addingGroup, setAddingGroup] = useState(false);
  const [announce, setAnnounce] = useState('');
  const perMonth = view.narrow ? 2 : 3;
  const columns = view.months.length * perMonth;
  return (
    <>
      <div
        role="table"
        aria-label="Budget"
        aria-colcount={1 + columns}
        className={`bt${view.narrow ? ' bt-narrow' : ''}`}
        style={{
          ['--bt-months' as string]: view.months.length,
          ['--bt-per-month' as string]: perMonth,
          ['--bt-cells' as string]: columns,
        }}
      >
        <div role="rowgroup" className="bt-head">
          <div role="row" className="bt-row bt-months">
            <div role="columnheader" className="bt-cell bt-name bt-corner" />
            {/* Keyed by position, as the rows' cells are: a month change updates them in place. */}
            {view.months.map((m, i) => (
              <div key={i} role="columnheader" className="bt-cell bt-month" aria-colspan={perMonth}>
                <MonthHeader month={m} />
              </div>
            ))}
          </div>
          <div role="row" className="bt-row bt-cols">
            <div role="columnheader" className="bt-cell bt-name">
              <span>Category</span>
              <MenuButton
                label="⋯"
                ariaLabel="Category options"
                className="btn btn-bare bt-month-menu"
                items={[
                  {
                    name: 'hidden',
                    text: options.showHidden ? 'Hide hidden categories' : 'Show hidden categories',
                  },
                  { name: 'expand', text: 'Expand all' },
                  { name: 'collapse', text: 'Collapse all' },
                ]}
                onSelect={(item) => {
                  if (item === 'hidden') options.onShowHidden(!options.showHidden);
                  else options.onCollapseAll(item === 'collapse');
                }}
              />
            </div>
            {view.months.map((m, i) => (
              <ColumnTotals key={i} month={m} />
            ))}
          </div>
        </div>
        <BudgetRows rows={rows} onToggle={options.onToggle} onAnnounce={setAnnounce} />
        <div role="rowgroup" className="bt-foot">
          <div role="row" className="bt-row">
            <div role="cell" className="bt-cell bt-name bt-add-group">
              {addingGroup ? (
                <NameEditor
                  initial=""
                  label="New group name"
                  placeholder="New group name"
                  onSave={(name) => saveName(store, 'category-group-create', { name })}
                  onDone={() => setAddingGroup(false)}
                />
              ) : (
                <Button type="button" onClick={() => setAddingGroup(true)}>
                  Add Group
                </Button>
              )}
            </div>
          </div>
        </div>
      </div>
      <span className="sr-only" aria-live="polite">
        {announce}
      </span>
    </>
  );
});
