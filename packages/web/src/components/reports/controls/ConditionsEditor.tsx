import { opLabel } from '@coffer/core/ui';
import { useId } from 'react';
import {
  AccountAutocomplete,
  CategoryAutocomplete,
  PayeeAutocomplete,
} from '../../kit/pickers/Pickers.tsx';
import { AmountInput } from '../../kit/ui/AmountInput.tsx';
import { DateInput } from '../../kit/ui/DateInput.tsx';
import type { FilterCondition } from '../data/register-filter.ts';
import { Select } from '../../kit/ui/Select.tsx';
import { Button } from '../../kit/ui/Button.tsx';

type FieldType = FilterCondition['type'];

/** The fields a report can be filtered on, as the register's filters name them. */
export const FILTER_FIELDS: ReadonlyArray<{ field: string; label: string; type: FieldType }> = [
  { field: 'account', label: 'Account', type: 'id' },
  { field: 'category', label: 'Category', type: 'id' },
  { field: 'payee', label: 'Payee', type: 'id' },
  { field: 'notes', label: 'Notes', type: 'string' },
  { field: 'amount', label: 'Amount', type: 'number' },
  { field: 'date', label: 'Date', type: 'date' },
];

const OPS: Readonly<Record<FieldType, readonly string[]>> = {
  id: ['is', 'isNot'],
  string: ['contains', 'doesNotContain', 'is', 'isNot'],
  number: ['is', 'gt', 'gte', 'lt', 'lte'],
  date: ['is', 'gt', 'gte', 'lt', 'lte'],
};

/** A new condition on a field, with that field's first operator and an empty value. */
export function newCondition(field: string): FilterCondition {
  const spec = FILTER_FIELDS.find((f) => f.field === field) ?? FILTER_FIELDS[0]!;
  return {
    field: spec.field,
    op: OPS[spec.type][0]!,
    value: spec.type === 'number' ? 0 : spec.type === 'string' ? '' : null,
    type: spec.type,
  };
}

/** Whether a condition can be used yet (an id or date chosen, some text typed). */
export function isComplete(c: FilterCondition): boolean {
  if (c.type === 'number') return typeof c.value === 'number';
  if (c.type === 'string') return typeof c.value === 'string' && c.value !== '';
  return typeof c.value === 'string' && c.value !== '';
}

function ValueInput({
  condition,
  label,
  onValue,
}: {
  condition: FilterCondition;
  label: string;
  onValue: (value: unknown) => void;
}) {
  const value = typeof condition.value === 'string' ? condition.value : null;
  const commitItem = (item: { id: string } | null) => onValue(item?.id ?? null);
  switch (condition.field) {
    case 'account':
      return <AccountAutocomplete label={label} value={value} onCommit={commitItem} />;
    case 'category':
      return <CategoryAutocomplete label={label} value={value} onCommit={commitItem} />;
    case 'payee':
      return <PayeeAutocomplete label={label} value={value} onCommit={commitItem} />;
    case 'amount':
      return (
        <AmountInput
          label={label}
          value={typeof condition.value === 'number' ? condition.value : null}
          onCommit={(cents) => onValue(cents ?? 0)}
        />
      );
    case 'date':
      return <DateInput label={label} value={value} onCommit={(d) => onValue(d)} />;
    default:
      return (
        <input
          className="input"
          aria-label={label}
          defaultValue={value ?? ''}
          onBlur={(e) => onValue(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && onValue(e.currentTarget.value)}
        />
      );
  }
}

/**
 * The report's filters: conditions like the register's (field, operator, value), all or any of
 * them. Each row says which condition it is to a screen reader.
 */
export function ConditionsEditor({
  conditions,
  conditionsOp,
  onChange,
}: {
  conditions: readonly FilterCondition[];
  conditionsOp: 'and' | 'or';
  onChange: (conditions: FilterCondition[], op: 'and' | 'or') => void;
}) {
  const id = useId();
  const set = (i: number, c: FilterCondition) =>
    onChange(
      conditions.map((x, j) => (j === i ? c : x)),
      conditionsOp,
    );
  return (
    <fieldset className="report-conditions">
      <legend>Filters</legend>
      {conditions.length > 1 && (
        <label className="row" htmlFor={`${id}-op`}>
          <span>Match</span>
          <Select
            label="Match"
            id={`${id}-op`}
            className="report-op-select"
            value={conditionsOp}
            onChange={(e) => onChange([...conditions], e.target.value === 'or' ? 'or' : 'and')}
          >
            <option value="and">all filters</option>
            <option value="or">any filter</option>
          </Select>
        </label>
      )}
      {conditions.map((c, i) => {
        const n = i + 1;
        return (
          <div key={i} className="report-condition" role="group" aria-label={`Filter ${n}`}>
            <Select
              label={`Filter ${n} field`}
              value={c.field}
              onChange={(e) => set(i, newCondition(e.target.value))}
            >
              {FILTER_FIELDS.map((f) => (
                <option key={f.field} value={f.field}>
                  {f.label}
                </option>
              ))}
            </Select>
            <Select
              label={`Filter ${n} operator`}
              value={c.op}
              onChange={(e) => set(i, { ...c, op: e.target.value })}
            >
              {OPS[c.type].map((op) => (
                <option key={op} value={op}>
                  {opLabel(op, c.type === 'date' ? 'date' : null)}
                </option>
              ))}
            </Select>
            <div className="report-condition-value">
              <ValueInput
                key={c.field}
                condition={c}
                label={`Filter ${n} value`}
                onValue={(value) => set(i, { ...c, value })}
              />
            </div>
            <Button
              type="button"
              variant="bare"
              aria-label={`Remove filter ${n}`}
              onClick={() =>
                onChange(
                  conditions.filter((_, j) => j !== i),
                  conditionsOp,
                )
              }
            >
              ✕
            </Button>
          </div>
        );
      })}
      <Button
        type="button"
        onClick={() => onChange([...conditions, newCondition('category')], conditionsOp)}
      >
        Add filter
      </Button>
    </fieldset>
  );
}
