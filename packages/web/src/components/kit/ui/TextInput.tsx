import { type CSSProperties, useEffect, useRef, useState } from 'react';
import type { CommitReason } from './cell-keys.ts';
import { useEditKeys } from './use-edit-keys.ts';
import { ErrorText } from './ErrorText.tsx';
import { type TextCompleter, useCompletions } from './Completions.tsx';

export interface TextInputProps {
  value: string;
  label: string;
  /** The edit ended; return false to refuse and stay in edit. */
  onCommit?: (text: string, reason: CommitReason) => boolean | void;
  /** Escape with nothing to revert. */
  onCancel?: () => void;
  cell?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  error?: string | null;
  id?: string;
  className?: string;
  style?: CSSProperties;
  disabled?: boolean;
  /**
   * Suggestions for the word at the caret (`#` in notes offers the tags). The field is then a
   * combobox, as the phone editor's notes field is: it says whether its list is open, which
   * list it controls and the option the arrows are on.
   */
  completer?: TextCompleter;
}

/**
 * A plain text field on the kit's keyboard contract (notes in a register row, a name): Enter,
 * Tab and, in a table cell, the arrows end the edit; Escape reverts, then cancels. A value
 * arriving from outside replaces the text unless the user is typing.
 */
export function TextInput({
  value,
  label,
  onCommit,
  onCancel,
  cell = false,
  autoFocus,
  placeholder,
  error,
  id,
  className,
  style,
  disabled,
  completer,
}: TextInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  const startText = useRef(value);

  useEffect(() => {
    if (document.activeElement === input.current && text !== startText.current) return;
    startText.current = value;
    setText(value);
    // Only a new value replaces the text.
  }, [value]);

  const keys = useEditKeys({
    cell,
    isDirty: () => text !== startText.current,
    revert(dirty) {
      setText(startText.current);
      if (!dirty) onCancel?.();
    },
    commit(reason) {
      if (onCommit?.(text, reason) === false) return false;
      startText.current = text;
      return true;
    },
  });

  const completions = useCompletions(input, text, setText, completer, { combobox: true });

  return (
    <span className={`text-input-wrap${cell ? ' cell' : ''}`} style={style}>
      <input
        {...completions.inputProps}
        ref={input}
        id={id}
        className={`input ${className ?? ''}`}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(e) => {
          setText(e.target.value);
          completions.onTyped(e.target.selectionStart);
        }}
        onFocus={(e) => {
          keys.onFocus();
          e.target.select();
        }}
        onBlur={(e) => {
          completions.onBlur();
          keys.onBlur(e);
        }}
        onKeyDown={(e) => {
          if (!completions.onKeyDown(e)) keys.onKeyDown(e);
        }}
        onMouseDown={keys.onMouseDown}
      />
      {completions.list}
      {error && (
        <ErrorText as="span" kind="field">
          {error}
        </ErrorText>
      )}
    </span>
  );
}
