import { useState } from 'react';
import { useAppState, useStore } from '../../app/context.ts';
import type { ModalProps } from '../app/ModalHost.tsx';
import { Modal } from '../kit/Modal.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { type ExternalAccount, providerById } from './bank-provider.ts';
import {
  choosableAccounts,
  externalLabel,
  initialTargets,
  institutionName,
  LINK_FAILED,
  type LinkTarget,
  NEW_OFF,
  NEW_ON,
  SKIP,
  targetFromValue,
  targetValue,
} from './link-logic.ts';
import './bank.css';

/**
 * Link Accounts (select-linked-accounts): each bank account the user allowed access to goes to
 * a new account (for budget or off budget), to an existing account, or nowhere. Linking syncs
 * each linked account at once; the app then shows the account.
 */
export function SelectLinkedAccountsModal({ options, active, close }: ModalProps) {
  const store = useStore();
  const provider = providerById(options.provider);
  const external = (options.externalAccounts as ExternalAccount[] | undefined) ?? [];
  const linkId = String(options.requisitionId ?? '');
  const upgradingAccountId = (options.upgradingAccountId as string | null | undefined) ?? null;
  const onLinked = options.onLinked as ((accountId: string | null) => void) | undefined;
  const accounts = useAppState((s) => s.accounts);
  const [targets, setTargets] = useState<LinkTarget[]>(() =>
    initialTargets(external, accounts, upgradingAccountId),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upgrading = accounts.find((a) => a.id === upgradingAccountId);
  const chosen = targets.filter((t) => t.kind !== 'skip').length;

  async function link() {
    setBusy(true);
    setError(null);
    let shown: string | null = null;
    for (const [i, target] of targets.entries()) {
      if (target.kind === 'skip') continue;
      const before = new Set(store.get().accounts.map((a) => a.id));
      const res = await provider.linkAccount(store.backend, {
        linkId,
        account: external[i]!,
        existingAccountId: target.kind === 'existing' ? target.accountId : null,
        offBudget: target.kind === 'new' && target.offBudget,
      });
      if (!res.ok) {
        setBusy(false);
        setError(LINK_FAILED);
        return;
      }
      if (target.kind === 'existing') shown ??= target.accountId;
      else {
        const accountsNow = await store.backend.send('accounts-get');
        shown ??=
          (Array.isArray(accountsNow) ? accountsNow : []).find((a) => !before.has(a.id))?.id ??
          null;
      }
    }
    close();
    onLinked?.(shown);
  }

  return (
    <Modal title="Link Accounts" onClose={close} active={active} width={640}>
      <div className="stack">
        <p>
          {upgrading
            ? `Choose the bank account to link to ${upgrading.name}. Its transactions will come in with each sync.`
            : 'These are the accounts your bank gave access to. Choose where each one goes; its transactions will come in with each sync.'}
        </p>
        {external.length === 0 ? (
          <p className="subdued">Your bank did not give access to any account.</p>
        ) : (
          <table className="bank-accounts">
            <thead>
              <tr>
                <th scope="col">Bank account</th>
                <th scope="col">Link to</th>
              </tr>
            </thead>
            <tbody>
              {external.map((account, i) => {
                const label = externalLabel(account);
                const bank = institutionName(account);
                const usable = choosableAccounts(accounts, targets, i);
                return (
                  <tr key={account.account_id}>
                    <th scope="row">
                      <span className="bank-account-name">{label}</span>
                      {bank && <span className="subdued bank-account-bank">{bank}</span>}
                    </th>
                    <td>
                      <select
                        className="input"
                        aria-label={`Link ${label} to`}
                        value={targetValue(targets[i]!)}
                        disabled={busy}
                        onChange={(e) =>
                          setTargets((ts) =>
                            ts.map((t, j) => (j === i ? targetFromValue(e.target.value) : t)),
                          )
                        }
                      >
                        <option value={SKIP}>Do not link</option>
                        <option value={NEW_ON}>New account (for budget)</option>
                        <option value={NEW_OFF}>New account (off budget)</option>
                        {usable.length > 0 && (
                          <optgroup label="Existing account">
                            {usable.map((a) => (
                              <option key={a.id} value={a.id}>
                                {a.name}
                                {a.account_id && a.account_id !== account.account_id
                                  ? ' (linked elsewhere)'
                                  : ''}
                              </option>
                            ))}
                          </optgroup>
                        )}
                      </select>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        <div className="modal-footer">
          <button type="button" className="btn btn-bare" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={chosen === 0 || busy}
            onClick={() => void link()}
          >
            {busy ? (
              <>
                <Spinner small label="Linking" /> Linking and syncing...
              </>
            ) : chosen === 1 ? (
              'Link account'
            ) : (
              `Link ${chosen} accounts`
            )}
          </button>
        </div>
      </div>
    </Modal>
  );
}

export default SelectLinkedAccountsModal;
