import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { AcItem, Suggestions } from './autocomplete-logic.ts';
import { type CommitReason, enterSubmits } from './cell-keys.ts';
import { Popover } from './Popover.tsx';
import { useEditKeys } from './use-edit-keys.ts';
import { ErrorText } from './ErrorText.tsx';

export interface AutocompleteProps {
  label: string;
  /** The chosen item's id, or null. */
  value: string | null;
  /** The text shown for the value (its name), also when the list does not hold it. */
  valueLabel: string;
  /** The list for a text; `typed` is false right after focus (the full list). */
  suggest: (text: string, typed: boolean) => Suggestions;
  /**
   * The edit ended: the chosen item (a 'create' item carries `new:{text}`), null when cleared,
   * or the unchanged value's item when the text matched nothing (the text reverts). Return
   * false to refuse and stay in edit.
   */
  onCommit?: (item: AcItem | null, reason: CommitReason) => boolean | void;
  onCancel?: () => void;
  cell?: boolean;
  autoFocus?: boolean;
  /** Blank text clears the value (default); otherwise blank reverts. */
  clearable?: boolean;
  placeholder?: string;
  error?: string | null;
  id?: string;
  className?: string;
  style?: CSSProperties;
  disabled?: boolean;
  renderItem?: (item: AcItem) => ReactNode;
}

/**
 * One combobox for every picker (payees, categories, accounts): the list opens on focus, typing
 * filters it, arrows move, Enter and Tab take the highlighted item, Escape reverts, and a text
 * that matches nothing reverts on blur (spec: pickers accept only existing items). In a form,
 * the Enter that picks does not submit it; a second Enter, with the list closed, does.
 */
export function Autocomplete({
  label,
  value,
  valueLabel,
  suggest,
  onCommit,
  onCancel,
  cell = false,
  autoFocus,
  clearable = true,
  placeholder,
  error,
  id,
  className,
  style,
  disabled,
  renderItem,
}: AutocompleteProps) {
  const listId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(valueLabel);
  const [typed, setTyped] = useState(false);
  const [open, setOpen] = useState(false);
  const [moved, setMoved] = useState<number | null>(null);
  const suggestions = open ? suggest(text, typed) : null;
  const items = suggestions?.items ?? [];
  const highlight = moved ?? suggestions?.highlight ?? -1;
  const active = items[highlight];

  useEffect(() => {
    if (document.activeElement === input.current && typed) return;
    setText(valueLabel);
    // A new value from outside replaces the text unless the user is typing.
  }, [valueLabel, value]);

  useEffect(() => {
    if (!active) return;
    document.getElementById(optionId(listId, highlight))?.scrollIntoView({ block: 'nearest' });
  }, [active, highlight, listId]);

  function reset(nextText: string) {
    setText(nextText);
    setTyped(false);
    setMoved(null);
    setOpen(false);
  }

  /** What ending the edit now takes: an item, null (cleared) or the value unchanged. */
  function chosen(): AcItem | null | 'unchanged' {
    if (!typed && moved === null) return 'unchanged';
    if (typed && text.trim() === '') return clearable ? null : 'unchanged';
    return active ?? 'unchanged';
  }

  function finish(pick: AcItem | null | 'unchanged', reason: CommitReason): boolean {
    const current: AcItem | null = value === null ? null : { id: value, label: valueLabel };
    const item = pick === 'unchanged' ? current : pick;
    if (onCommit?.(item, reason) === false) return false;
    reset(item ? item.label : '');
    return true;
  }

  const keys = useEditKeys({
    cell,
    isDirty: () => typed || moved !== null,
    revert(dirty) {
      reset(valueLabel);
      if (!dirty) onCancel?.();
    },
    commit: (reason) => finish(chosen(), reason),
  });

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const step = (n: number) => {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (items.length === 0) return;
      const from = highlight < 0 ? (n > 0 ? -1 : items.length) : highlight;
      setMoved(Math.max(0, Math.min(items.length - 1, from + n)));
    };
    if (!e.altKey && !e.ctrlKey && !e.metaKey) {
      // The open list keeps the arrows; a closed one in a table lets them move rows.
      if (e.key === 'ArrowDown' && (open || !cell)) return step(1);
      if (e.key === 'ArrowUp' && (open || !cell)) return step(-1);
      if (e.key === 'PageDown' && open) return step(10);
      if (e.key === 'PageUp' && open) return step(-10);
      if (e.key === 'Escape' && open && !typed && moved === null) {
        e.stopPropagation();
        setOpen(false);
        return;
      }
    }
    // Read before the commit closes the list: an Enter that picks must not also submit.
    const submits = enterSubmits({ cell, listOpen: open, dirty: typed || moved !== null });
    keys.onKeyDown(e);
    if (e.key === 'Enter' && !submits) e.preventDefault();
  }

  const message = error ?? null;
  // Why the typed text cannot become a new item (spaces alone as a payee): said at the top of
  // the list, right under the field, where 'Create Payee' would be.
  const refusal = suggestions?.refusal ?? null;
  return (
    <span className={`autocomplete${cell ? ' cell' : ''}`} style={style}>
      <input
        ref={input}
        id={id}
        className={`input ${className ?? ''}`}
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && active ? optionId(listId, highlight) : undefined}
        aria-invalid={message || refusal ? true : undefined}
        aria-describedby={message ? errorId : refusal ? `${listId}-refusal` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={text}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(e) => {
          setText(e.target.value);
          setTyped(true);
          setMoved(null);
          setOpen(true);
        }}
        onFocus={(e) => {
          keys.onFocus();
          e.target.select();
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onBlur={(e) => {
          keys.onBlur(e);
          setOpen(false);
        }}
        onKeyDown={onKeyDown}
        onMouseDown={keys.onMouseDown}
      />
      {message && (
        <ErrorText id={errorId} as="span" kind="field">
          {message}
        </ErrorText>
      )}
      {open && !disabled && (items.length > 0 || suggestions?.footer || refusal) && (
        <Popover anchor={input} keepFocus className="ac-list" maxHeight={250}>
          {refusal && (
            <div id={`${listId}-refusal`} role="alert" className="ac-refusal">
              {refusal}
            </div>
          )}
          <div ref={list} role="listbox" id={listId} aria-label={`${label} suggestions`}>
            {items.map((item, i) => (
              <div key={`${item.id}-${i}`} role="presentation">
                {item.group && item.group !== items[i - 1]?.group && (
                  <div className="ac-group" role="presentation">
                    {item.group}
                  </div>
                )}
                <div
                  id={optionId(listId, i)}
                  role="option"
                  aria-selected={i === highlight}
                  className={`ac-option${i === highlight ? ' highlighted' : ''}${
                    item.special ? ` ac-${item.special}` : ''
                  }`}
                  onMouseMove={() => i !== highlight && setMoved(i)}
                  onClick={() => finish(item, 'blur')}
                >
                  {renderItem
                    ? renderItem(item)
                    : item.special === 'create'
                      ? `Create Payee “${item.label}”`
                      : item.special === 'create-tag'
                        ? `New tag ${item.label}`
                        : item.label}
                </div>
              </div>
            ))}
          </div>
          {suggestions?.footer && <div className="ac-footer">{suggestions.footer}</div>}
        </Popover>
      )}
    </span>
  );
}

const optionId = (listId: string, i: number) => `${listId}-o${i}`;
