import { useId } from 'react';
import type { FilterCondition } from '../data/register-filter.ts';
import { Select } from '../../kit/ui/Select.tsx';
import {
  type FieldChoice,
  fieldChoices,
  offeredOps,
  REPORT_FIELDS,
  REPORT_OPS,
} from '../../conditions/fields.ts';
import { ConditionValue } from '../../conditions/ConditionValue.tsx';
import { OpSelect } from '../../conditions/OpSelect.tsx';
import { Button } from '../../kit/ui/Button.tsx';

type FieldType = FilterCondition['type'];

/**
 * The fields a report can be filtered on, named and typed by the conditions' one table (the
 * register's filters name them so too).
 */
export const FILTER_FIELDS: ReadonlyArray<FieldChoice<FieldType>> =
  fieldChoices<FieldType>(REPORT_FIELDS);

/** A new condition on a field, with that field's first operator and an empty value. */
export function newCondition(field: string): FilterCondition {
  const spec = FILTER_FIELDS.find((f) => f.field === field) ?? FILTER_FIELDS[0]!;
  return {
    field: spec.field,
    op: offeredOps({ field: spec.field }, REPORT_OPS)[0]!,
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
            <OpSelect
              label={`Filter ${n} operator`}
              condition={c}
              only={REPORT_OPS}
              onChange={(op) => set(i, { ...c, op })}
            />
            <div className="report-condition-value">
              <ConditionValue
                key={c.field}
                row={c}
                kind="condition"
                label={`Filter ${n} value`}
                onChange={(value) => set(i, { ...c, value })}
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
