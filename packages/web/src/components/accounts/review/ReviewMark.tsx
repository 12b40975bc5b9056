import { useId, useRef, useState } from 'react';
import { Popover } from '../../kit/ui/Popover.tsx';
import { type ReviewEntry, markLabel, markText } from './review-text.ts';

/**
 * A bank row's review mark in the register: 'New' or 'Matched' in words (not colour only), and
 * for a match 'why it matched' beside it on hover, or while its row has the keyboard's cursor.
 * A screen reader hears the mark and the why as the row's description (`descriptionId`).
 */
export function ReviewMark({
  entry,
  why,
  open,
  descriptionId,
}: {
  entry: ReviewEntry;
  why: string | null;
  /** The row has the cursor: the why shows without the mouse. */
  open: boolean;
  descriptionId: string;
}) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [hover, setHover] = useState(false);
  const tip = useId();
  const showWhy = why !== null && (hover || open);
  return (
    <>
      <span
        ref={anchor}
        className={`reg-review ${entry.kind === 'new' ? 'new' : 'matched'}`}
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
      >
        <span aria-hidden="true">{markText(entry)}</span>
        <span id={descriptionId} className="sr-only">
          {markLabel(entry)}
          {why ? `. ${why}` : '.'}
        </span>
      </span>
      {showWhy && (
        <Popover anchor={anchor} className="reg-why" role="tooltip" id={tip} maxHeight={160}>
          <strong>Why it matched</strong>
          <span>{why}</span>
        </Popover>
      )}
    </>
  );
}

/** The id of a marked row's description (the row points at it with `aria-describedby`). */
export const reviewDescriptionId = (rowKey: string): string => `review-${rowKey}`;
