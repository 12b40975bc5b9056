import { useNavigate } from 'react-router';
import { useStore } from '../../store/context.ts';
import type { Account } from '../../store/types.ts';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { startBankLink } from './bank-link.ts';

/**
 * The import and bank-link entries of an account's menu, for the account page until the
 * register's own menu carries them (it calls the same `import-transactions` modal and
 * `startBankLink`).
 */
export function ImportAccountMenu({ account }: { account: Account }) {
  const store = useStore();
  const navigate = useNavigate();
  const linked = !!account.account_id;
  return (
    <MenuButton
      label="⋯"
      ariaLabel="Account menu"
      className="btn"
      items={[
        { name: 'import', text: 'Import transactions' },
        linked
          ? { name: 'unlink', text: 'Unlink account' }
          : { name: 'link', text: 'Link bank account' },
      ]}
      onSelect={(name) => {
        if (name === 'import') store.pushModal('import-transactions', { accountId: account.id });
        else if (name === 'link')
          startBankLink(store, navigate, { upgradingAccountId: account.id });
        else if (name === 'unlink') void store.backend.send('account-unlink', { id: account.id });
      }}
    />
  );
}
