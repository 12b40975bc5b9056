import { useState } from 'react';
import { useNavigate } from 'react-router';
import { loadAccounts, loadPayees } from '../../app/actions.ts';
import { useStore } from '../../app/context.ts';
import { failureCode } from '../../backend/backend.ts';
import { parseAmount } from '../../util/format.ts';
import type { ModalProps } from '../app/ModalHost.tsx';
import { Modal } from '../kit/Modal.tsx';

export function AddAccountModal({ active, close }: ModalProps) {
  const store = useStore();
  return (
    <Modal title="Add Account" onClose={close} active={active} width={500}>
      <div className="stack">
        <p>
          Create a local account to track transactions yourself. You can import files or enter
          transactions by hand.
        </p>
        <div>
          <button
            className="btn btn-primary"
            onClick={() =>
              store.modal({ type: 'replace', modal: { name: 'add-local-account', options: {} } })
            }
          >
            Create local account
          </button>
        </div>
        <p className="subdued">Linking a bank account is not available in this build.</p>
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

export function AddLocalAccountModal({ active, close }: ModalProps) {
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
        <div className="modal-footer">
          <button type="button" className="btn btn-bare" onClick={close}>
            Back
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Create
          </button>
        </div>
      </form>
    </Modal>
  );
}
