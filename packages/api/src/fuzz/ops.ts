/**
 * The operations of the differential test and their generator. An operation names what it
 * touches by position (the n-th account by name, the n-th transaction of a kind in canonical
 * order, …) rather than by id: each implementation resolves the position against its own
 * budget, so the same operation means the same thing wherever both budgets agree, and any
 * operation still means something after shrinking removed the ones before it.
 */
import fc from 'fast-check';

/** Transactions are dated over 14 months: 2025-09-01 plus this many days (to 2026-10-31). */
export const FIRST_DAY = '2025-09-01';
export const DAY_SPAN = 425;
/** Budget months the operations name: the 14 months, their neighbours, and one far back. */
export const MONTHS = [
  '2024-03',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
  '2026-12',
  '2027-06',
] as const;
/** A day (offset from FIRST_DAY) in 2024-03: rows there widen the budget's months backwards. */
export const EARLY_DAY = -540;

export type TxKind = 'plain' | 'parent' | 'child' | 'transfer' | 'any';
export interface TxRef {
  kind: TxKind;
  n: number;
}
export type PayeeRef =
  | { k: 'none' }
  | { k: 'name'; name: string }
  | { k: 'transfer'; acct: number }
  | { k: 'payee'; n: number };
export type CatRef = { k: 'none' } | { k: 'cat'; n: number };

export interface NewLine {
  amount: number;
  payee: PayeeRef;
  category: CatRef;
  notes: string | null;
}
export interface NewTx extends NewLine {
  day: number;
  cleared: boolean | null;
  importedId: string | null;
  subs: NewLine[] | null;
}
/** An imported row: new, or a near-duplicate of an existing one (shifted, maybe its id). */
export type ImportTx =
  | { k: 'new'; tx: NewTx }
  | {
      k: 'copy';
      of: TxRef;
      shift: number;
      keepId: boolean;
      payee: PayeeRef;
      cleared: boolean | null;
    };

export interface FieldChange {
  day?: number;
  amount?: number;
  payee?: PayeeRef;
  category?: CatRef;
  notes?: string | null;
  cleared?: boolean;
  account?: number;
  importedId?: string | null;
}

export type Op =
  | { op: 'account'; offbudget: boolean; balance: number | null }
  | { op: 'group' }
  | { op: 'category'; group: number; income: boolean }
  | { op: 'payee'; name: string }
  | { op: 'add'; acct: number; runTransfers: boolean; txs: NewTx[] }
  | { op: 'import'; acct: number; txs: ImportTx[] }
  | { op: 'update'; target: TxRef; fields: FieldChange }
  | { op: 'delete'; target: TxRef }
  | { op: 'budget'; month: number; cat: number; amount: number }
  | { op: 'carryover'; month: number; cat: number; flag: boolean }
  | { op: 'hold'; month: number; amount: number }
  | { op: 'resetHold'; month: number }
  | { op: 'close'; acct: number; to: number | null; category: CatRef }
  | { op: 'reopen'; acct: number }
  | { op: 'deleteAccount'; acct: number }
  | { op: 'offbudget'; acct: number; offbudget: boolean }
  | { op: 'deleteCategory'; cat: number; to: number | null }
  | { op: 'deleteGroup'; group: number; to: number | null };

const n = fc.nat(40);
/** Few distinct amounts, so rows collide (near-duplicates, mirrors), plus any amount. */
const amount = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(-10000, -5000, -2500, -1999, 2500, 5000, 10000, 250000) },
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.integer({ min: -300000, max: 300000 }) },
);
const day = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 0, max: DAY_SPAN - 1 }) },
  { weight: 1, arbitrary: fc.constant(EARLY_DAY) },
);
/** Payee names a script would send, with the case and spacing of a bank file. */
export const PAYEE_NAMES = ['Grocer', 'grocer', 'Employer', 'Cafe ', 'Landlord', 'ACME ltd'];
const payeeRef: fc.Arbitrary<PayeeRef> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ k: 'none' as const }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(...PAYEE_NAMES).map((name) => ({ k: 'name' as const, name })),
  },
  { weight: 3, arbitrary: n.map((acct) => ({ k: 'transfer' as const, acct })) },
  { weight: 1, arbitrary: n.map((p) => ({ k: 'payee' as const, n: p })) },
);
const catRef: fc.Arbitrary<CatRef> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ k: 'none' as const }) },
  { weight: 3, arbitrary: n.map((c) => ({ k: 'cat' as const, n: c })) },
);
const notes = fc.constantFrom(null, '', 'rent', 'gift');
const importedId = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom('bank-1', 'bank-2', 'bank-3') },
);
/** Split lines name payees by id: Actual refuses a `payee_name` on a line. */
const linePayee: fc.Arbitrary<PayeeRef> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ k: 'none' as const }) },
  { weight: 3, arbitrary: n.map((acct) => ({ k: 'transfer' as const, acct })) },
  { weight: 2, arbitrary: n.map((p) => ({ k: 'payee' as const, n: p })) },
);
const line: fc.Arbitrary<NewLine> = fc.record({
  amount,
  payee: linePayee,
  category: catRef,
  notes,
});
const newTx: fc.Arbitrary<NewTx> = fc.record({
  day,
  amount,
  payee: payeeRef,
  category: catRef,
  notes,
  cleared: fc.constantFrom(null, true, false),
  importedId,
  subs: fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.array(line, { minLength: 1, maxLength: 3 }) },
  ),
});
const txRef: fc.Arbitrary<TxRef> = fc.record({
  kind: fc.constantFrom<TxKind>('plain', 'parent', 'child', 'transfer', 'any'),
  n,
});
const importTx: fc.Arbitrary<ImportTx> = fc.oneof(
  { weight: 2, arbitrary: newTx.map((tx) => ({ k: 'new' as const, tx })) },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('copy' as const),
      of: txRef,
      shift: fc.integer({ min: -9, max: 9 }),
      keepId: fc.boolean(),
      payee: payeeRef,
      cleared: fc.constantFrom(null, true, false),
    }),
  },
);
const fields: fc.Arbitrary<FieldChange> = fc.record(
  {
    day,
    amount,
    payee: payeeRef,
    category: catRef,
    notes,
    cleared: fc.boolean(),
    account: n,
    importedId,
  },
  { requiredKeys: [] },
);
const month = fc.nat(MONTHS.length - 1);
const maybe = fc.option(n, { nil: null, freq: 3 });

const accountOp = fc.record({
  op: fc.constant('account' as const),
  offbudget: fc.boolean(),
  balance: fc.option(amount, { nil: null }),
});
const categoryOp = fc.record({
  op: fc.constant('category' as const),
  group: n,
  income: fc.boolean(),
});

export const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: accountOp },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('group' as const) }) },
  { weight: 2, arbitrary: categoryOp },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('payee' as const), name: fc.constantFrom(...PAYEE_NAMES) }) },
  { weight: 10, arbitrary: fc.record({ op: fc.constant('add' as const), acct: n, runTransfers: fc.boolean(), txs: fc.array(newTx, { minLength: 1, maxLength: 3 }) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('import' as const), acct: n, txs: fc.array(importTx, { minLength: 1, maxLength: 4 }) }) },
  { weight: 10, arbitrary: fc.record({ op: fc.constant('update' as const), target: txRef, fields }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('delete' as const), target: txRef }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('budget' as const), month, cat: n, amount }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('carryover' as const), month, cat: n, flag: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('hold' as const), month, amount }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('resetHold' as const), month }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('close' as const), acct: n, to: maybe, category: catRef }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reopen' as const), acct: n }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteAccount' as const), acct: n }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('offbudget' as const), acct: n, offbudget: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('deleteCategory' as const), cat: n, to: maybe }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteGroup' as const), group: n, to: maybe }) },
); // prettier-ignore

/**
 * A sequence of 20–40 operations. It starts with what a script sets up first (accounts, a
 * group, categories), so most operations find something to act on.
 */
export const sequence: fc.Arbitrary<Op[]> = fc
  .tuple(
    fc.array(accountOp, { minLength: 2, maxLength: 3 }),
    fc.array(categoryOp, { minLength: 1, maxLength: 3 }),
    fc.array(op, { minLength: 15, maxLength: 34 }),
  )
  .map(([accounts, categories, rest]) => [
    ...accounts,
    { op: 'group' as const },
    ...categories,
    ...rest,
  ]);
