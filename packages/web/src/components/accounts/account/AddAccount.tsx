import { useState } from 'react';
import { useNavigate } from 'react-router';
import { loadAccounts, loadPayees } from '../../../store/actions.ts';
import { useStore } from '../../../store/context.ts';
import { failureCode } from '../../../backend/backend.ts';
import { parseAmount } from '../../../util/format.ts';
import type { ModalProps } from '../../../store/modals.ts';
import { DialogFooter, Modal } from '../../kit/ui/Modal.tsx';
import { Button } from '../../kit/ui/Button.tsx';
import { startBankLink } from '../../import/bank-link.ts';
import { ProviderChoice } from '../../import/ProviderChoice.tsx';

/**
 * Add Account: a local account, or a bank account linked through one of the providers. Which
 * are offered is what the server says of each (`ProviderChoice`), as Link Your Bank shows it.
 */
export function AddAccountModal({ active, close }: ModalProps<'add-account'>) {
  const store = useStore();
  const navigate = useNavigate();
  return (
    <Modal title="Add Account" onClose={close} active={active} width={600}>
      <div className="stack">
        <p>
          Create a local account to track transactions yourself. You can import files or enter
          transactions by hand.
        </p>
        <div>
          <Button
            variant="primary"
            onClick={() =>
              store.modal({ type: 'replace', modal: { name: 'add-local-account', options: {} } })
            }
          >
            Create local account
          </Button>
        </div>
        <p>Or link an account at your bank to sync its transactions, with read-only access:</p>
        <ProviderChoice
          onChoose={(provider) =>
            startBankLink(store, navigate, { replace: true, provider: provider.id })
          }
        />
      </div>
    </Modal>
  );
}

/** Pure validation of the create-local-account form (spec doc 2 section 5). */
export function validateLocalAccount(name: string, balance: string) {
  const errors: { name?: string; balance?: string } = {};
  if (!name.trim()) errors.name = 'Name is required';
  const text = balance.trim();
  const cents = text === '' ? 0 : parseAmount(text);
  if (cents === null || !/^[-(]?[\d.,\s]+\)?$/.test(text === '' ? '0' : text)) {
    errors.balance = 'Balance must be a number';
  }
  return { errors, cents: cents ?? 0 };
}

export function AddLocalAccountModal({ active, close }: ModalProps<'add-local-account'>) {
  const store = useStore();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [balance, setBalance] = useState('0');
  const [offBudget, setOffBudget] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; balance?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit() {
    const result = validateLocalAccount(name, balance);
    setErrors(result.errors);
    if (result.errors.name || result.errors.balance || busy) return;
    setBusy(true);
    const id = await store.backend.send('account-create', {
      name: name.trim(),
      balance: result.cents,
      offBudget,
    });
    setBusy(false);
    if (failureCode(id) || typeof id !== 'string') {
      setErrors({ name: 'The account could not be created.' });
      return;
    }
    // The starting balance transaction may have created its payee.
    await Promise.all([loadAccounts(store), loadPayees(store)]);
    close();
    navigate(`/accounts/${id}`);
  }

  return (
    <Modal title="Create Local Account" onClose={close} active={active} width={500}>
      <form className="stack" onSubmit={(e) => (e.preventDefault(), void submit())}>
        <label className="field">
          Name:
          <input
            className="input"
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setName((n) => n.trim())}
            autoFocus
          />
        </label>
        {errors.name && <div className="error-text">{errors.name}</div>}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={offBudget}
            onChange={(e) => setOffBudget(e.target.checked)}
          />
          Off-budget
        </label>
        <p className="subdued" style={{ margin: 0 }}>
          This cannot be changed later. An off-budget account is tracked but does not affect the
          budget (investments, mortgages).
        </p>
        <label className="field">
          Balance:
          <input
            className="input"
            name="balance"
            inputMode="decimal"
            value={balance}
            onChange={(e) => setBalance(e.target.value)}
          />
        </label>
        {errors.balance && <div className="error-text">{errors.balance}</div>}
        <DialogFooter>
          <Button type="button" variant="bare" onClick={close}>
            Back
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            Create
          </Button>
        </DialogFooter>
      </form>
    </Modal>
  );
}
