import { openAppCore } from '../../transactions/test-helpers/app-core.ts';

export type Send = (name: string, args?: unknown) => Promise<unknown>;

/** The app core with a budget open, an account, a payee, and schedule helpers. */
export async function scheduleFixture(options: { seed?: number } = {}) {
  const f = await openAppCore(options);
  const send: Send = (name, args) => f.core.sendUnknown(name, args);
  const account = (await send('account-create', { name: 'Checking' })) as string;
  const payee = (await send('payee-create', { name: 'Landlord' })) as string;

  /** Creates a schedule with the usual four conditions; returns its id. */
  const create = async (
    date: unknown,
    options: {
      amount?: unknown;
      amountOp?: string;
      dateOp?: string;
      name?: string;
      post?: boolean;
    } = {},
  ) =>
    send('schedule/create', {
      schedule: { name: options.name ?? null, posts_transaction: options.post ?? false },
      conditions: [
        { op: 'is', field: 'payee', value: payee },
        { op: 'is', field: 'account', value: account },
        { op: options.amountOp ?? 'is', field: 'amount', value: options.amount ?? -1000 },
        { op: options.dateOp ?? 'is', field: 'date', value: date },
      ],
    });

  const nextDateRow = (id: string) =>
    f.sql.first<{
      id: string;
      local_next_date: number | null;
      local_next_date_ts: number | null;
      base_next_date: number | null;
      base_next_date_ts: number | null;
    }>('SELECT * FROM schedules_next_date WHERE schedule_id = ?', [id])!;

  const view = (id: string) =>
    f.sql.first<Record<string, unknown>>('SELECT * FROM v_schedules WHERE id = ?', [id])!;

  /** Dates of the live transactions linked to a schedule, oldest first. */
  const postedDates = (id: string) =>
    f.sql
      .all<{ date: number }>(
        'SELECT date FROM transactions WHERE schedule = ? AND tombstone = 0 ORDER BY date',
        [id],
      )
      .map((r) => String(r.date).replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3'));

  return { ...f, f, send, account, payee, create, nextDateRow, view, postedDates };
}

export type ScheduleFixture = Awaited<ReturnType<typeof scheduleFixture>>;
