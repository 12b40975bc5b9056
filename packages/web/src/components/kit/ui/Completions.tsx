import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useState,
} from 'react';
import type { AcItem, Suggestions } from './autocomplete-logic.ts';
import { Popover } from './Popover.tsx';

/**
 * What a text field offers to complete the word at the caret (`#` in notes offers tags): the
 * suggestions and the stretch of text a pick replaces, or null when the caret is in no such
 * word. Picks insert the item's label and a space.
 */
export interface TextCompleter {
  /** The list's accessible name ('Tags'). */
  label: string;
  suggest: (text: string, caret: number) => (Suggestions & { start: number; end: number }) | null;
  /** An item was picked (a new tag is recorded then). */
  onPick?: (item: AcItem) => void;
  renderItem?: (item: AcItem) => ReactNode;
}

/**
 * Suggestions inside a plain text field, on the Autocomplete's keys: the list opens while the
 * caret is in a word the completer knows; arrows move into it, Enter or Tab take the item,
 * Escape closes the list (the text stays), a click or a tap takes an item. The field keeps
 * its focus and its own keys otherwise.
 */
export function useCompletions(
  input: RefObject<HTMLInputElement | null>,
  text: string,
  setText: (text: string) => void,
  completer: TextCompleter | undefined,
  /** The field is a combobox (the phone editor's notes), not a textbox with a list. */
  options: { combobox?: boolean } = {},
) {
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [moved, setMoved] = useState<number | null>(null);
  const [closed, setClosed] = useState(false);
  const [placeCaret, setPlaceCaret] = useState<number | null>(null);
  const found = completer && caret !== null && !closed ? completer.suggest(text, caret) : null;
  const items = found?.items ?? [];
  const open = items.length > 0 || Boolean(found?.refusal);
  // Nothing is taken until an arrow moves into the list: typing on, Enter and Tab stay the
  // field's own (a note is free text; a tag needs no pick to be a tag).
  const highlight = moved ?? -1;

  useEffect(() => {
    if (placeCaret === null || !input.current) return;
    input.current.setSelectionRange(placeCaret, placeCaret);
    setPlaceCaret(null);
  }, [placeCaret, input]);

  const track = () => {
    const el = input.current;
    if (el && document.activeElement === el) setCaret(el.selectionStart);
  };

  function pick(item: AcItem) {
    if (!found) return;
    const insert = `${item.label} `;
    const rest = text.slice(found.end).replace(/^ /, '');
    setText(text.slice(0, found.start) + insert + rest);
    const at = found.start + insert.length;
    setCaret(at);
    setPlaceCaret(at);
    setMoved(null);
    completer?.onPick?.(item);
  }

  /** Handles the key when the open list takes it; false lets the field have it. */
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>): boolean {
    if (!open || e.altKey || e.ctrlKey || e.metaKey) return false;
    const step = (n: number) => {
      e.preventDefault();
      if (items.length === 0) return;
      const from = highlight < 0 ? (n > 0 ? -1 : items.length) : highlight;
      setMoved(Math.max(0, Math.min(items.length - 1, from + n)));
    };
    if (e.key === 'ArrowDown') step(1);
    else if (e.key === 'ArrowUp') step(-1);
    else if ((e.key === 'Enter' || e.key === 'Tab') && items[highlight] && !e.shiftKey) {
      e.preventDefault();
      pick(items[highlight]!);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setClosed(true);
    } else return false;
    e.stopPropagation();
    return true;
  }

  // A textbox names its list and the option the arrows are on. As a combobox (the
  // Autocomplete's pattern) it also says whether the list is open, and a long list that
  // scrolls is then its popup, which needs no focus of its own (axe's scrollable-region rule);
  // its text stays free either way (nothing is taken unless picked).
  const combobox = Boolean(completer && options.combobox);
  const inputProps = {
    role: combobox ? ('combobox' as const) : undefined,
    'aria-autocomplete': completer ? ('list' as const) : undefined,
    'aria-expanded': combobox ? open : undefined,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open && items[highlight] ? `${listId}-o${highlight}` : undefined,
    onSelect: track,
    onClick: track,
    onKeyUp: track,
  };

  const list = open ? (
    <Popover anchor={input} keepFocus className="ac-list" maxHeight={250}>
      {found?.refusal && (
        <div role="alert" className="ac-refusal">
          {found.refusal}
        </div>
      )}
      <div role="listbox" id={listId} aria-label={completer?.label}>
        {items.map((item, i) => (
          <div
            key={item.id}
            id={`${listId}-o${i}`}
            role="option"
            aria-selected={i === highlight}
            className={`ac-option${i === highlight ? ' highlighted' : ''}${
              item.special ? ` ac-${item.special}` : ''
            }`}
            onMouseMove={() => i !== highlight && setMoved(i)}
            onClick={() => pick(item)}
          >
            {completer?.renderItem
              ? completer.renderItem(item)
              : item.special === 'create-tag'
                ? `New tag ${item.label}`
                : item.label}
          </div>
        ))}
      </div>
    </Popover>
  ) : null;

  return {
    inputProps,
    list,
    onKeyDown,
    /** The text changed by typing: follow the caret, and a closed list may open again. */
    onTyped(caretAt: number | null) {
      setCaret(caretAt);
      setMoved(null);
      setClosed(false);
    },
    onBlur: () => setCaret(null),
  };
}
