import { describeRecurrence } from '@coffer/core/schedules/recurrence/describe.ts';
import {
  changeRecurFrequency,
  defaultRecurConfig,
  finishRecurConfig,
} from '@coffer/core/schedules/recurrence/editor.ts';
import type {
  RecurConfig,
  RecurEndMode,
  RecurFrequency,
  RecurPattern,
} from '@coffer/core/schedules/recurrence/types.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '../../app/context.ts';
import { useFormat } from '../../app/use-format.ts';
import { localToday } from './calendar.ts';
import { DateInput } from './DateInput.tsx';
import { Popover } from './Popover.tsx';
import {
  FREQUENCIES,
  newPattern,
  PATTERN_TYPES,
  patternValues,
  setPatternType,
} from './recurrence-logic.ts';

export interface RecurrenceInputProps {
  /** The accessible name of the button that shows the recurrence and opens the editor. */
  label: string;
  value: RecurConfig | null;
  onChange: (config: RecurConfig) => void;
  error?: string | null;
  disabled?: boolean;
}

/** The next dates of a recurrence (4, as the spec previews), or the core's 'Invalid rule'. */
function useUpcoming(config: RecurConfig): { dates: string[] } | { error: string } | null {
  const store = useStore();
  const [answer, setAnswer] = useState<{ dates: string[] } | { error: string } | null>(null);
  const key = JSON.stringify(finishRecurConfig(config));
  useEffect(() => {
    let cancelled = false;
    void store.backend
      .send<string[] | { error?: { message?: string } }>('schedule/get-upcoming-dates', {
        config: JSON.parse(key),
        count: 4,
      })
      .then((res) => {
        if (cancelled) return;
        setAnswer(
          Array.isArray(res) ? { dates: res } : { error: res?.error?.message ?? 'Invalid rule' },
        );
      });
    return () => {
      cancelled = true;
    };
  }, [store, key]);
  return answer;
}

/**
 * A recurrence (spec: recurrence popup): a button that reads the recurrence in words opens an
 * editor of its start date, interval, frequency, monthly day patterns, weekend handling and end,
 * with the next four dates. Apply keeps the edit; Escape or Cancel drops it.
 */
export function RecurrenceInput({ label, value, onChange, error, disabled }: RecurrenceInputProps) {
  const fmt = useFormat();
  const button = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState<RecurConfig | null>(null);
  const errorId = useId();
  const text = value ? describeRecurrence(value, fmt.date) : 'Choose a recurrence';

  const close = () => {
    setDraft(null);
    button.current?.focus();
  };

  return (
    <span className="recurrence-input">
      <button
        ref={button}
        type="button"
        className="input recurrence-button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={draft !== null}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
        onClick={() => setDraft(draft ? null : { ...defaultRecurConfig(localToday()), ...value })}
      >
        {text}
      </button>
      {error && (
        <span id={errorId} role="alert" className="field-error">
          {error}
        </span>
      )}
      {draft && (
        <RecurrenceEditor
          anchor={button}
          label={label}
          config={draft}
          onChange={setDraft}
          onCancel={close}
          onApply={() => {
            onChange(finishRecurConfig(draft));
            close();
          }}
        />
      )}
    </span>
  );
}

function RecurrenceEditor({
  anchor,
  label,
  config,
  onChange,
  onCancel,
  onApply,
}: {
  anchor: React.RefObject<HTMLElement | null>;
  label: string;
  config: RecurConfig;
  onChange: (c: RecurConfig) => void;
  onCancel: () => void;
  onApply: () => void;
}) {
  const fmt = useFormat();
  const ref = useRef<HTMLDivElement>(null);
  const upcoming = useUpcoming(config);
  const patterns = config.patterns ?? [];
  const set = (patch: Partial<RecurConfig>) => onChange({ ...config, ...patch });
  const setPatterns = (next: RecurPattern[]) => set({ patterns: next });

  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  useEffect(() => {
    // The popup itself takes focus: the start date's calendar opens only when asked for.
    ref.current?.focus();
    // A click anywhere but this popup, its button or a popup of its own (the calendar) cancels.
    const onDown = (e: MouseEvent) => {
      const target = e.target as HTMLElement;
      if (anchor.current?.contains(target) || target.closest?.('.popover')) return;
      cancel.current();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [anchor]);

  return (
    <Popover
      anchor={anchor}
      className="recurrence-editor"
      maxHeight={460}
      role="dialog"
      aria-label={label}
    >
      <div
        ref={ref}
        className="stack recurrence-form"
        tabIndex={-1}
        onKeyDown={(e) => {
          // Escape ends this popup only, not the dialog it sits in.
          if (e.key === 'Escape') {
            e.stopPropagation();
            onCancel();
          }
        }}
      >
        <label className="recurrence-line">
          <span>From</span>
          <DateInput
            label="Start date"
            value={config.start}
            required
            onCommit={(d) => (d ? set({ start: d }) : false)}
          />
        </label>
        <div className="recurrence-line">
          <span>Every</span>
          <input
            className="input recurrence-interval"
            aria-label="Interval"
            inputMode="numeric"
            value={String(config.interval ?? 1)}
            onChange={(e) => set({ interval: e.target.value })}
          />
          <select
            className="input"
            aria-label="Frequency"
            value={config.frequency}
            onChange={(e) =>
              onChange(changeRecurFrequency(config, e.target.value as RecurFrequency))
            }
          >
            {FREQUENCIES.map(([f, text]) => (
              <option key={f} value={f}>
                {text}
              </option>
            ))}
          </select>
        </div>
        {config.frequency === 'monthly' && (
          <div className="stack recurrence-patterns">
            {patterns.map((p, i) => (
              <div key={i} className="recurrence-line">
                <select
                  className="input"
                  aria-label={`Pattern ${i + 1} value`}
                  value={p.value}
                  onChange={(e) =>
                    setPatterns(
                      patterns.map((x, j) =>
                        j === i ? { ...x, value: Number(e.target.value) } : x,
                      ),
                    )
                  }
                >
                  {patternValues(p.type).map(([v, text]) => (
                    <option key={v} value={v}>
                      {text}
                    </option>
                  ))}
                </select>
                <select
                  className="input"
                  aria-label={`Pattern ${i + 1} day`}
                  value={p.type}
                  onChange={(e) =>
                    setPatterns(
                      patterns.map((x, j) =>
                        j === i ? setPatternType(x, e.target.value as RecurPattern['type']) : x,
                      ),
                    )
                  }
                >
                  {PATTERN_TYPES.map(([t, text]) => (
                    <option key={t} value={t}>
                      {text}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="btn btn-bare"
                  aria-label={`Remove pattern ${i + 1}`}
                  onClick={() => setPatterns(patterns.filter((_, j) => j !== i))}
                >
                  −
                </button>
              </div>
            ))}
            <div>
              <button
                type="button"
                className="btn"
                onClick={() => setPatterns([...patterns, newPattern(config)])}
              >
                Add specific days
              </button>
            </div>
          </div>
        )}
        <div className="recurrence-line">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={Boolean(config.skipWeekend)}
              onChange={(e) => set({ skipWeekend: e.target.checked })}
            />
            Move schedule
          </label>
          <select
            className="input"
            aria-label="Move before or after the weekend"
            disabled={!config.skipWeekend}
            value={config.weekendSolveMode ?? 'before'}
            onChange={(e) => set({ weekendSolveMode: e.target.value as 'before' | 'after' })}
          >
            <option value="before">before</option>
            <option value="after">after</option>
          </select>
          <span>weekend</span>
        </div>
        <div className="recurrence-line">
          <span>Ends</span>
          <select
            className="input"
            aria-label="Ends"
            value={config.endMode ?? 'never'}
            onChange={(e) => set({ endMode: e.target.value as RecurEndMode })}
          >
            <option value="never">never</option>
            <option value="after_n_occurrences">after</option>
            <option value="on_date">on</option>
          </select>
          {config.endMode === 'after_n_occurrences' && (
            <>
              <input
                className="input recurrence-interval"
                aria-label="Occurrences"
                inputMode="numeric"
                value={String(config.endOccurrences ?? 1)}
                onChange={(e) => set({ endOccurrences: e.target.value })}
              />
              <span>occurrences</span>
            </>
          )}
          {config.endMode === 'on_date' && (
            <DateInput
              label="End date"
              value={config.endDate ?? config.start}
              required
              onCommit={(d) => (d ? set({ endDate: d }) : false)}
            />
          )}
        </div>
        <div className="recurrence-upcoming" aria-live="polite">
          <div className="subdued">Upcoming dates</div>
          {upcoming && 'error' in upcoming ? (
            <div className="error-text">{upcoming.error}</div>
          ) : (
            <ul>
              {(upcoming?.dates ?? []).map((d) => (
                <li key={d}>{fmt.date(d)}</li>
              ))}
            </ul>
          )}
        </div>
        <div className="row recurrence-buttons">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={onApply}>
            Apply
          </button>
        </div>
      </div>
    </Popover>
  );
}
