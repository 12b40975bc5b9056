import { type ReactNode, useRef, useState } from 'react';
import { addValue, removeLast, removeValue } from './multi-values.ts';

export interface MultiInputProps {
  /** The accessible name of the input that adds values. */
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** How a value reads in its chip (a name for an id); the value itself by default. */
  valueLabel?: (value: string) => string;
  /**
   * Replaces the text box with another input (a picker) that calls `add` with each value
   * chosen; it gets the values held so it can leave them out of its suggestions.
   */
  renderInput?: (props: {
    label: string;
    add: (value: string) => void;
    held: readonly string[];
  }) => ReactNode;
  placeholder?: string;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * Several values in one field (spec: multi-value inputs), each a chip with its own remove
 * button. Text is added on Enter or when the input loses focus, trimmed; Backspace in the
 * empty input takes off the last value, in the text box and in a picker alike.
 */
export function MultiInput({
  label,
  values,
  onChange,
  valueLabel = (v) => v,
  renderInput,
  placeholder,
  error,
  disabled,
  autoFocus,
}: MultiInputProps) {
  const [text, setText] = useState('');
  // A picker is remounted after each pick so it starts empty again.
  const [round, setRound] = useState(0);
  const box = useRef<HTMLSpanElement>(null);

  const add = (value: string) => {
    const next = addValue(values, value);
    if (next.length !== values.length) onChange(next);
    setText('');
    setRound((r) => r + 1);
  };

  return (
    <span
      ref={box}
      className={`multi-input input${error ? ' invalid' : ''}`}
      onKeyDownCapture={(e) => {
        const target = e.target as HTMLInputElement;
        if (e.key === 'Backspace' && target.tagName === 'INPUT' && target.value === '') {
          if (values.length > 0) onChange(removeLast(values));
        }
      }}
    >
      {values.map((v) => (
        <span key={v} className="multi-chip">
          <span className="multi-chip-text">{valueLabel(v)}</span>
          <button
            type="button"
            className="multi-chip-remove"
            aria-label={`Remove ${valueLabel(v)}`}
            disabled={disabled}
            onClick={() => onChange(removeValue(values, v))}
          >
            ×
          </button>
        </span>
      ))}
      <span className="multi-input-field" key={round}>
        {renderInput ? (
          renderInput({ label, add, held: values })
        ) : (
          <input
            className="multi-input-text"
            aria-label={label}
            aria-invalid={error ? true : undefined}
            value={text}
            placeholder={values.length === 0 ? placeholder : undefined}
            disabled={disabled}
            autoFocus={autoFocus}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add(text);
              }
            }}
            onBlur={() => text.trim() && add(text)}
          />
        )}
      </span>
    </span>
  );
}
