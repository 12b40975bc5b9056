import { fieldType, opLabel } from '@coffer/core/ui';
import { Select } from '../kit/ui/Select.tsx';
import { type ConditionArea, type ConditionShape, offeredOps } from './fields.ts';

/**
 * The operator of a condition, from core's table for its field: a date's comparisons read as
 * before/after. A stored condition whose operator the editor no longer offers keeps it
 * selectable (`keep`), so opening a rule does not change it.
 */
export function OpSelect({
  condition,
  label,
  className,
  only,
  keep = false,
  area = 'rule',
  onChange,
}: {
  condition: ConditionShape & { op: string };
  label: string;
  className?: string;
  /** The operators an area offers, in its order, where it offers fewer than core. */
  only?: readonly string[];
  keep?: boolean;
  /** A filter offers 'has no tag' too. */
  area?: ConditionArea;
  onChange: (op: string) => void;
}) {
  const offered = offeredOps(condition, only, area);
  const ops = keep && !offered.includes(condition.op) ? [...offered, condition.op] : offered;
  const type = fieldType(condition.field);
  return (
    <Select
      className={className}
      label={label}
      value={condition.op}
      onChange={(e) => onChange(e.target.value)}
    >
      {ops.map((op) => (
        <option key={op} value={op}>
          {opLabel(op, type)}
        </option>
      ))}
    </Select>
  );
}
