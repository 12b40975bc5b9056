import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useStore } from '../../store/context.ts';
import { isFailure } from '../../backend/backend.ts';
import { localToday } from '../kit/ui/calendar.ts';
import { AccountAutocomplete, PayeeAutocomplete } from '../kit/pickers/Pickers.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { LinkedTransactions } from './LinkedTransactions.tsx';
import { type RuleLike, ScheduleRule } from './ScheduleRule.tsx';
import { formFromSchedule, newScheduleForm, type ScheduleForm } from './schedule-form.ts';
import { ScheduleAmountField, ScheduleDateField } from './ScheduleFormFields.tsx';
import { useScheduleSave } from './use-schedule-save.ts';
import { UpcomingDates } from '../kit/pickers/UpcomingDates.tsx';
import { useScheduleRows } from './use-schedules.ts';
import './schedules.css';
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
  const { errors, problem, saving, save, leave } = useScheduleSave(id, form);
  const set = (change: Partial<ScheduleForm>) => setForm((f) => ({ ...f, ...change }));

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
          <ScheduleAmountField form={form} setForm={setForm} errors={errors} />
          <ScheduleDateField form={form} setForm={setForm} errors={errors} />
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
