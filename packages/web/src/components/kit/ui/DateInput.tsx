import { monthOfDay } from '@coffer/core/ui';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { useFormat } from '../../../store/use-format.ts';
import { parseDate, type DateFormat } from '../../../util/format.ts';
import { localToday, readDateText } from './calendar.ts';
import type { CommitReason } from './cell-keys.ts';
import { ErrorText } from './ErrorText.tsx';
import { CalendarPopover } from './CalendarPopover.tsx';
import { useEditKeys } from './use-edit-keys.ts';

const parse = (text: string, format: string) => parseDate(text, format as DateFormat);

export interface DateInputProps {
  /** `YYYY-MM-DD`, or null for no date. */
  value: string | null;
  label: string;
  /** The edit ended with a valid date (or blank: null). Return false to refuse it. */
  onCommit?: (date: string | null, reason: CommitReason) => boolean | void;
  /** Each keystroke's reading: a date, null for blank, undefined when not a date yet. */
  onChange?: (date: string | null | undefined) => void;
  onCancel?: () => void;
  cell?: boolean;
  autoFocus?: boolean;
  /** Blank is refused instead of clearing (a transaction must have a date). */
  required?: boolean;
  error?: string | null;
  /**
   * The owner judges a text that is not a date itself (the rule editor hands it to the core's
   * parser, which names why under the row): the text stays, and the input shows no message of
   * its own and calls this instead when the edit ends.
   */
  onRefused?: (text: string) => void;
  id?: string;
  className?: string;
  style?: CSSProperties;
  disabled?: boolean;
}

const INVALID = 'Enter a date such as ';

/**
 * A date field in the person's date format with a calendar that opens on focus and closes on
 * Escape, Enter or blur (spec: date input). Escape reverts the text; blank clears; only a valid
 * date is committed, stored as `YYYY-MM-DD`. The calendar is for the mouse; the keyboard types.
 */
export function DateInput({
  value,
  label,
  onCommit,
  onChange,
  onCancel,
  cell = false,
  autoFocus,
  required,
  error: outsideError,
  onRefused,
  id,
  className,
  style,
  disabled,
}: DateInputProps) {
  const fmt = useFormat();
  const input = useRef<HTMLInputElement>(null);
  const calendarId = useId();
  const errorId = useId();
  const shown = (d: string | null) => (d ? fmt.date(d) : '');
  const [text, setText] = useState(() => shown(value));
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const startText = useRef(text);
  const today = localToday();
  const reading = readDateText(text, fmt.dateFormat, today, parse);
  const [month, setMonth] = useState(() => monthOfDay(value ?? today));

  useEffect(() => {
    if (document.activeElement === input.current && text !== startText.current) return;
    const next = shown(value);
    startText.current = next;
    setText(next);
    setError(null);
    if (value) setMonth(monthOfDay(value));
    // Only a new value (or format) replaces the text.
  }, [value, fmt]);

  // The calendar follows what is typed.
  useEffect(() => {
    if (reading) setMonth(monthOfDay(reading));
  }, [reading]);

  const keys = useEditKeys({
    cell,
    isDirty: () => text !== startText.current,
    revert(dirty) {
      setText(startText.current);
      setError(null);
      setOpen(false);
      if (!dirty) onCancel?.();
    },
    commit(reason) {
      const r = readDateText(text, fmt.dateFormat, today, parse);
      if (r === undefined || (r === null && required)) {
        if (onRefused) onRefused(text);
        else setError(`${INVALID}${fmt.date(today)}`);
        return false;
      }
      setError(null);
      setOpen(false);
      if (onCommit?.(r, reason) === false) return false;
      startText.current = shown(r);
      setText(startText.current);
      return true;
    },
  });

  function pick(date: string) {
    const next = fmt.date(date);
    setText(next);
    setError(null);
    onChange?.(date);
    setOpen(false);
  }

  const message = error ?? outsideError ?? null;
  return (
    <span className={`date-input-wrap${cell ? ' cell' : ''}`} style={style}>
      <input
        ref={input}
        id={id}
        className={`input date-input ${className ?? ''}`}
        autoComplete="off"
        aria-label={label}
        aria-haspopup="dialog"
        // A textbox may not carry aria-expanded (axe: aria-allowed-attr); the calendar it
        // opens is named by aria-controls while shown.
        aria-controls={open ? calendarId : undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        placeholder={fmt.dateFormat.toLowerCase()}
        value={text}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
          setOpen(true);
          onChange?.(readDateText(e.target.value, fmt.dateFormat, today, parse));
        }}
        onFocus={(e) => {
          keys.onFocus();
          e.target.select();
          setOpen(true);
        }}
        onBlur={(e) => {
          setOpen(false);
          keys.onBlur(e);
        }}
        onKeyDown={keys.onKeyDown}
        onMouseDown={keys.onMouseDown}
        onClick={() => setOpen(true)}
      />
      {message && (
        <ErrorText id={errorId} as="span" kind="field">
          {message}
        </ErrorText>
      )}
      {open && !disabled && (
        <CalendarPopover
          anchor={input}
          id={calendarId}
          month={month}
          setMonth={setMonth}
          selected={reading}
          today={today}
          onPick={pick}
        />
      )}
    </span>
  );
}
