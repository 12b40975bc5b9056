import { type MouseEvent, useEffect } from 'react';
import { Link, type Location, useLocation } from 'react-router';
import { useStore } from '../../../store/context.ts';
import { buttonClass } from '../../kit/ui/Button.tsx';
import { EditorCodeSlot } from './editor-loader.ts';
import { editorState } from './navigation.ts';
import { PhoneMemorySlot } from './phone-memory.ts';
import './phone.css';

/** Where the 'Add transaction' button shows on a phone: the budget and the accounts. */
export function showsAddTransaction(pathname: string): boolean {
  return pathname === '/budget' || pathname === '/accounts' || pathname.startsWith('/accounts/');
}

/** A plain tap or click (not one that opens a new tab or window, nor one a handler took). */
function plainClick(e: MouseEvent): boolean {
  return (
    !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey
  );
}

/**
 * The phone's 'Add transaction' button, in view below the budget page and
 * every account screen: a link to the editor, in the shown account when there is one, so it
 * opens at once without waiting for any figure.
 */
export function AddTransactionButton() {
  const location = useLocation();
  const store = useStore();
  const code = store.slot(EditorCodeSlot);
  const { pathname } = location;
  const match = /^\/accounts\/([^/]+)$/.exec(pathname);
  const special = ['budgeted', 'offbudget', 'uncategorized'];
  const account = match && !special.includes(match[1]!) ? match[1] : null;
  // The editor's code is here before the tap (a finger down asks at once if idle came late).
  useEffect(() => code.preload(), [code]);
  const search = account ? `?account=${account}` : '';
  // The editor opens over this page, which stays as it is under it (EditorLayer.tsx).
  const state = editorState(location);
  const opening: Location = {
    pathname: '/transactions/new',
    search,
    hash: '',
    state,
    key: 'opening',
  };
  return (
    <div className="ph-fab-bar">
      <Link
        to={`/transactions/new${search}`}
        state={state}
        className={buttonClass('primary', 'normal', 'ph-fab')}
        onPointerDown={() => void code.load().catch(() => undefined)}
        onClick={(e) => {
          // The layer shows in this tap's task when the editor's code is in; the link's own
          // navigation (after this handler) moves the address.
          if (plainClick(e) && code.current()) store.slot(PhoneMemorySlot).opening(opening);
        }}
      >
        <span aria-hidden="true">+ </span>Add transaction
      </Link>
    </div>
  );
}
