/**
 * Editing one filter condition in a popover (the register's filters): the operators of core's
 * table for its field (`OpSelect`) and a value input of the field's type (the kit's pickers for
 * payees, categories and accounts; amounts; dates, months and years; text). Enter or Apply
 * applies it; Escape closes.
 */
import {
  changeConditionOp,
  type ConditionOp,
  deserializeField,
  type EditorCondition,
  editorFieldOf,
  FIELD_TYPES,
  getValidOps,
  type RuleField,
} from '@coffer/core/ui';
import { type RefObject, useRef, useState } from 'react';
import { AmountInput } from '../kit/ui/AmountInput.tsx';
import { DateInput } from '../kit/ui/DateInput.tsx';
import { useAppState } from '../../store/context.ts';
import {
  AccountAutocomplete,
  CategoryAutocomplete,
  PayeeAutocomplete,
  usePayeeName,
} from '../kit/pickers/Pickers.tsx';
import { Popover } from '../kit/ui/Popover.tsx';
import { type FilterCondition, fieldTitle } from './fields.ts';
import { OpSelect } from './OpSelect.tsx';
import { Button } from '../kit/ui/Button.tsx';

/** A new condition of an editor field ('payee', 'amount-outflow', 'month', …). */
export function newFilterCondition(editorField: string): FilterCondition {
  const { field, options } = deserializeField(
    editorField as Parameters<typeof deserializeField>[0],
  );
  const type = FIELD_TYPES[field];
  const base: Omit<FilterCondition, 'op'> = { field, type, value: null, options: options ?? null };
  if (editorField === 'month') base.options = { month: true };
  if (editorField === 'year') base.options = { year: true };
  const op = getValidOps(base as Parameters<typeof getValidOps>[0])[0] ?? 'is';
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
  const title = fieldTitle(c.options?.month ? 'month' : c.options?.year ? 'year' : editorField);
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
            condition={c}
            onChange={(op) =>
              setC(changeConditionOp(c as EditorCondition, op as ConditionOp) as FilterCondition)
            }
          />
        </div>
        <ValueInput condition={c} onChange={(value) => setC({ ...c, value })} />
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

function ValueInput({
  condition: c,
  onChange,
}: {
  condition: FilterCondition;
  onChange: (value: unknown) => void;
}) {
  const label = 'Value';
  if (isList(c.op)) return <ListInput condition={c} onChange={onChange} />;
  switch (c.field as RuleField) {
    case 'payee':
    case 'category':
    case 'account':
      return (
        <IdPicker
          field={c.field}
          value={(c.value as string | null) ?? null}
          autoFocus
          onPick={onChange}
        />
      );
    case 'amount':
      if (c.op === 'isbetween') {
        const range = (c.value as { num1: number; num2: number } | null) ?? { num1: 0, num2: 0 };
        return (
          <div className="row">
            <AmountInput
              label="From"
              value={range.num1}
              autoFocus
              onChange={(v) => v !== undefined && onChange({ ...range, num1: v ?? 0 })}
            />
            <span>and</span>
            <AmountInput
              label="To"
              value={range.num2}
              onChange={(v) => v !== undefined && onChange({ ...range, num2: v ?? 0 })}
            />
          </div>
        );
      }
      return (
        <AmountInput
          label={label}
          value={typeof c.value === 'number' ? Math.abs(c.value) : null}
          autoFocus
          onChange={(v) => v !== undefined && onChange(v)}
        />
      );
    case 'date':
      if (c.options?.month || c.options?.year) {
        return (
          <input
            className="input"
            aria-label={label}
            autoFocus
            type={c.options.month ? 'month' : 'number'}
            placeholder={c.options.month ? 'YYYY-MM' : 'YYYY'}
            value={(c.value as string | null) ?? ''}
            onChange={(e) => onChange(e.target.value || null)}
          />
        );
      }
      return (
        <DateInput
          label={label}
          value={(c.value as string | null) ?? null}
          autoFocus
          onChange={(d) => d !== undefined && onChange(d)}
        />
      );
    default:
      return (
        <input
          className="input"
          aria-label={label}
          autoFocus
          value={(c.value as string | null) ?? ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

function IdPicker({
  field,
  value,
  autoFocus,
  onPick,
}: {
  field: string;
  value: string | null;
  autoFocus?: boolean;
  onPick: (id: string | null) => void;
}) {
  const common = {
    label: 'Value',
    value,
    autoFocus,
    clearable: true,
    // The picker's first Enter only picks; the form's submit (a second Enter) applies.
    onCommit: (item: { id: string } | null) => {
      onPick(item?.id ?? null);
    },
  };
  if (field === 'payee') return <PayeeAutocomplete {...common} options={{ transferMode: false }} />;
  if (field === 'category')
    return <CategoryAutocomplete {...common} options={{ showHidden: true }} />;
  return <AccountAutocomplete {...common} />;
}

/** oneOf / notOneOf: chosen items, removable, and a picker (or text) to add more. */
function ListInput({
  condition: c,
  onChange,
}: {
  condition: FilterCondition;
  onChange: (value: unknown) => void;
}) {
  const items = Array.isArray(c.value) ? (c.value as string[]) : [];
  const [text, setText] = useState('');
  const idField = c.field === 'payee' || c.field === 'category' || c.field === 'account';
  return (
    <div className="stack" style={{ gap: 6 }}>
      <ul className="reg-values" aria-label="Values">
        {items.map((item, i) => (
          <li key={`${item}-${i}`}>
            <ItemName field={c.field} id={item} />
            <Button
              type="button"
              variant="bare"
              aria-label={`Remove ${item}`}
              onClick={() => onChange(items.filter((_, j) => j !== i))}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
      {idField ? (
        <IdPicker
          field={c.field}
          value={null}
          autoFocus
          onPick={(id) => id && !items.includes(id) && onChange([...items, id])}
        />
      ) : (
        <input
          className="input"
          aria-label="Add a value"
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && text.trim()) {
              e.preventDefault();
              onChange([...items, text.trim()]);
              setText('');
            } else if (e.key === 'Backspace' && text === '' && items.length > 0) {
              onChange(items.slice(0, -1));
            }
          }}
        />
      )}
    </div>
  );
}

function ItemName({ field, id }: { field: string; id: string }) {
  const payeeName = usePayeeName();
  const accounts = useAppState((s) => s.accounts);
  const categories = useAppState((s) => s.categories.list);
  if (field === 'payee') return <>{payeeName(id) || '(deleted)'}</>;
  if (field === 'category') return <>{categories.find((c) => c.id === id)?.name ?? '(deleted)'}</>;
  if (field === 'account') return <>{accounts.find((a) => a.id === id)?.name ?? '(deleted)'}</>;
  return <>{id}</>;
}
