import { useEffect, useRef, useState } from 'react';
import { useStore } from '../../../store/context.ts';
import { Popover } from '../ui/Popover.tsx';
import { useTablesChanged } from '../data/data.ts';
import { Button } from '../ui/Button.tsx';

/**
 * The note of a category, group, account or month, kept fresh across devices. With a null id
 * nothing is read (the caller already has the note).
 */
export function useNote(id: string | null): string | null {
  const store = useStore();
  const [note, setNote] = useState<string | null>(null);
  const load = () => {
    if (id === null) return;
    void store.backend.send('notes-get', { id }).then((n) => {
      setNote(typeof n === 'string' ? n : null);
    });
  };
  useEffect(load, [store, id]);
  useTablesChanged(id === null ? [] : ['notes'], load);
  return note;
}

/**
 * A small button that shows whether something has a note and opens it for editing in a
 * popover. The note is saved when the popover closes (Escape, a click outside, or the Done
 * button); an emptied note is removed. Each save is one undo step.
 */
export function NotesButton({
  id,
  label,
  note: known,
}: {
  id: string;
  label: string;
  /**
   * The note when the page already reads every note in one query (a table of many rows), so
   * each button does not ask for its own; left out, the button reads and follows it itself.
   */
  note?: string | null;
}) {
  const store = useStore();
  const read = useNote(known === undefined ? id : null);
  const note = known === undefined ? read : known;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!open) return;
    area.current?.focus();
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!area.current?.parentElement?.contains(t) && !button.current?.contains(t)) save();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  });

  function save() {
    setOpen(false);
    const next = text.trim() === '' ? null : text;
    if (next !== note) void store.backend.send('notes-save', { id, note: next });
    button.current?.focus();
  }

  const has = Boolean(note && note.trim());
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="bare"
        className={`notes-button${has ? ' has-note' : ''}`}
        aria-label={has ? `${label} notes: ${note}` : `Add notes to ${label}`}
        title={has ? (note ?? undefined) : 'Add notes'}
        aria-expanded={open}
        onClick={() => {
          if (open) return save();
          setText(note ?? '');
          setOpen(true);
        }}
      >
        {has ? '✎' : '+'}
      </Button>
      {open && (
        <Popover anchor={button} className="notes-popover" maxHeight={260}>
          <div className="stack" style={{ gap: 8 }}>
            <textarea
              ref={area}
              className="input"
              aria-label={`Notes for ${label}`}
              rows={5}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.stopPropagation();
                  save();
                }
              }}
            />
            <div className="row" style={{ justifyContent: 'flex-end' }}>
              <Button type="button" variant="primary" onClick={save}>
                Done
              </Button>
            </div>
          </div>
        </Popover>
      )}
    </>
  );
}
