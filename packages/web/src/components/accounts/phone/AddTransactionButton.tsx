import { memo, useEffect, useMemo } from 'react';
import type { Location } from 'react-router';
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
 *
 * `location`: the page's own entry (the covered page's while the editor is over it), so the
 * editor's address reaches it not. `hidden`: the editor covers the page. The button stays
 * mounted under the editor, hidden, and memoised: a tap that opens the editor (this button or
 * a row) and the save that leaves it neither unmount nor mount it again (its link, its address
 * and its code's idle load), each a part of a phone's tap on the main thread (issue 29).
 */
export const AddTransactionButton = memo(function AddTransactionButton({
  location,
  hidden,
}: {
  location: Location;
  hidden: boolean;
}) {
  const code = useStore().slot(EditorCodeSlot);
  const { pathname } = location;
  const match = /^\/accounts\/([^/]+)$/.exec(pathname);
  const special = ['budgeted', 'offbudget', 'uncategorized'];
  const account = match && !special.includes(match[1]!) ? match[1] : null;
  // The editor's code is here before the tap (a finger down asks at once if idle came late).
  useEffect(() => code.preload(), [code]);
  // Its link, the same element while the page is: hiding the bar renders none of it again.
  const link = useMemo(
    () => (
      <EditorLink
        pathname="/transactions/new"
        search={account ? `?account=${account}` : ''}
        state={editorState(location)}
        className={buttonClass('primary', 'normal', 'ph-fab')}
      >
        <span aria-hidden="true">+ </span>Add transaction
      </EditorLink>
    ),
    [account, location],
  );
  return (
    <div className="ph-fab-bar" hidden={hidden}>
      {/* The editor opens over this page, which stays as it is under it (EditorLayer.tsx). */}
      {link}
    </div>
  );
});
