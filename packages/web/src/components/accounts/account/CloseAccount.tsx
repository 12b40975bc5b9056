/**
 * The close-account modal (spec): a balance must move to another account first ('Transfer is
 * required'), categorized when it leaves the budget for an off-budget account ('Category is
 * required'); or a forced close deletes the account and its transactions. With `canDelete`
 * (a closed account) it deletes the account.
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppState, useStore } from '../../../store/context.ts';
import type { Account } from '../../../store/types.ts';
import { useFormat } from '../../../store/use-format.ts';
import { failureOf } from '../../../backend/backend.ts';
import type { ModalProps } from '../../../store/modals.ts';
import { DialogFooter, Modal } from '../../kit/ui/Modal.tsx';
import { AccountAutocomplete, CategoryAutocomplete } from '../../kit/pickers/Pickers.tsx';
import { ErrorText } from '../../kit/ui/ErrorText.tsx';
import { Button } from '../../kit/ui/Button.tsx';

/** Whether closing into `target` needs a category: money leaving the budget. */
export function needsCategory(account: Account, target: Account | undefined): boolean {
  return !account.offbudget && !!target?.offbudget;
}

/** The closed account's delete: asked before it and all its transactions go for good. */
function DeleteAccountModal(p: {
  account: Account;
  error: string | undefined;
  busy: boolean;
  active: boolean;
  close: () => void;
  onDelete: () => void;
}) {
  return (
    <Modal title="Delete Account" onClose={p.close} active={p.active} width={500}>
      <div className="stack">
        <p>
          Delete <strong>{p.account.name}</strong> and all its transactions permanently? The other
          sides of its transfers stay, without a payee.
        </p>
        {p.error && <ErrorText>{p.error}</ErrorText>}
        <DialogFooter>
          <Button type="button" onClick={p.close}>
            Cancel
          </Button>
          <Button type="button" variant="danger" disabled={p.busy} onClick={p.onDelete}>
            Delete account
          </Button>
        </DialogFooter>
      </div>
    </Modal>
  );
}

export function CloseAccountModal({ options, active, close }: ModalProps<'close-account'>) {
  const { account } = options;
  const balance = options.balance ?? 0;
  const canDelete = options.canDelete === true;
  const store = useStore();
  const navigate = useNavigate();
  const fmt = useFormat();
  const accounts = useAppState((s) => s.accounts);
  const [transfer, setTransferState] = useState<string | null>(null);
  const [category, setCategoryState] = useState<string | null>(null);
  // Enter in a picker commits it and submits the form in one event: submit reads these.
  const chosen = useRef({ transfer: null as string | null, category: null as string | null });
  const setTransfer = (id: string | null) => {
    chosen.current.transfer = id;
    setTransferState(id);
  };
  const setCategory = (id: string | null) => {
    chosen.current.category = id;
    setCategoryState(id);
  };
  const [errors, setErrors] = useState<{ transfer?: string; category?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const target = accounts.find((a) => a.id === transfer);
  const askCategory = balance !== 0 && needsCategory(account, target);

  async function run(args: Record<string, unknown>) {
    setBusy(true);
    const res = await store.backend.send('account-close', { id: account.id, ...args });
    setBusy(false);
    const error = failureOf(res);
    if (error) {
      if (error.type === 'transfer-required') setErrors({ transfer: 'Transfer is required' });
      else if (error.type === 'category-required') setErrors({ category: 'Category is required' });
      else setErrors({ form: error.message ?? 'The account could not be closed.' });
      return;
    }
    close();
    if (args.forced) navigate('/accounts');
  }

  function submit() {
    const { transfer, category } = chosen.current;
    const target = accounts.find((a) => a.id === transfer);
    const needs = balance !== 0 && needsCategory(account, target);
    const problems: typeof errors = {};
    if (balance !== 0 && !transfer) problems.transfer = 'Transfer is required';
    if (needs && !category) problems.category = 'Category is required';
    setErrors(problems);
    if (problems.transfer || problems.category) return;
    void run({ transferAccountId: transfer, categoryId: needs ? category : null });
  }

  if (canDelete) {
    return (
      <DeleteAccountModal
        account={account}
        error={errors.form}
        busy={busy}
        active={active}
        close={close}
        onDelete={() => void run({ forced: true })}
      />
    );
  }

  return (
    <Modal title="Close Account" onClose={close} active={active} width={520}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p>
          Are you sure you want to close <strong>{account.name}</strong>?{' '}
          {balance !== 0 && (
            <>
              It has a balance of <strong className="amount">{fmt.amount(balance)}</strong>. Choose
              the account that balance moves to:
            </>
          )}
        </p>
        {balance !== 0 && (
          <div className="field reg-form-field">
            <AccountAutocomplete
              label="Transfer the balance to"
              value={transfer}
              exclude={[account.id]}
              autoFocus
              placeholder="Select account..."
              error={errors.transfer}
              onCommit={(item) => {
                setTransfer(item?.id ?? null);
                setErrors((e) => ({ ...e, transfer: undefined }));
              }}
            />
          </div>
        )}
        {askCategory && (
          <>
            <p className="subdued" style={{ margin: 0 }}>
              The money leaves the budget for an off-budget account, so the transfer needs a
              category:
            </p>
            <div className="field reg-form-field">
              <CategoryAutocomplete
                label="Category"
                value={category}
                placeholder="Select category..."
                error={errors.category}
                onCommit={(item) => {
                  setCategory(item?.id ?? null);
                  setErrors((e) => ({ ...e, category: undefined }));
                }}
              />
            </div>
          </>
        )}
        <p className="subdued" style={{ margin: 0 }}>
          You can also{' '}
          <Button
            type="button"
            variant="bare"
            className="reg-btn-link"
            onClick={() => void run({ forced: true })}
            disabled={busy}
          >
            force close
          </Button>{' '}
          the account, which deletes it and all its transactions permanently. Money in it disappears
          from your budget.
        </p>
        {errors.form && <ErrorText>{errors.form}</ErrorText>}
        <DialogFooter>
          <Button type="button" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            Close account
          </Button>
        </DialogFooter>
      </form>
    </Modal>
  );
}
