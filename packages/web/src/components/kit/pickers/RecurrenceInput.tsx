import {
  describeRecurrence,
  finishRecurConfig,
  type RecurEndMode,
  type RecurPattern,
} from '@coffer/core/ui';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useFormat } from '../../../store/use-format.ts';
import { DateInput } from '../ui/DateInput.tsx';
import { Popover } from '../ui/Popover.tsx';
import {
  addPattern,
  END_MODES,
  FREQUENCIES,
  PATTERN_TYPES,
  patternValues,
  type Recurrence,
  removePattern,
  setFrequency,
  updatePattern,
  wholeCount,
} from './recurrence-form.ts';
import { UpcomingDates } from './UpcomingDates.tsx';
import { Button } from '../ui/Button.tsx';
import { Select } from '../ui/Select.tsx';
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

function RecurrencePopup({
  anchor,
  value,
  onApply,
  onClose,
}: {
  anchor: React.RefObject<HTMLButtonElement | null>;
  value: Recurrence;
  onApply: (value: Recurrence) => void;
  onClose: () => void;
}) {
  const fmt = useFormat();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [draft, setDraft] = useState<Recurrence>(value);
  const [interval, setIntervalText] = useState(String(value.interval ?? 1));
  const [count, setCount] = useState(String(value.endOccurrences ?? 1));
  const patterns: RecurPattern[] = draft.patterns ?? [];
  const monthly = draft.frequency === 'monthly';
  const finished = finishRecurConfig({ ...draft, interval, endOccurrences: count });

  useEffect(() => {
    ref.current?.focus();
    const onDown = (e: MouseEvent) => {
      const target = e.target as HTMLElement;
      // The start and end dates' calendars are popovers of their own.
      if (ref.current?.contains(target) || anchor.current?.contains(target)) return;
      if (target.closest?.('.popover')) return;
      onClose();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [anchor, onClose]);

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab' && ref.current) {
      // Focus stays in the popup, as in a dialog.
      const items = [
        ...ref.current.querySelectorAll<HTMLElement>(
          'button:not(:disabled), input:not(:disabled), select:not(:disabled)',
        ),
      ];
      const first = items[0];
      const last = items[items.length - 1];
      if (
        e.shiftKey &&
        (document.activeElement === first || document.activeElement === ref.current)
      ) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    }
  }

  const set = (change: Partial<Recurrence>) => setDraft((d) => ({ ...d, ...change }));

  return (
    <Popover anchor={anchor} className="recurrence-popover" maxHeight={560}>
      <div
        ref={ref}
        role="dialog"
        aria-labelledby={titleId}
        className="recurrence-popup"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h3 id={titleId} className="recurrence-title">
          Repeats
        </h3>
        <div className="recurrence-row">
          <span className="recurrence-label">From</span>
          <DateInput
            label="Start date"
            value={draft.start || null}
            onChange={(d) => {
              if (d !== undefined) set({ start: d ?? '' });
            }}
            onCommit={(d) => {
              set({ start: d ?? '' });
            }}
          />
        </div>
        <div className="recurrence-row">
          <span className="recurrence-label">Every</span>
          <input
            className="input recurrence-number"
            aria-label="Interval"
            inputMode="numeric"
            value={interval}
            onChange={(e) => setIntervalText(e.target.value)}
            onBlur={() => setIntervalText(String(wholeCount(interval)))}
          />
          <Select
            className="recurrence-frequency"
            label="Frequency"
            value={draft.frequency}
            onChange={(e) =>
              setDraft((d) => setFrequency(d, e.target.value as Recurrence['frequency']))
            }
          >
            {FREQUENCIES.map(([f, text]) => (
              <option key={f} value={f}>
                {text}
              </option>
            ))}
          </Select>
          {monthly && (
            <Button type="button" onClick={() => setDraft(addPattern)}>
              Add specific days
            </Button>
          )}
        </div>
        {monthly &&
          patterns.map((p, i) => (
            <div
              key={i}
              className="recurrence-row recurrence-pattern"
              role="group"
              aria-label={`Specific day ${i + 1}`}
            >
              <span className="recurrence-label">{i === 0 ? 'On the' : 'and'}</span>
              <Select
                label="Number"
                value={p.value}
                onChange={(e) =>
                  setDraft((d) => updatePattern(d, i, { value: Number(e.target.value) }))
                }
              >
                {patternValues(p.type).map(([n, text]) => (
                  <option key={n} value={n}>
                    {text}
                  </option>
                ))}
              </Select>
              <Select
                label="Day"
                value={p.type}
                onChange={(e) =>
                  setDraft((d) =>
                    updatePattern(d, i, { type: e.target.value as RecurPattern['type'] }),
                  )
                }
              >
                {PATTERN_TYPES.map(([t, text]) => (
                  <option key={t} value={t}>
                    {text}
                  </option>
                ))}
              </Select>
              <Button
                type="button"
                variant="bare"
                aria-label={`Remove specific day ${i + 1}`}
                onClick={() => setDraft((d) => removePattern(d, i))}
              >
                ✕
              </Button>
            </div>
          ))}
        <div className="recurrence-row">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.skipWeekend === true}
              onChange={(e) => set({ skipWeekend: e.target.checked })}
            />
            Move schedule
          </label>
          <Select
            className="recurrence-weekend"
            label="Move schedule before or after the weekend"
            value={draft.weekendSolveMode ?? 'after'}
            disabled={!draft.skipWeekend}
            onChange={(e) => set({ weekendSolveMode: e.target.value as 'before' | 'after' })}
          >
            <option value="before">before</option>
            <option value="after">after</option>
          </Select>
          <span>the weekend</span>
        </div>
        <fieldset className="recurrence-ends">
          <legend className="recurrence-label">Ends</legend>
          {END_MODES.map(([mode, text]) => (
            <div key={mode} className="recurrence-row">
              <label className="checkbox">
                <input
                  type="radio"
                  name="recurrence-end"
                  checked={(draft.endMode ?? 'never') === mode}
                  onChange={() => set({ endMode: mode as RecurEndMode })}
                />
                {text}
              </label>
              {mode === 'after_n_occurrences' && (
                <>
                  <input
                    className="input recurrence-number"
                    aria-label="Number of occurrences"
                    inputMode="numeric"
                    value={count}
                    disabled={draft.endMode !== mode}
                    onChange={(e) => setCount(e.target.value)}
                    onBlur={() => setCount(String(wholeCount(count)))}
                  />
                  <span>occurrences</span>
                </>
              )}
              {mode === 'on_date' && (
                <DateInput
                  label="End date"
                  value={draft.endDate}
                  required
                  disabled={draft.endMode !== mode}
                  style={{ width: 150 }}
                  onChange={(d) => {
                    if (d) set({ endDate: d });
                  }}
                  onCommit={(d) => {
                    if (d) set({ endDate: d });
                  }}
                />
              )}
            </div>
          ))}
        </fieldset>
        <UpcomingDates config={finished} />
        <p className="subdued recurrence-summary">{describeRecurrence(finished, fmt.date)}</p>
        <div className="recurrence-footer">
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="primary"
            disabled={!draft.start}
            onClick={() => onApply(finished)}
          >
            Apply
          </Button>
        </div>
      </div>
    </Popover>
  );
}
