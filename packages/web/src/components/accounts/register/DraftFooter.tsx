/**
 * The add row's footer and a split's 'Amount left' text: what is left to assign, what Enter
 * and Tab do, and the controls that add a split line, cancel or save the new transaction.
 */
import { useEffect, useRef } from 'react';
import { Amount } from '../../kit/ui/AmountInput.tsx';
import { Button } from '../../kit/ui/Button.tsx';
import type { RegisterEditing } from '../editing/use-register-editing.ts';
import type { RegisterTx } from '../types.ts';

/** What is left of a split, in the direction of its total: still to assign, or too much. */
export function LeftText({ total, left }: { total: number; left: number }) {
  const toAssign = total < 0 ? -left : left;
  return (
    <>
      {toAssign >= 0 ? 'Amount left: ' : 'Over by: '}
      <Amount cents={Math.abs(left)} colored={false} />
    </>
  );
}

/**
 * Under the add row: what is left of a split, what Enter and Tab do, and the controls that add
 * a split line, cancel or save. Tab past the add row's last field lands here (`footerFocus`).
 */
/** Under a saved split whose lines do not add up: what is left, with Distribute and Add line. */
export function SplitLeftCell({
  parent,
  left,
  onDistribute,
  onAddLine,
}: {
  parent: RegisterTx;
  left: number;
  onDistribute: (parent: RegisterTx) => void;
  onAddLine: (parent: RegisterTx) => void;
}) {
  return (
    <div role="gridcell" className="reg-left-cell">
      <span className="reg-left" role="status">
        <LeftText total={parent.amount} left={left} />
      </span>
      <Button type="button" size="small" onClick={() => onDistribute(parent)}>
        Distribute
      </Button>
      <Button type="button" size="small" onClick={() => onAddLine(parent)}>
        Add split line
      </Button>
    </div>
  );
}

export function DraftFooter(p: {
  editing: RegisterEditing;
  left: number;
  total: number;
  onDistribute: () => void;
}) {
  const split = !!p.editing.draft?.lines;
  const addLine = useRef<HTMLButtonElement>(null);
  const save = useRef<HTMLButtonElement>(null);
  const { footerFocus } = p.editing;
  useEffect(() => {
    if (footerFocus > 0) (split ? addLine : save).current?.focus();
    // Only a new request moves focus, not a change of the draft's shape.
  }, [footerFocus]);
  return (
    <div className="reg-draft-footer" role="row" aria-label="New transaction actions">
      <div role="gridcell" className="reg-draft-footer-cell">
        <span className="reg-draft-status">
          {p.left !== 0 && (
            <span className="reg-left" role="status">
              <LeftText total={p.total} left={p.left} />
              <Button type="button" size="small" onClick={p.onDistribute}>
                Distribute
              </Button>
            </span>
          )}
          <span className="subdued">{draftHint(split)}</span>
        </span>
        <span className="reg-draft-buttons">
          {split && (
            <Button ref={addLine} type="button" size="small" onClick={p.editing.addLine}>
              Add split line
            </Button>
          )}
          <Button type="button" size="small" onClick={p.editing.cancelAdd}>
            Cancel
          </Button>
          <Button
            ref={save}
            type="button"
            variant="primary"
            size="small"
            onClick={p.editing.saveDraft}
          >
            Add
          </Button>
        </span>
      </div>
    </div>
  );
}

/** What Enter and Tab do in the add row, plain or split. */
export function draftHint(split: boolean): string {
  return split
    ? 'Enter in the last line adds a line while an amount is left, else saves. Tab moves through the lines to Add split line. Escape cancels.'
    : 'Enter saves and starts the next one. Tab moves to the next field. Escape cancels.';
}
