import {
  defaultRecurConfig,
  parseDateValue,
  q,
  type RecurConfig,
  tagsInFilterValue,
} from '@coffer/core/ui';
import { useRef, useState } from 'react';
import { useFormat } from '../../store/use-format.ts';
import { AmountInput } from '../kit/ui/AmountInput.tsx';
import { DateInput } from '../kit/ui/DateInput.tsx';
import { useQuery } from '../kit/data/data.ts';
import { MultiInput } from '../kit/ui/MultiInput.tsx';
import {
  AccountAutocomplete,
  CategoryAutocomplete,
  PayeeAutocomplete,
  TagAutocomplete,
  usePayeeName,
} from '../kit/pickers/Pickers.tsx';
import { localToday } from '../kit/ui/calendar.ts';
import { RecurrenceInput } from '../kit/pickers/RecurrenceInput.tsx';
import { DELETED, type RuleRow } from './rule-text.ts';
import { useRuleNames } from './use-rule-names.ts';
import { Checkbox } from '../kit/ui/Checkbox.tsx';

/** A condition or action with its type, and the error shown beside its value. */
export interface ValueRow extends RuleRow {
  type: string;
  error?: string | null;
}

interface ValueProps {
  row: ValueRow;
  /** The accessible name: 'Condition 2 value', 'Action 1 value'. */
  label: string;
  /** Actions may name a payee that does not exist yet; conditions may not. */
  kind: 'condition' | 'action';
  /** Focus the value's input when it appears (a filter's popover). */
  autoFocus?: boolean;
  onChange: (value: unknown) => void;
}

const isFullDate = (v: unknown): v is string => parseDateValue(v)?.kind === 'day';
const isMonthOrYear = (v: unknown) => typeof v === 'string' && /^\d{4}(-\d{2})?$/.test(v);

/**
 * An amount box in a rule row. A refused text goes into the row as typed; the box keeps its
 * last number as its value meanwhile, so the text stays in place beside the row's reason.
 */
function RuleAmount({
  value,
  label,
  signed,
  autoFocus,
  onValue,
}: {
  value: unknown;
  label: string;
  signed: boolean;
  autoFocus?: boolean;
  onValue: (value: unknown) => void;
}) {
  const last = useRef<number | null>(null);
  if (typeof value === 'number' || value == null) last.current = value ?? null;
  return (
    <AmountInput
      label={label}
      value={last.current}
      signToggle={signed}
      autoFocus={autoFocus}
      onChange={(cents) => {
        if (cents !== undefined) onValue(cents);
      }}
      onRefused={onValue}
    />
  );
}
const isList = (op: string) => op === 'oneOf' || op === 'notOneOf';
const isTagOp = (op: string) => op === 'hasTags' || op === 'hasAnyTag' || op === 'doesNotHaveTags';

/** One payee, category or account, picked with the shared autocompletes. */
function IdPicker({
  field,
  value,
  label,
  kind,
  exclude,
  onPick,
  autoFocus,
}: {
  field: string;
  value: string | null;
  label: string;
  kind: 'condition' | 'action';
  exclude?: readonly string[];
  onPick: (id: string | null) => void;
  autoFocus?: boolean;
}) {
  const common = {
    label,
    value,
    missingLabel: DELETED,
    autoFocus,
    onCommit: (item: { id: string } | null) => {
      if ((item?.id ?? null) !== value) onPick(item?.id ?? null);
    },
  };
  if (field === 'category') {
    return <CategoryAutocomplete {...common} options={{ exclude, showHidden: true }} />;
  }
  if (field === 'account') return <AccountAutocomplete {...common} exclude={exclude} />;
  return <PayeeAutocomplete {...common} options={{ exclude, create: kind === 'action' }} />;
}

/** A link-schedule action: the schedule it belongs to, read only. */
function ScheduleValue({ id }: { id: string | null }) {
  const fmt = useFormat();
  const payeeName = usePayeeName();
  const found = useQuery<
    Array<{
      id: string;
      name: string | null;
      _payee: string | null;
      _amount: unknown;
      next_date: string | null;
    }>
  >(
    id
      ? q('schedules')
          .filter({ id })
          .select(['id', 'name', '_payee', '_amount', 'next_date'])
          .serialize()
      : null,
    ['schedules', 'rules'],
  );
  const schedule = found?.[0];
  if (!found) return <span className="subdued">…</span>;
  if (!schedule) return <span className="subdued">{DELETED}</span>;
  const amount = schedule._amount as number | { num1?: unknown; num2?: unknown } | null;
  const cents = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? fmt.amount(v) : '');
  const amountText =
    typeof amount === 'number'
      ? cents(amount)
      : amount && typeof amount === 'object'
        ? `${cents(amount.num1)} – ${cents(amount.num2)}`
        : '';
  return (
    <span className="rule-schedule">
      {schedule.name && <strong>{schedule.name}</strong>}
      <span>Payee: {payeeName(schedule._payee) || '(nothing)'}</span>
      {amountText && <span>Amount: {amountText}</span>}
      {schedule.next_date && <span>Next: {fmt.date(schedule.next_date)}</span>}
    </span>
  );
}

/**
 * The value of a condition or action, in the input its type calls for (spec: rule editor), the
 * one value input of the conditions editor:
 * the shared payee, category and account pickers, several values at once for one of / not one
 * of, amounts with their sign toggle (inflow or outflow) and as a range for is between, dates
 * with the calendar, a recurrence for a schedule's date, and a checkbox for yes/no fields.
 */
export function ConditionValue({ row, label, kind, autoFocus, onChange }: ValueProps) {
  const names = useRuleNames();
  // A date row keeps the input it opened with: a typed text that is not a date (handed over to
  // be judged on save) must not swap the date field for a text box, nor clear it. A filter's
  // month or year says so in its options before it has a value.
  const dateOptions = row.options as { month?: boolean; year?: boolean } | null | undefined;
  const [monthOrYear] = useState(
    () => isMonthOrYear(row.value) || Boolean(dateOptions?.month || dateOptions?.year),
  );
  const lastDate = useRef<string | null>(null);
  if (isFullDate(row.value)) lastDate.current = row.value;
  const error = row.error ?? null;
  const field = row.field ?? '';
  if (row.op === 'link-schedule') return <ScheduleValue id={(row.value as string) ?? null} />;

  if (row.type === 'id' && ['payee', 'category', 'account'].includes(field)) {
    if (isList(row.op)) {
      const values = Array.isArray(row.value) ? (row.value as string[]) : [];
      return (
        <MultiInput
          label={label}
          values={values}
          error={error}
          onChange={onChange}
          valueLabel={(id) => names.label(field, id)}
          renderInput={({ label: l, add, held }) => (
            <IdPicker
              field={field}
              value={null}
              label={l}
              kind={kind}
              exclude={held}
              autoFocus={autoFocus}
              onPick={(id) => id && add(id)}
            />
          )}
        />
      );
    }
    if (row.op !== 'contains' && row.op !== 'doesNotContain') {
      return (
        <IdPicker
          field={field}
          value={typeof row.value === 'string' ? row.value : null}
          label={label}
          kind={kind}
          autoFocus={autoFocus}
          onPick={onChange}
        />
      );
    }
  }

  const tags = isTagOp(row.op) && typeof row.value === 'string' ? tagsInFilterValue(row.value) : [];
  // One tag is picked from the budget's tags; several (as Actual may write) stay a text.
  if (isTagOp(row.op) && tags.length <= 1) {
    return (
      // The row shows its refusal beside the row, as for the other pickers.
      <TagAutocomplete
        label={label}
        value={tags[0] ?? null}
        autoFocus={autoFocus}
        onCommit={(item) => {
          const value = item ? `#${item.id}` : null;
          if (value !== row.value) onChange(value);
        }}
      />
    );
  }

  if (row.type === 'string' && isList(row.op)) {
    return (
      <MultiInput
        label={label}
        values={Array.isArray(row.value) ? (row.value as string[]) : []}
        onChange={onChange}
        error={error}
        placeholder="Type a value and press Enter"
        autoFocus={autoFocus}
      />
    );
  }

  if (row.type === 'number') {
    return <NumberValue row={row} label={label} autoFocus={autoFocus} onChange={onChange} />;
  }

  if (row.type === 'date') {
    if (row.value !== null && typeof row.value === 'object') {
      // A recurrence written by another app may leave out the fields it does not use.
      const value = { ...defaultRecurConfig(localToday()) };
      for (const [k, v] of Object.entries(row.value as RecurConfig)) {
        if (v !== null && v !== undefined) Object.assign(value, { [k]: v });
      }
      return <RecurrenceInput label={label} value={value} onChange={onChange} />;
    }
    if (!monthOrYear) {
      return (
        <DateInput
          label={label}
          value={row.value == null ? null : lastDate.current}
          autoFocus={autoFocus}
          onCommit={(d) => {
            if (d !== row.value) onChange(d);
          }}
          onRefused={onChange}
        />
      );
    }
  }

  if (row.type === 'boolean') {
    return (
      <label className="checkbox rule-checkbox">
        <Checkbox
          label={label}
          checked={row.value === true || row.value === 1}
          onChange={(e) => onChange(e.target.checked)}
        />
        {row.value === true || row.value === 1 ? 'Yes' : 'No'}
      </label>
    );
  }

  // Text: imported payee and notes, contains on ids, a date given as a month or a year.
  return (
    <input
      className="input"
      aria-label={label}
      aria-invalid={error ? true : undefined}
      autoFocus={autoFocus}
      placeholder={dateOptions?.month ? 'YYYY-MM' : dateOptions?.year ? 'YYYY' : undefined}
      value={row.value === null || row.value === undefined ? '' : String(row.value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** An amount, with its sign toggle for a plain amount, or two for is between. */
function NumberValue({
  row,
  label,
  autoFocus,
  onChange,
}: Pick<ValueProps, 'row' | 'label' | 'autoFocus' | 'onChange'>) {
  const field = row.field ?? '';
  const options = row.options as { inflow?: boolean; outflow?: boolean } | null | undefined;
  // Inflow and outflow compare the amount's size, so only plain amounts carry a sign.
  const signed = field === 'amount' && !options?.inflow && !options?.outflow;
  // A text that is not an amount goes into the row as typed: the core's parser refuses it
  // on save with the spec's words, instead of the row keeping its last number.
  if (row.op === 'isbetween') {
    const range = (row.value ?? {}) as { num1?: unknown; num2?: unknown };
    return (
      <span className="rule-between">
        <RuleAmount
          label={label}
          value={range.num1}
          signed={signed}
          autoFocus={autoFocus}
          onValue={(num1) => onChange({ ...range, num1 })}
        />
        <span>and</span>
        <RuleAmount
          label={`${label}, second amount`}
          value={range.num2}
          signed={signed}
          onValue={(num2) => onChange({ ...range, num2 })}
        />
      </span>
    );
  }
  return (
    <RuleAmount
      label={label}
      value={row.value}
      signed={signed}
      autoFocus={autoFocus}
      onValue={onChange}
    />
  );
}
