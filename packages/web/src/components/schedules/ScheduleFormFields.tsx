import { AmountInput } from '../kit/ui/AmountInput.tsx';
import { DateInput } from '../kit/ui/DateInput.tsx';
import { RecurrenceInput } from '../kit/pickers/RecurrenceInput.tsx';
import { Select } from '../kit/ui/Select.tsx';
import {
  AMOUNT_OPS,
  type AmountOp,
  changeAmountOp,
  type FormErrors,
  type ScheduleForm,
} from './schedule-form.ts';

interface FieldProps {
  form: ScheduleForm;
  setForm: (update: (f: ScheduleForm) => ScheduleForm) => void;
  errors: FormErrors | null;
}

/** The schedule's amount: how it matches, payment or deposit, and one amount or two. */
export function ScheduleAmountField({ form, setForm, errors }: FieldProps) {
  const set = (change: Partial<ScheduleForm>) => setForm((f) => ({ ...f, ...change }));
  return (
    <div className="field">
      <span aria-hidden="true">Amount</span>
      <div className="schedule-amount">
        <Select
          label="Amount match"
          value={form.amountOp}
          onChange={(e) => setForm((f) => changeAmountOp(f, e.target.value as AmountOp))}
        >
          {AMOUNT_OPS.map(([op, text]) => (
            <option key={op} value={op}>
              {text}
            </option>
          ))}
        </Select>
        <Select
          label="Payment or deposit"
          value={form.outflow ? 'payment' : 'deposit'}
          onChange={(e) => set({ outflow: e.target.value === 'payment' })}
        >
          <option value="payment">Payment</option>
          <option value="deposit">Deposit</option>
        </Select>
        <AmountInput
          label={form.amountOp === 'isbetween' ? 'From amount' : 'Amount'}
          value={form.amount}
          error={errors?.amount}
          onChange={(c) => c !== undefined && set({ amount: c === null ? null : Math.abs(c) })}
          onCommit={(c) => set({ amount: c === null ? null : Math.abs(c) })}
        />
        {form.amountOp === 'isbetween' && (
          <>
            <span>and</span>
            <AmountInput
              label="To amount"
              value={form.amount2}
              onChange={(c) => c !== undefined && set({ amount2: c === null ? null : Math.abs(c) })}
              onCommit={(c) => set({ amount2: c === null ? null : Math.abs(c) })}
            />
          </>
        )}
      </div>
    </div>
  );
}

/** The schedule's date: one date, or a recurrence when it repeats. */
export function ScheduleDateField({ form, setForm, errors }: FieldProps) {
  const set = (change: Partial<ScheduleForm>) => setForm((f) => ({ ...f, ...change }));
  return (
    <div className="field">
      <span aria-hidden="true">Date</span>
      <div className="schedule-date">
        {form.repeats ? (
          <RecurrenceInput
            label="Date"
            value={form.recurrence}
            onChange={(recurrence) => set({ recurrence, date: recurrence.start })}
          />
        ) : (
          <DateInput
            label="Date"
            value={form.date}
            error={errors?.date}
            onChange={(d) => d !== undefined && set({ date: d })}
            onCommit={(d) => set({ date: d })}
          />
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.repeats}
            onChange={(e) =>
              setForm((f) => ({
                ...f,
                repeats: e.target.checked,
                // The one-off date and the recurrence's start stay one date.
                date: e.target.checked ? f.date : (f.recurrence.start ?? f.date),
                recurrence:
                  e.target.checked && f.date ? { ...f.recurrence, start: f.date } : f.recurrence,
              }))
            }
          />
          Repeats
        </label>
      </div>
    </div>
  );
}
