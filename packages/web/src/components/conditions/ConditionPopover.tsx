/**
 * Editing one filter condition in a popover (the register's filters), with the conditions
 * editor's own parts: the operators of core's table for its field, a filter's ones included
 * (`OpSelect`), and the value in the input its type calls for (`ConditionValue`: the kit's
 * pickers for payees, categories, accounts and tags; amounts; dates, months and years; text).
 * Enter or Apply applies it; Escape closes.
 */
import {
  changeConditionOp,
  type ConditionOp,
  deserializeField,
  type EditorCondition,
  editorFieldOf,
  FIELD_TYPES,
  getValidOps,
} from '@coffer/core/ui';
import { type RefObject, useRef, useState } from 'react';
import { Popover } from '../kit/ui/Popover.tsx';
import { Button } from '../kit/ui/Button.tsx';
import { ConditionValue } from './ConditionValue.tsx';
import { type FilterCondition, fieldTitle } from './fields.ts';
import { OpSelect } from './OpSelect.tsx';

const TAG_OPS = new Set(['hasTags', 'hasAnyTag', 'doesNotHaveTags']);

/**
 * A new condition of an editor field ('payee', 'amount-outflow', 'month', …), or of 'tag':
 * the notes having a tag.
 */
export function newFilterCondition(editorField: string): FilterCondition {
  if (editorField === 'tag') return { field: 'notes', type: 'string', op: 'hasTags', value: null };
  const { field, options } = deserializeField(
    editorField as Parameters<typeof deserializeField>[0],
  );
  const type = FIELD_TYPES[field];
  const base: Omit<FilterCondition, 'op'> = { field, type, value: null, options: options ?? null };
  if (editorField === 'month') base.options = { month: true };
  if (editorField === 'year') base.options = { year: true };
  const op = getValidOps(base as Parameters<typeof getValidOps>[0], 'filter')[0] ?? 'is';
  return { ...base, op, value: type === 'number' ? 0 : null };
}

const isList = (op: string) => op === 'oneOf' || op === 'notOneOf';

/** Whether the condition has a value to filter by. */
export function conditionComplete(c: FilterCondition): boolean {
  if (isList(c.op)) return Array.isArray(c.value) && c.value.length > 0;
  if (c.type === 'id') return true;
  return c.value !== null && c.value !== undefined && c.value !== '';
}

interface Props {
  anchor: RefObject<HTMLElement | null>;
  condition: FilterCondition;
  onApply: (c: FilterCondition) => void;
  onClose: () => void;
}

export function ConditionPopover({ anchor, condition, onApply, onClose }: Props) {
  const [c, setState] = useState<FilterCondition>(condition);
  // A picker commits its value in the same event as the key that submits: read the latest.
  const latest = useRef(c);
  const setC = (next: FilterCondition) => {
    latest.current = next;
    setState(next);
  };
  const editorField = editorFieldOf(c as Parameters<typeof editorFieldOf>[0]);
  const title = fieldTitle(
    TAG_OPS.has(c.op) ? 'tag' : c.options?.month ? 'month' : c.options?.year ? 'year' : editorField,
  );
  const apply = () => {
    if (conditionComplete(latest.current)) onApply(latest.current);
  };

  return (
    <Popover anchor={anchor} className="reg-condition" maxHeight={420}>
      <form
        role="dialog"
        aria-label={`Filter by ${title}`}
        className="stack"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <div className="reg-condition-head">
          <strong>{title}</strong>
          <OpSelect
            label="Operator"
            area="filter"
            condition={c}
            onChange={(op) =>
              setC(changeConditionOp(c as EditorCondition, op as ConditionOp) as FilterCondition)
            }
          />
        </div>
        <ConditionValue
          // A new operator may want another input (one value, a list, a range): start it anew.
          key={isList(c.op) ? 'list' : c.op === 'isbetween' ? 'range' : 'one'}
          row={{ ...c, type: c.type ?? FIELD_TYPES[c.field as keyof typeof FIELD_TYPES] }}
          label="Value"
          kind="condition"
          autoFocus
          onChange={(value) => setC({ ...latest.current, value })}
        />
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!conditionComplete(c)}>
            Apply
          </Button>
        </div>
      </form>
    </Popover>
  );
}
