import { prevMonth, monthTitle, monthName } from '@coffer/core/ui';
import { useStore } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import type { ModalProps } from '../../store/modals.ts';
import { cellValue, useSheetCells } from '../kit/data/data.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { run } from './actions.ts';
import { cell } from './cells.ts';
import { Button } from '../kit/ui/Button.tsx';

/**
 * budget-summary ('Budget Details'): how an envelope month's To Budget comes about, and the
 * ways to use it (move it to a category, hold it for next month).
 */
export function BudgetSummaryModal({ options, close, active }: ModalProps<'budget-summary'>) {
  const { month } = options;
  const store = useStore();
  const fmt = useFormat();
  const names = [
    'available-funds',
    'last-month-overspent',
    'total-budgeted',
    'buffered',
    'to-budget',
  ];
  const values = useSheetCells(names.map((n) => cell(month, n)));
  const v = (n: string) => cellValue(values, cell(month, n));
  const toBudget = v('to-budget');
  const buffered = v('buffered');
  const lines: Array<[string, number]> = [
    ['Available funds', v('available-funds')],
    [`Overspent in ${monthName(prevMonth(month), true)}`, v('last-month-overspent')],
    ['Budgeted', v('total-budgeted')],
    ['For next month', buffered === 0 ? 0 : -buffered],
  ];
  const over = toBudget < 0;
  return (
    <Modal title="Budget Details" onClose={close} active={active} width={420}>
      <p className="subdued" style={{ marginTop: 0 }}>
        {monthTitle(month)}
      </p>
      <dl className="bt-details">
        {lines.map(([label, cents]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={`amount${cents < 0 ? ' negative' : ''}`}>{fmt.amount(cents)}</dd>
          </div>
        ))}
        <div className="bt-details-total">
          <dt>{over ? 'Overbudget' : 'To budget'}</dt>
          <dd className={`amount${over ? ' negative' : ''}`}>{fmt.amount(toBudget)}</dd>
        </div>
      </dl>
      <div className="row bt-details-actions">
        <Button
          type="button"
          disabled={toBudget <= 0}
          onClick={() => store.pushModal('budget-transfer', { mode: 'available', month })}
        >
          Move to a category…
        </Button>
        <Button
          type="button"
          disabled={toBudget <= 0}
          onClick={() => store.pushModal('budget-transfer', { mode: 'hold', month })}
        >
          Hold for next month…
        </Button>
        {buffered !== 0 && (
          <Button type="button" onClick={() => void run(store, 'budget/reset-hold', { month })}>
            Reset hold
          </Button>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="primary" onClick={close}>
          Close
        </Button>
      </DialogFooter>
    </Modal>
  );
}

export default BudgetSummaryModal;
