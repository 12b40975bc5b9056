import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../kit/ui/Button.tsx';
import { loadTransactionEditor, preloadTransactionEditor } from './editor-loader.ts';
import { editorState } from './navigation.ts';
import './phone.css';

/** Where the 'Add transaction' button shows on a phone: the budget and the accounts. */
export function showsAddTransaction(pathname: string): boolean {
  return pathname === '/budget' || pathname === '/accounts' || pathname.startsWith('/accounts/');
}

/**
 * The phone's 'Add transaction' button, in view below the budget page and
 * every account screen: a link to the editor, in the shown account when there is one, so it
 * opens at once without waiting for any figure.
 */
export function AddTransactionButton() {
  const location = useLocation();
  const { pathname } = location;
  const match = /^\/accounts\/([^/]+)$/.exec(pathname);
  const special = ['budgeted', 'offbudget', 'uncategorized'];
  const account = match && !special.includes(match[1]!) ? match[1] : null;
  // The editor's code is here before the tap (a finger down asks at once if idle came late).
  useEffect(() => preloadTransactionEditor(), []);
  return (
    <div className="ph-fab-bar">
      <Link
        to={account ? `/transactions/new?account=${account}` : '/transactions/new'}
        // The editor opens over this page, which stays as it is under it (EditorLayer.tsx).
        state={editorState(location)}
        className={buttonClass('primary', 'normal', 'ph-fab')}
        onPointerDown={() => void loadTransactionEditor().catch(() => undefined)}
      >
        <span aria-hidden="true">+ </span>Add transaction
      </Link>
    </div>
  );
}
