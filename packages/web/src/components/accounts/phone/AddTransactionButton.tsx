import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useStore } from '../../../store/context.ts';
import { buttonClass } from '../../kit/ui/Button.tsx';
import { EditorCodeSlot } from './editor-loader.ts';
import { EditorLink } from './EditorLink.tsx';
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
  const code = useStore().slot(EditorCodeSlot);
  const { pathname } = location;
  const match = /^\/accounts\/([^/]+)$/.exec(pathname);
  const special = ['budgeted', 'offbudget', 'uncategorized'];
  const account = match && !special.includes(match[1]!) ? match[1] : null;
  // The editor's code is here before the tap (a finger down asks at once if idle came late).
  useEffect(() => code.preload(), [code]);
  return (
    <div className="ph-fab-bar">
      {/* The editor opens over this page, which stays as it is under it (EditorLayer.tsx). */}
      <EditorLink
        pathname="/transactions/new"
        search={account ? `?account=${account}` : ''}
        state={editorState(location)}
        className={buttonClass('primary', 'normal', 'ph-fab')}
      >
        <span aria-hidden="true">+ </span>Add transaction
      </EditorLink>
    </div>
  );
}
