import { addMonths, type Month, monthTitle } from '@coffer/core/ui';
import { useId } from 'react';
import { PRESET_LABELS, type RangePreset, type ReportRange } from '../data/range.ts';
import { Button } from '../../kit/ui/Button.tsx';
import { Select } from '../../kit/ui/Select.tsx';

/** Months to offer in the custom range's lists: from the first transaction to now. */
export function monthOptions(first: Month | null, current: Month): Month[] {
  const start = first && first < current ? first : addMonths(current, -11);
  const out: Month[] = [];
  for (let m = current; m >= start; m = addMonths(m, -1)) out.push(m);
  return out;
}

/**
 * The range buttons of a report (a pressed button is the range in use) and, for a custom range,
 * the first and last month.
 */
export function RangePicker({
  value,
  onChange,
  presets,
  first,
  current,
  resolved,
}: {
  value: ReportRange;
  onChange: (range: ReportRange) => void;
  presets: readonly RangePreset[];
  first: Month | null;
  current: Month;
  /** The months the range covers now (the custom lists start from them). */
  resolved: { start: Month; end: Month };
}) {
  const id = useId();
  const months = monthOptions(first, current);
  const custom = value.preset === 'custom';
  return (
    <div className="report-range">
      <div className="segmented" role="group" aria-label="Range">
        {presets.map((p) => (
          <Button
            key={p}
            type="button"
            variant="plain"
            className="segmented-item"
            aria-pressed={value.preset === p}
            onClick={() => onChange({ preset: p })}
          >
            {PRESET_LABELS[p]}
          </Button>
        ))}
        <Button
          type="button"
          variant="plain"
          className="segmented-item"
          aria-pressed={custom}
          onClick={() => !custom && onChange({ preset: 'custom', ...resolved })}
        >
          Custom
        </Button>
      </div>
      {custom && (
        <div className="row report-range-custom">
          <label htmlFor={`${id}-from`}>From</label>
          <Select
            label="From"
            id={`${id}-from`}
            value={value.start}
            onChange={(e) => onChange({ ...value, start: e.target.value })}
          >
            {months.map((m) => (
              <option key={m} value={m}>
                {monthTitle(m)}
              </option>
            ))}
          </Select>
          <label htmlFor={`${id}-to`}>to</label>
          <Select
            label="to"
            id={`${id}-to`}
            value={value.end}
            onChange={(e) => onChange({ ...value, end: e.target.value })}
          >
            {months.map((m) => (
              <option key={m} value={m}>
                {monthTitle(m)}
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}
