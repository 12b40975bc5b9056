/**
 * One transaction in the phone's register: payee, category (or Split, Transfer), notes with tag
 * chips, amount, running balance and cleared; a tap opens the editor over the list, in the
 * tap's own task (EditorLink.tsx). Memoised:
 * the list re-renders as the editor opens and closes over it (the address changes) and when a
 * save puts one row in place, and only a row whose own props changed draws again.
 */
import { Fragment, memo } from 'react';
import { Amount } from '../../kit/ui/AmountInput.tsx';
import { NoteText } from '../../tags/NoteText.tsx';
import { markLabel, markText } from '../review/review-text.ts';
import type { RegisterTx } from '../types.ts';
import { EditorLink } from './EditorLink.tsx';
import type { Under } from './navigation.ts';

type MarkEntry = Parameters<typeof markText>[0];

export const PhoneTxRow = memo(function PhoneTxRow(props: {
  tx: RegisterTx;
  balance: number | null;
  name: string;
  detail: string;
  mark: MarkEntry | undefined;
  /** Saved from the editor, not yet written by the core. */
  saving: boolean;
  /** The list under the editor this row opens (`editorState`). */
  linkState: Under;
}) {
  const { tx, balance } = props;
  return (
    <li>
      {/* The row as the list holds it goes with the tap: its editor shows it at once. */}
      <EditorLink
        pathname={`/transactions/${tx.id}`}
        state={props.linkState}
        tx={tx}
        className="ph-row ph-tx"
      >
        <span className="ph-tx-main">
          <span className="ph-row-name">
            <PhoneMark entry={props.mark} />
            {props.name}
          </span>
          <span className="ph-tx-detail subdued">
            {props.saving && <span className="ph-saving">Saving… </span>}
            {props.detail}
            {tx.notes ? (
              <Fragment>
                {' · '}
                {/* Tags as chips in their colours; the row itself opens the editor. */}
                <NoteText notes={tx.notes} />
              </Fragment>
            ) : null}
          </span>
        </span>
        <span className="ph-tx-figures">
          <Amount cents={tx.amount} />
          {balance !== null && (
            <span className="ph-tx-balance subdued">
              <span className="sr-only">balance </span>
              <Amount cents={balance} colored={false} />
            </span>
          )}
        </span>
        <span
          className={`ph-cleared${tx.cleared ? ' is-cleared' : ''}`}
          title={tx.cleared ? 'Cleared' : 'Not cleared'}
        >
          <span aria-hidden="true">{tx.cleared ? '●' : '○'}</span>
          <span className="sr-only">{tx.cleared ? 'cleared' : 'not cleared'}</span>
        </span>
      </EditorLink>
    </li>
  );
});

/** A bank row's review mark on a phone: the word, and what it means to a screen reader. */
function PhoneMark({ entry }: { entry: MarkEntry | undefined }) {
  if (!entry) return null;
  return (
    <span className={`reg-review ${entry.kind === 'new' ? 'new' : 'matched'}`}>
      <span aria-hidden="true">{markText(entry)}</span>
      <span className="sr-only">{markLabel(entry)}: </span>
    </span>
  );
}
