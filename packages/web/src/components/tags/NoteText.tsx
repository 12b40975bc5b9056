import { noteParts } from '@coffer/core/ui';
import type { CSSProperties, MouseEvent } from 'react';
import { Button } from '../kit/ui/Button.tsx';
import { tagStyle } from './tag-colors.ts';
import { useTags } from '../kit/data/tags.tsx';
import './tag-chip.css';

/**
 * Notes with each `#tag` shown as a chip in its colour. With `onTag`, a chip is a button
 * (the register filters by it); the text is otherwise exactly the notes.
 */
export function NoteText({
  notes,
  onTag,
}: {
  notes: string | null;
  onTag?: (tag: string, e: MouseEvent) => void;
}) {
  const { tags } = useTags();
  const parts = noteParts(notes);
  if (!parts.some((p) => p.kind === 'tag')) return <>{notes ?? ''}</>;
  return (
    <>
      {parts.map((part, i) => {
        // Text as text, not a span each: a register row holds as few boxes as it can.
        if (part.kind === 'text') return part.text;
        const color = tags.find((t) => t.tag === part.tag)?.color ?? null;
        const style: CSSProperties = tagStyle(color);
        return onTag ? (
          <Button
            key={i}
            variant="bare"
            className="tag-chip"
            style={style}
            tabIndex={-1}
            // Its name says what it does; the text alone (no hint in a child) is one box less.
            aria-label={`#${part.tag} (filter by this tag)`}
            onClick={(e) => {
              e.stopPropagation();
              onTag(part.tag, e);
            }}
          >
            {`#${part.tag}`}
          </Button>
        ) : (
          <span key={i} className="tag-chip" style={style}>
            {`#${part.tag}`}
          </span>
        );
      })}
    </>
  );
}
