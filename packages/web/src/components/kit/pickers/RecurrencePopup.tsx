import {
  describeRecurrence,
  finishRecurConfig,
  type RecurEndMode,
  type RecurPattern,
} from '@coffer/core/ui';
import { useId, useRef, useState } from 'react';
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
import { usePopupDialog } from './use-popup-dialog.ts';
import { Button } from '../ui/Button.tsx';
import { Select } from '../ui/Select.tsx';

/**
 * The recurrence being edited: the draft, and the interval and count as typed (a number box
 * keeps its text until it loses focus). `finished` is the draft as Apply would keep it.
 */
function useRecurrenceDraft(value: Recurrence) {
  const [draft, setDraft] = useState<Recurrence>(value);
  const [interval, setIntervalText] = useState(String(value.interval ?? 1));
  const [count, setCount] = useState(String(value.endOccurrences ?? 1));
  const finished = finishRecurConfig({ ...draft, interval, endOccurrences: count });
  const set = (change: Partial<Recurrence>) => setDraft((d) => ({ ...d, ...change }));
  return { draft, setDraft, set, interval, setIntervalText, count, setCount, finished };
}

type Draft = ReturnType<typeof useRecurrenceDraft>;

/** The popup: start, interval and frequency, specific days, weekend, end, next dates. */
export function RecurrencePopup({
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
  const onKeyDown = usePopupDialog(ref, anchor, onClose);
  const form = useRecurrenceDraft(value);
  const { draft, set, finished } = form;

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
        <RepeatEvery form={form} />
        {draft.frequency === 'monthly' && <SpecificDays form={form} />}
        <WeekendRow form={form} />
        <EndsFieldset form={form} />
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

/** Every N days, weeks, months or years; a monthly one may add specific days. */
function RepeatEvery({ form }: { form: Draft }) {
  const { draft, setDraft, interval, setIntervalText } = form;
  return (
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
      {draft.frequency === 'monthly' && (
        <Button type="button" onClick={() => setDraft(addPattern)}>
          Add specific days
        </Button>
      )}
    </div>
  );
}

/** A monthly recurrence's specific days: "on the 2nd Tuesday and the last day". */
function SpecificDays({ form }: { form: Draft }) {
  const { draft, setDraft } = form;
  const patterns: RecurPattern[] = draft.patterns ?? [];
  return patterns.map((p, i) => (
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
        onChange={(e) => setDraft((d) => updatePattern(d, i, { value: Number(e.target.value) }))}
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
          setDraft((d) => updatePattern(d, i, { type: e.target.value as RecurPattern['type'] }))
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
  ));
}

/** Whether a date on a weekend moves to the Friday before or the Monday after. */
function WeekendRow({ form }: { form: Draft }) {
  const { draft, set } = form;
  return (
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
  );
}

/** When it ends: never, after a number of occurrences, or on a date. */
function EndsFieldset({ form }: { form: Draft }) {
  const { draft, set, count, setCount } = form;
  return (
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
  );
}
