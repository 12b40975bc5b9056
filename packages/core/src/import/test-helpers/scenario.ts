/**
 * A seeded import scenario, described by names only so the same JSON can be built in Coffer
 * and in Actual: payees, categories, rules (with `@payee:Name` / `@category:Name` standing for
 * ids), the account's existing transactions, and a file's worth of transactions to import.
 *
 * It stays where Actual 23.8.1 and the @actual-app/api 6.9 used as a reference agree: a
 * transaction meant to match sits on the same date as its counterpart (6.9 looks 7 days either
 * way and does not move dates), and every other amount is unique, so no stray candidate lies
 * within either window.
 */
export interface ScenarioTx {
  date: string;
  amount: number;
  payee_name?: string;
  imported_payee?: string;
  imported_id?: string;
  notes?: string;
  category?: string;
  cleared?: boolean;
}

export interface Scenario {
  payees: string[];
  categories: string[];
  rules: unknown[];
  existing: ScenarioTx[];
  incoming: ScenarioTx[];
}

function prng(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

const PAYEES = ['Shell', 'Amazon', 'Rent Co', 'Grocer', 'Cafe Uno', 'Gym', 'Employer'];
const CATEGORIES = ['Food', 'Fuel', 'Housing', 'Fun', 'Shopping', 'Refunds', 'Salary'];
/** Names as banks write them: the import title-cases them, rules rename some. */
const MESSY = [
  'SHELL OIL 1234',
  'shell express',
  'AMZN MKTP',
  'amazon.com*mk',
  'GROCER',
  'LANDLORD LTD',
  'cafe uno',
  'GYM',
  "MCDONALD'S #42",
  '7-eleven',
  'BANK OF AMERICA',
  'the corner shop',
  'REFUND FROM STORE',
  'acme payroll',
];

const rule = (stage: string | null, conditions: unknown[], actions: unknown[], op = 'and') => ({
  stage,
  conditionsOp: op,
  conditions,
  actions,
});
const set = (field: string, value: unknown) => ({ op: 'set', field, value });

// Rules of one stage with the same specificity run in id order, and ids differ between the
// two apps: no two such rules may both match one transaction and set the same field.
const RULES = [
  rule(
    'pre',
    [{ field: 'imported_payee', op: 'contains', value: 'shell' }],
    [set('payee', '@payee:Shell')],
  ),
  rule(
    'pre',
    [{ field: 'imported_payee', op: 'oneOf', value: ['amzn mktp', 'Amazon.Com*Mk'] }],
    [set('payee', '@payee:Amazon')],
  ),
  rule(
    'pre',
    [{ field: 'imported_payee', op: 'is', value: 'landlord ltd' }],
    [set('payee', '@payee:Rent Co')],
  ),
  rule(
    null,
    [{ field: 'payee', op: 'is', value: '@payee:Shell' }],
    [set('category', '@category:Fuel')],
  ),
  rule(
    null,
    [{ field: 'payee', op: 'is', value: '@payee:Amazon' }],
    [set('category', '@category:Shopping')],
  ),
  rule(
    null,
    [{ field: 'payee', op: 'is', value: '@payee:Grocer' }],
    [set('category', '@category:Food'), set('notes', 'groceries')],
  ),
  rule(null, [{ field: 'amount', op: 'lt', value: -200000 }], [set('notes', 'big')]),
  rule(
    null,
    [
      { field: 'amount', op: 'isbetween', value: { num1: -9000, num2: -500 } },
      { field: 'payee', op: 'oneOf', value: ['@payee:Cafe Uno', '@payee:Gym'] },
    ],
    [set('category', '@category:Fun')],
  ),
  rule(
    null,
    [
      { field: 'date', op: 'gte', value: '2023-07-01' },
      { field: 'payee', op: 'is', value: '@payee:Rent Co' },
    ],
    [set('category', '@category:Housing')],
  ),
  rule(
    null,
    [{ field: 'amount', op: 'gt', value: 100000, options: { inflow: true } }],
    [set('category', '@category:Salary')],
  ),
  rule('pre', [{ field: 'cleared', op: 'is', value: false }], [set('notes', 'pending')]),
  rule(
    'post',
    [{ field: 'notes', op: 'contains', value: 'refund' }],
    [set('category', '@category:Refunds')],
  ),
  rule(
    'post',
    [
      { field: 'imported_payee', op: 'contains', value: 'corner' },
      { field: 'amount', op: 'gt', value: -3000 },
    ],
    [set('notes', 'small corner'), set('cleared', false)],
    'or',
  ),
];

const day = (r: ReturnType<typeof prng>) =>
  `2023-${String(r.int(5, 7)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;

export function makeScenario(seed: number): Scenario {
  const r = prng(seed);
  const used = new Set<number>();
  const amount = (lo: number, hi: number) => {
    for (;;) {
      const a = r.int(lo, hi);
      if (!used.has(a)) {
        used.add(a);
        return a;
      }
    }
  };
  const existing: ScenarioTx[] = [];
  for (let i = 0; i < 120; i++) {
    const t: ScenarioTx = {
      date: day(r),
      amount: i % 10 === 0 ? amount(100001, 400000) : amount(-400000, -100),
      payee_name: r.pick(PAYEES),
    };
    if (i % 3 === 0) t.imported_id = `bank-e${i}`;
    if (i % 4 === 0) t.notes = `my note ${i}`;
    if (i % 5 === 0) t.category = r.pick(CATEGORIES);
    if (i % 7 === 0) t.cleared = false;
    existing.push(t);
  }
  // Two existing rows with one amount and date but different payees: each incoming twin must
  // find its own payee's row.
  for (let i = 0; i < 8; i++) {
    const date = day(r);
    const a = amount(-90000, -100);
    existing.push(
      { date, amount: a, payee_name: 'Gym' },
      { date, amount: a, payee_name: 'Grocer' },
    );
  }

  const incoming: ScenarioTx[] = [];
  for (const [i, e] of existing.entries()) {
    if (i >= 120) break;
    if (e.imported_id && i % 2 === 0) {
      incoming.push({
        date: e.date,
        amount: e.amount,
        imported_id: e.imported_id,
        payee_name: r.pick(MESSY),
        notes: 'bank memo',
      });
    } else if (!e.imported_id && i % 4 === 1) {
      const samePayee = r.next() < 0.5;
      incoming.push({
        date: e.date,
        amount: e.amount,
        payee_name: samePayee ? e.payee_name!.toUpperCase() : r.pick(MESSY),
        imported_id: `bank-n${i}`,
        ...(i % 8 === 1 ? { cleared: false } : {}),
      });
    }
  }
  for (let i = 120; i < existing.length; i += 2) {
    const [gym, grocer] = [existing[i]!, existing[i + 1]!];
    incoming.push(
      { date: grocer.date, amount: grocer.amount, payee_name: 'grocer', imported_id: `bank-p${i}` },
      { date: gym.date, amount: gym.amount, payee_name: 'gym', imported_id: `bank-q${i}` },
    );
  }
  for (let i = 0; i < 150; i++) {
    const t: ScenarioTx = {
      date: day(r),
      amount: i % 12 === 0 ? amount(100001, 400000) : amount(-400000, -100),
      payee_name: i % 9 === 0 ? `new shop ${i % 5}` : r.pick(MESSY),
    };
    if (i % 2 === 0) t.imported_id = `bank-x${i}`;
    if (i % 6 === 0) t.imported_payee = `RAW ${t.payee_name}`;
    if (i % 11 === 0) t.notes = 'store refund';
    if (i % 13 === 0) t.cleared = false;
    if (i % 17 === 0) t.payee_name = '   ';
    incoming.push(t);
  }
  // The same line twice in one file: both are new.
  incoming.push({ ...incoming[incoming.length - 1]! }, { ...incoming[incoming.length - 1]! });
  return { payees: PAYEES, categories: CATEGORIES, rules: RULES, existing, incoming };
}

/** Replaces `@payee:Name` / `@category:Name` with ids, anywhere in a JSON-like value. */
export function resolveNames(
  value: unknown,
  ids: { payee: Map<string, string>; category: Map<string, string> },
): unknown {
  if (typeof value === 'string') {
    const m = /^@(payee|category):(.*)$/.exec(value);
    if (!m) return value;
    const id = ids[m[1] as 'payee' | 'category'].get(m[2]!);
    if (!id) throw new Error(`Unknown ${value}`);
    return id;
  }
  if (Array.isArray(value)) return value.map((v) => resolveNames(v, ids));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveNames(v, ids)]));
  }
  return value;
}

/** What each side reports: the account's transactions by names, and the payees. */
export interface Outcome {
  added: number;
  updated: number;
  transactions: string[];
  payees: string[];
}

export function describeTx(t: {
  date: string;
  amount: number;
  payee: string | null;
  category: string | null;
  notes: string | null;
  imported_id: string | null;
  imported_payee: string | null;
  cleared: boolean;
}): string {
  return JSON.stringify([
    t.date,
    t.amount,
    t.payee,
    t.category,
    t.notes,
    t.imported_id,
    t.imported_payee,
    t.cleared,
  ]);
}
