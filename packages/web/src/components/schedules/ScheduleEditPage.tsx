import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useStore } from '../../store/context.ts';
import { failureOf, isFailure } from '../../backend/backend.ts';
import { AmountInput } from '../kit/ui/AmountInput.tsx';
import { localToday } from '../kit/ui/calendar.ts';
import { DateInput } from '../kit/ui/DateInput.tsx';
import { AccountAutocomplete, PayeeAutocomplete } from '../kit/pickers/Pickers.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { LinkedTransactions } from './LinkedTransactions.tsx';
import { RecurrenceInput } from '../kit/pickers/RecurrenceInput.tsx';
import { type RuleLike, ScheduleRule } from './ScheduleRule.tsx';
import {
  AMOUNT_OPS,
  type AmountOp,
  changeAmountOp,
  type FormErrors,
  formConditions,
  formErrors,
  formFromSchedule,
  newScheduleForm,
  type ScheduleForm,
} from './schedule-form.ts';
import { UpcomingDates } from '../kit/pickers/UpcomingDates.tsx';
import { useScheduleRows } from './use-schedules.ts';
import './schedules.css';
import { Select } from '../kit/ui/Select.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Button } from '../kit/ui/Button.tsx';

/** `/schedule/edit` (a new schedule) and `/schedule/edit/{id}`. */
export function ScheduleEditPage() {
  const { id } = useParams();
  // Another schedule (back and forward between two editors) starts from its own state.
  return <ScheduleEditRoute key={id ?? 'new'} id={id} />;
}

function ScheduleEditRoute({ id }: { id: string | undefined }) {
  const store = useStore();
  const rows = useScheduleRows();
  const row = id ? rows?.find((r) => r.id === id) : undefined;
  const [rule, setRule] = useState<RuleLike | null>(null);
  const [form, setForm] = useState<ScheduleForm | null>(() =>
    id ? null : newScheduleForm(localToday()),
  );

  // The rule behind the schedule, read again when it changes (an edit as a rule, an undo).
  const ruleId = row?.rule;
  const ruleKey = JSON.stringify(row ?? null);
  useEffect(() => {
    if (!ruleId) return;
    let cancelled = false;
    void store.backend.send('rule-get', { id: ruleId }).then((r) => {
      if (!cancelled && r && !isFailure(r)) setRule(r);
    });
    return () => {
      cancelled = true;
    };
  }, [store, ruleId, ruleKey]);

  useEffect(() => {
    if (form || !row || !rule) return;
    const dateOp = rule.conditions.find((c) => c.field === 'date')?.op;
    setForm(formFromSchedule(row, dateOp, localToday()));
  }, [form, row, rule]);

  if (id && rows !== null && !row) {
    return (
      <div className="page schedule-edit-page">
        <h1>Schedule</h1>
        <p>This schedule does not exist any more.</p>
        <Link to="/schedules">Back to schedules</Link>
      </div>
    );
  }
  if (!form) {
    return (
      <div className="page schedule-edit-page">
        <Spinner />
      </div>
    );
  }
  return (
    <ScheduleEditor
      id={id}
      form={form}
      setForm={(update) => setForm((f) => (f ? update(f) : f))}
      rule={id ? rule : null}
    />
  );
}

function ScheduleEditor({
  id,
  form,
  setForm,
  rule,
}: {
  id: string | undefined;
  form: ScheduleForm;
  setForm: (update: (f: ScheduleForm) => ScheduleForm) => void;
  rule: RuleLike | null;
}) {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  // Once a save was tried, what is missing is shown, and goes as soon as it is filled in.
  const [tried, setTried] = useState(false);
  const errors: FormErrors | null = tried ? formErrors(form) : null;
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<ScheduleForm>) => setForm((f) => ({ ...f, ...change }));

  // Back to where the person came from (the list, a register), or to the list.
  const leave = () => (location.key === 'default' ? navigate('/schedules') : navigate(-1));

  async function save(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    setProblem(null);
    if (formErrors(form)) return;
    setSaving(true);
    try {
      let payee = form.payee;
      if (payee?.startsWith('new:')) {
        const created = await store.backend.send('payee-create', {
          name: payee.slice(4).trim(),
        });
        if (isFailure(created)) return setProblem(created.error.message);
        payee = created;
      }
      const schedule = { name: form.name.trim() || null, posts_transaction: form.postsTransaction };
      const conditions = formConditions(form, payee, { clearEmpty: id != null });
      const result = id
        ? await store.backend.send('schedule/update', { schedule: { id, ...schedule }, conditions })
        : await store.backend.send('schedule/create', { schedule, conditions });
      const error = failureOf(result);
      if (error) return setProblem(error.message ?? 'The schedule could not be saved');
      leave();
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="page schedule-edit-page">
      <h1>{id ? 'Edit schedule' : 'New schedule'}</h1>
      <form
        className="card schedule-form"
        onSubmit={(e) => void save(e)}
        onKeyDown={(e) => {
          // Enter in a picker takes its suggestion; it does not save the whole form.
          if (e.key === 'Enter' && (e.target as HTMLElement).getAttribute('role') === 'combobox') {
            e.preventDefault();
          }
        }}
        noValidate
      >
        <div className="schedule-fields">
          <label className="field">
            <span>Name</span>
            <input
              className="input"
              value={form.name}
              placeholder="Rent, salary, phone bill…"
              onChange={(e) => set({ name: e.target.value })}
            />
          </label>
          <div className="field">
            <span aria-hidden="true">Payee</span>
            <PayeeAutocomplete
              label="Payee"
              value={form.payee}
              placeholder="(none)"
              onCommit={(item) => set({ payee: item?.id ?? null })}
            />
          </div>
          <div className="field">
            <span aria-hidden="true">Account</span>
            <AccountAutocomplete
              label="Account"
              value={form.account}
              placeholder="(none)"
              onCommit={(item) => set({ account: item?.id ?? null })}
            />
          </div>
        </div>

        <div className="schedule-fields schedule-fields-2">
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
                onChange={(c) =>
                  c !== undefined && set({ amount: c === null ? null : Math.abs(c) })
                }
                onCommit={(c) => set({ amount: c === null ? null : Math.abs(c) })}
              />
              {form.amountOp === 'isbetween' && (
                <>
                  <span>and</span>
                  <AmountInput
                    label="To amount"
                    value={form.amount2}
                    onChange={(c) =>
                      c !== undefined && set({ amount2: c === null ? null : Math.abs(c) })
                    }
                    onCommit={(c) => set({ amount2: c === null ? null : Math.abs(c) })}
                  />
                </>
              )}
            </div>
          </div>
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
                        e.target.checked && f.date
                          ? { ...f.recurrence, start: f.date }
                          : f.recurrence,
                    }))
                  }
                />
                Repeats
              </label>
            </div>
          </div>
        </div>

        {form.repeats && <UpcomingDates config={form.recurrence} />}

        <label className="checkbox schedule-auto">
          <input
            type="checkbox"
            checked={form.postsTransaction}
            onChange={(e) => set({ postsTransaction: e.target.checked })}
          />
          <span>
            Automatically add transaction
            <span className="subdued schedule-hint">
              On its date, the schedule adds its transaction to the account by itself.
            </span>
          </span>
        </label>

        {problem && <ErrorText className="schedule-problem">{problem}</ErrorText>}
        <div className="schedule-form-footer">
          <Button type="button" onClick={leave}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={saving}>
            {id ? 'Save' : 'Add'}
          </Button>
        </div>
      </form>

      {id && (
        <section className="card schedule-section" aria-labelledby="linked-title">
          <h2 id="linked-title">Linked transactions</h2>
          <LinkedTransactions scheduleId={id} />
        </section>
      )}
      {id && rule && <ScheduleRule rule={rule} />}
    </div>
  );
}

export default ScheduleEditPage;
