import { opLabel } from '@coffer/core/ui';
import { OpSelect } from '../conditions/OpSelect.tsx';
import {
  ACTION_FIELDS,
  CONDITION_FIELDS,
  conditionField,
  type EditRow,
  fieldName,
} from './rule-editor.ts';
import { ConditionValue } from '../conditions/ConditionValue.tsx';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Select } from '../kit/ui/Select.tsx';

interface RowButtons {
  /** Null when the row must stay (a schedule's date condition, a link-schedule action). */
  onDelete: (() => void) | null;
  onAdd: () => void;
  /** 'condition' or 'action', and the row's number, for the buttons' names. */
  what: string;
}

function EditorButtons({ onDelete, onAdd, what }: RowButtons) {
  return (
    <span className="rule-row-buttons">
      <Button
        type="button"
        variant="bare"
        className="rule-row-button"
        aria-label={`Remove ${what}`}
        title={onDelete ? `Remove ${what}` : 'A schedule needs this to stay'}
        disabled={!onDelete}
        onClick={onDelete ?? undefined}
      >
        −
      </Button>
      <Button
        type="button"
        variant="bare"
        className="rule-row-button"
        aria-label={`Add a row after ${what}`}
        title={`Add a row after ${what}`}
        onClick={onAdd}
      >
        +
      </Button>
    </span>
  );
}

/** The server's word on a row, under it (spec: per-row errors). */
function RowError({ error }: { error?: string | null }) {
  if (!error) return null;
  return <ErrorText className="rule-row-error">{error}</ErrorText>;
}

/** One condition: field, operator, value, and the buttons to remove it or add one after it. */
export function ConditionRow({
  row,
  index,
  onField,
  onOp,
  onValue,
  ...buttons
}: {
  row: EditRow;
  index: number;
  onField: (field: string) => void;
  onOp: (op: string) => void;
  onValue: (value: unknown) => void;
} & Omit<RowButtons, 'what'>) {
  const n = index + 1;
  const field = conditionField(row);
  const fields = CONDITION_FIELDS.some(([f]) => f === field)
    ? CONDITION_FIELDS
    : [...CONDITION_FIELDS, [field, fieldName(field)] as const];
  return (
    <div className="rule-row-wrap">
      <div
        className={`rule-row${row.error ? ' has-error' : ''}`}
        role="group"
        aria-label={`Condition ${n}`}
      >
        <Select
          className="rule-field"
          label={`Condition ${n} field`}
          value={field}
          onChange={(e) => onField(e.target.value)}
        >
          {fields.map(([f, text]) => (
            <option key={f} value={f}>
              {text}
            </option>
          ))}
        </Select>
        {/* A stored rule may use an operator the editor no longer offers; it stays selectable. */}
        <OpSelect
          className="rule-op"
          label={`Condition ${n} operator`}
          condition={row}
          keep
          onChange={onOp}
        />
        <span className="rule-value">
          <ConditionValue
            key={`${row.key}-${row.field}-${row.op}`}
            row={row}
            kind="condition"
            label={`Condition ${n} value`}
            onChange={onValue}
          />
        </span>
        <EditorButtons {...buttons} what={`condition ${n}`} />
      </div>
      <RowError error={row.error} />
    </div>
  );
}

/** One action: 'set' a field to a value, or the schedule a schedule's rule links to. */
export function ActionRow({
  row,
  index,
  onField,
  onValue,
  ...buttons
}: {
  row: EditRow;
  index: number;
  onField: (field: string) => void;
  onValue: (value: unknown) => void;
} & Omit<RowButtons, 'what'>) {
  const n = index + 1;
  const schedule = row.op === 'link-schedule';
  return (
    <div className="rule-row-wrap">
      <div
        className={`rule-row${row.error ? ' has-error' : ''}`}
        role="group"
        aria-label={`Action ${n}`}
      >
        <span className="rule-row-word">{opLabel(row.op)}</span>
        {!schedule && (
          <>
            <Select
              className="rule-field"
              label={`Action ${n} field`}
              value={row.field ?? ''}
              onChange={(e) => onField(e.target.value)}
            >
              {ACTION_FIELDS.map(([f, text]) => (
                <option key={f} value={f}>
                  {text}
                </option>
              ))}
            </Select>
            <span className="rule-row-word">to</span>
          </>
        )}
        <span className="rule-value">
          <ConditionValue
            key={`${row.key}-${row.field}`}
            row={row}
            kind="action"
            label={`Action ${n} value`}
            onChange={onValue}
          />
        </span>
        <EditorButtons {...buttons} what={`action ${n}`} />
      </div>
      <RowError error={row.error} />
    </div>
  );
}
