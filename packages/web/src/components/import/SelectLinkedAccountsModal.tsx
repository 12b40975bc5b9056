import { useState } from 'react';
import { useAppState, useStore } from '../../store/context.ts';
import type { ModalProps } from '../../store/modals.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { goCardless } from './bank-provider.ts';
import { providerById } from './providers.ts';
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
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../kit/ui/Table.tsx';
import { Select } from '../kit/ui/Select.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Button } from '../kit/ui/Button.tsx';

/**
 * Link Accounts (select-linked-accounts): each bank account the user allowed access to goes to
 * a new account (for budget or off budget), to an existing account, or nowhere. Linking syncs
 * each linked account at once; the app then shows the account.
 */
export function SelectLinkedAccountsModal({
  options,
  active,
  close,
}: ModalProps<'select-linked-accounts'>) {
  const store = useStore();
  const provider = providerById(options.provider) ?? goCardless;
  const external = options.externalAccounts ?? [];
  const linkId = String(options.requisitionId ?? '');
  const upgradingAccountId = options.upgradingAccountId ?? null;
  const { onLinked } = options;
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
          <Table className="bank-accounts">
            <TableHead>
              <TableRow>
                <TableHeader scope="col">Bank account</TableHeader>
                <TableHeader scope="col">Link to</TableHeader>
              </TableRow>
            </TableHead>
            <TableBody>
              {external.map((account, i) => {
                const label = externalLabel(account);
                const bank = institutionName(account);
                const usable = choosableAccounts(accounts, targets, i);
                return (
                  <TableRow key={account.account_id}>
                    <TableHeader scope="row">
                      <span className="bank-account-name">{label}</span>
                      {bank && <span className="subdued bank-account-bank">{bank}</span>}
                    </TableHeader>
                    <TableCell>
                      <Select
                        label={`Link ${label} to`}
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
                      </Select>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {error && <ErrorText as="p">{error}</ErrorText>}
        <DialogFooter>
          <Button type="button" variant="bare" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="primary"
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
          </Button>
        </DialogFooter>
      </div>
    </Modal>
  );
}

export default SelectLinkedAccountsModal;
