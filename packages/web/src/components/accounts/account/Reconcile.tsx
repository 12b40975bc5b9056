/**
 * Reconciling (Coffer's addition): the `reconcile` modal asks for the bank's balance; the bar
 * above the register then shows how far the cleared balance is from it while transactions are
 * cleared, offers an adjustment transaction, and when they agree locks the cleared
 * transactions. Editing a locked transaction asks first (`confirm-reconciled-edit`).
 */
import { useState } from 'react';
import { useAppState } from '../../../store/context.ts';
import type { Account } from '../../../store/types.ts';
import { useFormat } from '../../../store/use-format.ts';
import type { ModalProps } from '../../../store/modals.ts';
import { Amount, AmountInput } from '../../kit/ui/AmountInput.tsx';
import { DialogFooter, Modal } from '../../kit/ui/Modal.tsx';
import { cellNumber } from '../balances/balance-queries.ts';
import { reconcileDifference } from './reconcile.ts';
import { Button } from '../../kit/ui/Button.tsx';

export function ReconcileModal({ options, active, close }: ModalProps<'reconcile'>) {
  const { accountName, cleared, onStart } = options;
  const [value, setValue] = useState<number | null | undefined>(cleared);
  const fmt = useFormat();
  const valid = typeof value === 'number';
  const start = () => {
    if (!valid) return;
    onStart(value);
    close();
  };
  return (
    <Modal title="Reconcile" onClose={close} active={active} width={460}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          start();
        }}
      >
        <p>
          Enter the balance your bank shows for <strong>{accountName}</strong>. Its cleared balance
          in Coffer is <strong className="amount">{fmt.amount(cleared)}</strong>.
        </p>
        <label className="field">
          Bank balance
          <AmountInput
            label="Bank balance"
            value={cleared}
            autoFocus
            onChange={setValue}
            onCommit={(c, reason) => {
              setValue(c);
              if (reason === 'enter' && typeof c === 'number') {
                onStart(c);
                close();
              }
            }}
          />
        </label>
        <DialogFooter>
          <Button type="button" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!valid}>
            Start reconciling
          </Button>
        </DialogFooter>
      </form>
    </Modal>
  );
}

export function ReconcileBar({
  account,
  target,
  onAdjust,
  onDone,
  onCancel,
}: {
  account: Account;
  target: number;
  onAdjust: (difference: number) => void;
  onDone: () => void;
  onCancel: () => void;
}) {
  const cleared = useAppState((s) => cellNumber(s.cells, `cleared-${account.id}`));
  const difference = reconcileDifference(target, cleared);
  return (
    <div
      className={`reg-reconcile${difference === 0 ? ' done' : ''}`}
      role="region"
      aria-label="Reconciling"
    >
      <span role="status">
        {difference === 0 ? (
          <>
            All reconciled: the cleared balance matches the bank’s <Amount cents={target} />.
          </>
        ) : (
          <>
            The cleared balance <Amount cents={cleared} /> is <Amount cents={difference} /> away
            from the bank’s <Amount cents={target} />. Clear transactions to match it.
          </>
        )}
      </span>
      <span className="reg-reconcile-buttons">
        {difference !== 0 && (
          <Button type="button" size="small" onClick={() => onAdjust(difference)}>
            Create adjustment transaction
          </Button>
        )}
        <Button
          type="button"
          variant="primary"
          size="small"
          disabled={difference !== 0}
          onClick={onDone}
        >
          Done reconciling
        </Button>
        <Button type="button" size="small" onClick={onCancel}>
          Cancel
        </Button>
      </span>
    </div>
  );
}

/**
 * Asks before reconciled (locked) transactions are edited or deleted: one typed into, or the
 * `count` an action on the selection would change.
 */
export function ConfirmReconciledEditModal({
  options,
  active,
  close,
}: ModalProps<'confirm-reconciled-edit'>) {
  const { count = 1, total = count, action = 'edit', onAnswer } = options;
  const answer = (ok: boolean) => {
    onAnswer(ok);
    close();
  };
  const verb = action === 'delete' ? 'Delete' : 'Edit';
  const one = count === 1;
  const which = one
    ? total === 1
      ? 'This transaction is reconciled: it matched your bank.'
      : `One of these ${total} transactions is reconciled: it matched your bank.`
    : count === total
      ? `These ${count} transactions are reconciled: they matched your bank.`
      : `${count} of these ${total} transactions are reconciled: they matched your bank.`;
  return (
    <Modal
      title={
        one ? `${verb} a reconciled transaction?` : `${verb} ${count} reconciled transactions?`
      }
      onClose={() => answer(false)}
      active={active}
      width={460}
    >
      <div className="stack">
        <p>
          {which} {action === 'delete' ? 'Deleting' : 'Changing'} {one ? 'it' : 'them'} changes a
          balance you have already checked.
        </p>
        <DialogFooter>
          <Button type="button" onClick={() => answer(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            variant={action === 'delete' ? 'danger' : 'primary'}
            onClick={() => answer(true)}
          >
            {verb} anyway
          </Button>
        </DialogFooter>
      </div>
    </Modal>
  );
}
