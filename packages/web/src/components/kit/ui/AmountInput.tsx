import { type CSSProperties, useId, useRef, useState } from 'react';
import { useFormat } from '../../../store/use-format.ts';
import { type AmountDraft, draftStands, signOf } from './amount-draft.ts';
import { AMOUNT_ERRORS, readAmount } from './arithmetic.ts';
import type { CommitReason } from './cell-keys.ts';
import { ErrorText } from './ErrorText.tsx';
import { useEditKeys } from './use-edit-keys.ts';

export interface AmountInputProps {
  /** Integer cents, or null for no amount. */
  value: number | null;
  /** The accessible name (a table cell's column and row, a form field's label). */
  label: string;
  /**
   * The edit ended with a valid amount. Return false to refuse it (the input stays in edit and
   * the owner shows why through `error`). A text that is not an amount is refused by the input
   * itself, with its message, and this is not called: an owner leaves edit mode only from here
   * or `onCancel`, never on its own blur, so a refused value stays in place.
   */
  onCommit?: (cents: number | null, reason: CommitReason) => boolean | void;
  /** Every keystroke's reading, for forms: a number, null for blank, undefined if not valid. */
  onChange?: (cents: number | null | undefined) => void;
  /** Escape with nothing to revert (a table leaves edit mode). */
  onCancel?: () => void;
  /** A table cell: Tab and the arrows end the edit (kit/cell-keys.ts). */
  cell?: boolean;
  autoFocus?: boolean;
  /** Shown for 0 and null when not focused, e.g. '' in a register's payment column. */
  blankZero?: boolean;
  /** Sign toggle before the field (rules: inflow or outflow); the value's sign follows it. */
  signToggle?: boolean;
  /** With the sign toggle: the sign of a zero or blank value (a new expense is an outflow). */
  defaultNegative?: boolean;
  /** A message from the owner (a save the core refused), shown like the input's own errors. */
  error?: string | null;
  /**
   * The owner judges a text that is not an amount itself (the rule editor hands it to the
   * core's parser, which names why under the row): the text stays, and the input shows no
   * message of its own and calls this instead when the edit ends.
   */
  onRefused?: (text: string) => void;
  id?: string;
  className?: string;
  style?: CSSProperties;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * An amount field: the user's number format, arithmetic (`120+35.50`, `=300/2`), the spec's
 * 2^51 bound. A refused text stays in place with its message beside it; nothing is committed.
 */
export function AmountInput({
  value,
  label,
  onCommit,
  onChange,
  onCancel,
  cell = false,
  autoFocus,
  blankZero,
  signToggle,
  defaultNegative = false,
  error: outsideError,
  onRefused,
  id,
  className,
  style,
  placeholder,
  disabled,
}: AmountInputProps) {
  const fmt = useFormat();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const shownAs = (cents: number | null, unsigned = signToggle, blank = blankZero) => {
    if (cents === null || (blank && cents === 0)) return '';
    return fmt.amount(unsigned ? Math.abs(cents) : cents);
  };
  const shown = (cents: number | null) => shownAs(cents);
  // The text is derived from the value in render (amount-draft.ts says why); a draft holds
  // what the user typed, or what a commit left, until a new value replaces it.
  const [held, setHeld] = useState<AmountDraft | null>(null);
  // The sign a zero shows: the toggle's last choice, or the default (a new expense is an outflow).
  const [zeroSign, setZeroSign] = useState(defaultNegative);
  // How the value was shown: only a new value replaces the text, not a new way of showing it
  // (a rule's amount that becomes an outflow keeps the size it showed).
  const [mode, setMode] = useState({ signToggle, blankZero });
  const focused = input.current !== null && document.activeElement === input.current;
  let draft = held;
  if (held && !draftStands(held, value, fmt, focused)) {
    // A new value from outside: the draft goes now, and React renders this field again at once.
    draft = null;
    setHeld(null);
    setZeroSign(held.negative);
  }
  if (mode.signToggle !== signToggle || mode.blankZero !== blankZero) {
    setMode({ signToggle, blankZero });
    if (!draft) {
      const before = shownAs(value, mode.signToggle, mode.blankZero);
      draft = { text: before, start: before, value, format: fmt, negative: signOf(value, zeroSign), error: null }; // prettier-ignore
      setHeld(draft);
    }
  }
  const text = draft ? draft.text : shown(value);
  const startText = draft ? draft.start : text;
  const negative = draft ? draft.negative : signOf(value, zeroSign);
  const error = draft?.error ?? null;
  const hold = (change: Partial<AmountDraft>) =>
    setHeld({ text, start: startText, value, format: fmt, negative, error, ...change });

  const read = (t: string, neg = negative) => {
    const r = readAmount(t);
    if (!r.ok || r.cents === null || !signToggle) return r;
    return { ok: true as const, cents: Math.abs(r.cents) * (neg ? -1 : 1) };
  };

  const keys = useEditKeys({
    cell,
    isDirty: () => text !== startText,
    revert(dirty) {
      if (draft) hold({ text: startText, error: null });
      if (!dirty) onCancel?.();
    },
    commit(reason) {
      const r = read(text);
      if (!r.ok) {
        if (onRefused) onRefused(text);
        else hold({ error: AMOUNT_ERRORS[r.error] });
        // A blur cannot be refused; the text and its message stay for the user to fix.
        return false;
      }
      if (onCommit?.(r.cents, reason) === false) {
        if (error) hold({ error: null });
        return false;
      }
      const next = shown(r.cents);
      hold({ text: next, start: next, error: null });
      return true;
    },
  });

  const message = error ?? outsideError ?? null;
  return (
    <span className={`amount-input-wrap${cell ? ' cell' : ''}`} style={style}>
      {signToggle && (
        <button
          type="button"
          className="btn btn-bare amount-sign"
          aria-label={negative ? 'Outflow (click for inflow)' : 'Inflow (click for outflow)'}
          aria-pressed={negative}
          disabled={disabled}
          onClick={() => {
            const neg = !negative;
            hold({ negative: neg });
            const r = read(text, neg);
            if (r.ok) {
              onChange?.(r.cents);
              if (!cell) onCommit?.(r.cents, 'blur');
            }
          }}
        >
          {negative ? '−' : '+'}
        </button>
      )}
      <input
        ref={input}
        id={id}
        className={`input amount-input ${className ?? ''}`}
        inputMode="decimal"
        autoComplete="off"
        aria-label={label}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(e) => {
          hold({ text: e.target.value, error: null });
          const r = read(e.target.value);
          onChange?.(r.ok ? r.cents : undefined);
        }}
        onFocus={(e) => {
          keys.onFocus();
          e.target.select();
        }}
        onBlur={keys.onBlur}
        onKeyDown={keys.onKeyDown}
        onMouseDown={keys.onMouseDown}
      />
      {message && (
        <ErrorText id={errorId} as="span" kind="field">
          {message}
        </ErrorText>
      )}
    </span>
  );
}

/**
 * An amount as text: tabular figures, right-aligned, red when negative, blurred in privacy mode.
 * `undefined` is a figure not known yet (a balance the core has not sent): nothing is shown
 * rather than a zero that is not true.
 */
export function Amount({
  cents,
  className,
  colored = true,
  blankZero,
  testId,
}: {
  cents: number | undefined;
  className?: string;
  colored?: boolean;
  blankZero?: boolean;
  testId?: string;
}) {
  const fmt = useFormat();
  const negative = colored && cents !== undefined && cents < 0;
  const classes = `amount${negative ? ' negative' : ''}${className ? ` ${className}` : ''}`;
  if (cents === undefined)
    return <span className={classes} aria-busy="true" data-testid={testId} />;
  return (
    <span className={classes} data-testid={testId}>
      {blankZero && cents === 0 ? '' : fmt.amount(cents)}
    </span>
  );
}
