import { describeRecurrence } from '@coffer/core/ui';
import { useRef, useState } from 'react';
import { useFormat } from '../../../store/use-format.ts';
import type { Recurrence } from './recurrence-form.ts';
import { RecurrencePopup } from './RecurrencePopup.tsx';
import { Button } from '../ui/Button.tsx';
import './recurrence.css';

interface Props {
  value: Recurrence;
  onChange: (value: Recurrence) => void;
  label: string;
}

/**
 * A recurrence as a button that reads it out ("Every month on the last Friday") and opens the
 * recurrence popup: start, interval and frequency, the month's specific days, weekend
 * handling, the end, and the next dates. Apply keeps the changes; Escape or Cancel drops them.
 */
export function RecurrenceInput({ value, onChange, label }: Props) {
  const fmt = useFormat();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="plain"
        className="input recurrence-button"
        aria-label={`${label}: ${describeRecurrence(value, fmt.date)}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{describeRecurrence(value, fmt.date)}</span>
        <span aria-hidden="true" className="recurrence-caret">
          ▾
        </span>
      </Button>
      {open && (
        <RecurrencePopup
          anchor={button}
          value={value}
          onApply={(next) => {
            onChange(next);
            setOpen(false);
            button.current?.focus();
          }}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
