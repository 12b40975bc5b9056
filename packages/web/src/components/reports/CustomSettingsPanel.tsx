import {
  BALANCE_TYPES,
  GRAPH_TYPES,
  type ReportBalanceType,
  type ReportGroupBy,
} from '@coffer/core/ui';
import { useId } from 'react';
import { ConditionsEditor } from './controls/ConditionsEditor.tsx';
import { groupingsFor } from './data/custom.ts';
import {
  GRAPH_LABELS,
  GROUP_LABELS,
  MEASURE_LABELS,
  type ReportSettings,
  withMeasure,
} from './data/custom-settings.ts';
import { Select } from '../kit/ui/Select.tsx';
import { Button } from '../kit/ui/Button.tsx';

const OPTIONS: ReadonlyArray<readonly [keyof ReportSettings, string]> = [
  ['showOffBudget', 'Off-budget accounts'],
  ['showHidden', 'Hidden categories'],
  ['showUncategorized', 'Uncategorized transactions'],
  ['showEmpty', 'Rows with nothing in them'],
];

/** The custom report's settings: what is measured, how it is grouped and shown, and filters. */
export function CustomSettingsPanel({
  settings,
  onChange,
}: {
  settings: ReportSettings;
  onChange: (s: ReportSettings) => void;
}) {
  const id = useId();
  const set = (patch: Partial<ReportSettings>) => onChange({ ...settings, ...patch });
  return (
    <aside className="card custom-settings" aria-label="Report settings">
      <label className="field" htmlFor={`${id}-measure`}>
        Show
      </label>
      <Select
        label="Show"
        id={`${id}-measure`}
        value={settings.balanceType}
        onChange={(e) => onChange(withMeasure(settings, e.target.value as ReportBalanceType))}
      >
        {BALANCE_TYPES.map((b) => (
          <option key={b} value={b}>
            {MEASURE_LABELS[b]}
          </option>
        ))}
      </Select>

      <label className="field" htmlFor={`${id}-group`}>
        Group by
      </label>
      <Select
        label="Group by"
        id={`${id}-group`}
        value={settings.groupBy}
        onChange={(e) => set({ groupBy: e.target.value as ReportGroupBy })}
      >
        {groupingsFor(settings.balanceType).map((g) => (
          <option key={g} value={g}>
            {GROUP_LABELS[g]}
          </option>
        ))}
      </Select>

      <div className="field">Display</div>
      <div className="segmented" role="group" aria-label="Display">
        {GRAPH_TYPES.map((g) => (
          <Button
            key={g}
            type="button"
            variant="plain"
            className="segmented-item"
            aria-pressed={settings.graphType === g}
            onClick={() => set({ graphType: g })}
          >
            {GRAPH_LABELS[g]}
          </Button>
        ))}
      </div>
      {settings.graphType === 'TableGraph' && settings.groupBy !== 'Interval' && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.byMonth}
            onChange={(e) => set({ byMonth: e.target.checked })}
          />
          Split by month
        </label>
      )}

      <fieldset className="custom-options">
        <legend>Include</legend>
        {OPTIONS.map(([key, label]) => (
          <label key={key} className="checkbox">
            <input
              type="checkbox"
              checked={Boolean(settings[key])}
              onChange={(e) => set({ [key]: e.target.checked })}
            />
            {label}
          </label>
        ))}
      </fieldset>

      {settings.balanceType === 'Budgeted' ? (
        <p className="subdued custom-note">Budgeted amounts are not filtered by transactions.</p>
      ) : (
        <ConditionsEditor
          conditions={settings.conditions}
          conditionsOp={settings.conditionsOp}
          onChange={(conditions, conditionsOp) => set({ conditions, conditionsOp })}
        />
      )}
    </aside>
  );
}
