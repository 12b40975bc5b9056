import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NYNAB_DEMO } from './steps.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- nYNAB's export is plain JSON */
type Json = Record<string, any>;

/** Milliunits, as nYNAB writes amounts. */
const mu = (dollars: number) => Math.round(dollars * 1000);

function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** What the household budget holds, for a test to check against. */
export const HOUSEHOLD = {
  name: 'Household',
  /** Checking's balance at the end of `balanceOn`. */
  balance: 150,
  balanceOn: '2024-05-05',
  /** One payment a month of the same amount, six times, with no schedule: discovery's find. */
  gym: { payee: 'Iron Gym', amount: -45, day: 3, months: 6 },
  /** A one-off schedule and the transaction that pays it (linked by hand). */
  phone: { payee: 'Tel Mobile', schedule: 'Phone bill', date: '2024-05-02', amount: -60 },
} as const;

/**
 * The real nYNAB demo export (accounts, categories, budget months) with six months of a
 * household's history in Checking (a paycheck every other Friday, rent on the 1st, the gym on
 * the 3rd, weekly groceries, power bills) and its scheduled transactions (rent, salary,
 * streaming, a transfer to savings, car insurance, a one-off phone bill), written to `dir`.
 * The demo's own 2025 schedules and its two large paychecks are left out, so the balances
 * look like a person's.
 */
export function writeHouseholdBudget(dir: string): string {
  const file = JSON.parse(readFileSync(NYNAB_DEMO, 'utf8')) as { budget: Json };
  const b = file.budget;
  b.name = HOUSEHOLD.name;
  const checking = b.accounts.find((a: Json) => a.name === 'Checking').id as string;
  const category = (name: string) =>
    (b.categories.find((c: Json) => c.name === name && !c.deleted)?.id as string) ?? null;
  const payeeIds = new Map<string, string>();
  const payee = (name: string) => {
    let id = payeeIds.get(name) ?? b.payees.find((p: Json) => p.name === name)?.id;
    if (!id) {
      id = randomUUID();
      b.payees.push({ id, name, transfer_account_id: null, deleted: false });
    }
    payeeIds.set(name, id);
    return id as string;
  };
  const template = b.transactions[0] as Json;
  const txns: Json[] = b.transactions.filter(
    (t: Json) =>
      !['Salary', 'Work'].includes(b.payees.find((p: Json) => p.id === t.payee_id)?.name),
  );
  const add = (date: string, name: string, dollars: number, cat: string | null, memo = '') =>
    txns.push({
      ...template,
      id: randomUUID(),
      date,
      amount: mu(dollars),
      memo,
      cleared: 'cleared',
      flag_color: null,
      flag_name: null,
      account_id: checking,
      payee_id: payee(name),
      category_id: cat ? category(cat) : null,
      transfer_account_id: null,
      transfer_transaction_id: null,
      import_id: null,
    });

  for (let d = '2023-11-03'; d <= '2024-05-03'; d = addDays(d, 14)) {
    add(d, 'Acme Corp', 1400, 'Inflow: Ready to Assign', 'Paycheck');
  }
  const months = ['2023-11', '2023-12', '2024-01', '2024-02', '2024-03', '2024-04'];
  for (const m of [...months, '2024-05']) add(`${m}-01`, 'Landlord', -1450, 'Rent/Mortgage');
  for (const m of months) {
    add(
      `${m}-0${HOUSEHOLD.gym.day}`,
      HOUSEHOLD.gym.payee,
      HOUSEHOLD.gym.amount,
      'Health & Wellness',
    );
  }
  const power = [-96.4, -112.75, -118.2, -104.9, -91.35, -83.6];
  months.forEach((m, i) => add(`${m}-22`, 'City Power', power[i]!, 'Electric'));
  const groceries = [-62.15, -88.4, -45.9, -71.25, -93.1, -57.8, -66.45];
  let g = 0;
  for (let d = '2023-11-04'; d <= '2024-05-04'; d = addDays(d, 7)) {
    add(d, 'Corner Market', groceries[g++ % groceries.length]!, 'Groceries');
  }
  add(HOUSEHOLD.phone.date, HOUSEHOLD.phone.payee, HOUSEHOLD.phone.amount, 'Cellphone');

  // One card payment brings Checking to a person's balance in early May.
  const sum = txns
    .filter((t) => t.account_id === checking && !t.deleted && t.date <= HOUSEHOLD.balanceOn)
    .reduce((s, t) => s + t.amount, 0);
  add('2024-04-25', 'Visa Card', (mu(HOUSEHOLD.balance) - sum) / 1000, null, 'Card payment');
  b.transactions = txns;

  const scheduled = b.scheduled_transactions[0] as Json;
  const schedule = (
    memo: string,
    name: string,
    dollars: number,
    frequency: string,
    first: string,
    transfer?: string,
  ) => ({
    ...scheduled,
    id: randomUUID(),
    date_first: first,
    date_next: first,
    frequency,
    amount: mu(dollars),
    memo,
    account_id: checking,
    payee_id: transfer ? b.payees.find((p: Json) => p.name === transfer).id : payee(name),
    category_id: null,
    transfer_account_id: transfer
      ? b.accounts.find((a: Json) => `Transfer : ${a.name}` === transfer).id
      : null,
  });
  b.scheduled_transactions = [
    schedule('Rent', 'Landlord', -1450, 'monthly', '2023-11-01'),
    schedule('Salary', 'Acme Corp', 1400, 'everyOtherWeek', '2024-05-17'),
    schedule('Streaming', 'StreamFlix', -15.49, 'monthly', '2024-05-12'),
    schedule('Savings', '', -200, 'monthly', '2024-05-15', 'Transfer : Saving'),
    schedule('Car insurance', 'Safe Auto Insurance', -412, 'twiceAYear', '2024-06-20'),
    schedule(
      HOUSEHOLD.phone.schedule,
      HOUSEHOLD.phone.payee,
      HOUSEHOLD.phone.amount,
      'never',
      HOUSEHOLD.phone.date,
    ),
  ];
  const path = join(dir, 'household-nynab.json');
  writeFileSync(path, JSON.stringify(file));
  return path;
}
