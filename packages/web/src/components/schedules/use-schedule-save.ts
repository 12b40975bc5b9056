import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { failureOf, isFailure } from '../../backend/backend.ts';
import { useStore } from '../../store/context.ts';
import { type FormErrors, formConditions, formErrors, type ScheduleForm } from './schedule-form.ts';

/**
 * Saving the schedule editor's form: a new payee is created first, then the schedule is created
 * or updated and the editor goes back to where the person came from. Once a save was tried,
 * what is missing is shown (`errors`), and goes as soon as it is filled in.
 */
export function useScheduleSave(id: string | undefined, form: ScheduleForm) {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const [tried, setTried] = useState(false);
  const errors: FormErrors | null = tried ? formErrors(form) : null;
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

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

  return { errors, problem, saving, save, leave };
}
