/**
 * What one implementation's budget looks like through the public API, with ids replaced by
 * names (accounts, categories, payees) and transactions by their content, so two budgets
 * built by different programs compare field by field. Also resolves an operation's positional
 * references (the n-th account, the n-th transaction of a kind) against that budget.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- rows come from three different APIs */
import type { TxKind } from './ops.ts';

export type Api = any;
type Row = Record<string, any>;

/** A transaction or split line, with its place in the canonical order. */
export interface FlatTx {
  row: Row;
  kind: Exclude<TxKind, 'any'>[];
  key: string;
}

export interface BudgetState {
  accounts: { name: string; offbudget: boolean; closed: boolean; balance: number }[];
  payees: string[];
  groups: { name: string; income: boolean; hidden: boolean; categories: string[] }[];
  transactions: string[];
  months: string[];
  budget: Record<string, Record<string, unknown>>;
}

const byName = (a: Row, b: Row) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Names of everything the sequence made, kept after deletion so old rows still read. */
export class Names {
  readonly accounts = new Map<string, string>();
  readonly categories = new Map<string, string>();
  readonly payees = new Map<string, { name: string; transferAcct: string | null }>();

  account(id: unknown): string | null {
    return id == null ? null : (this.accounts.get(String(id)) ?? `account?`);
  }

  category(id: unknown): string | null {
    return id == null ? null : (this.categories.get(String(id)) ?? `category?`);
  }

  payee(id: unknown): string | null {
    if (id == null) return null;
    const payee = this.payees.get(String(id));
    if (!payee) return 'payee?';
    return payee.transferAcct ? `→${this.account(payee.transferAcct)}` : payee.name;
  }
}

/** One read of the budget; each list is read once, on first use. */
export class View {
  private cache = new Map<string, Promise<unknown>>();

  constructor(
    readonly api: Api,
    readonly names: Names,
  ) {}

  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let value = this.cache.get(key) as Promise<T> | undefined;
    if (!value) this.cache.set(key, (value = read()));
    return value;
  }

  accounts(): Promise<Row[]> {
    return this.once('accounts', async () => {
      const rows: Row[] = await this.api.getAccounts();
      for (const a of rows) this.names.accounts.set(a.id, a.name);
      return [...rows].sort(byName);
    });
  }

  categories(): Promise<Row[]> {
    return this.once('categories', async () => {
      const rows: Row[] = await this.api.getCategories();
      for (const c of rows) this.names.categories.set(c.id, c.name);
      return [...rows].sort(byName);
    });
  }

  groups(): Promise<Row[]> {
    return this.once('groups', async () => {
      const rows: Row[] = await this.api.getCategoryGroups();
      for (const g of rows) {
        for (const c of g.categories ?? []) this.names.categories.set(c.id, c.name);
      }
      return [...rows].sort(byName);
    });
  }

  payees(): Promise<Row[]> {
    return this.once('payees', async () => {
      const rows: Row[] = await this.api.getPayees();
      for (const p of rows) {
        this.names.payees.set(p.id, { name: p.name, transferAcct: p.transfer_acct ?? null });
      }
      return rows;
    });
  }

  /** Every transaction and split line of every account, in canonical order. */
  transactions(): Promise<{ flat: FlatTx[]; top: string[] }> {
    return this.once('transactions', async () => {
      await this.payees();
      await this.categories();
      await this.accounts();
      // Every account's in one call (no account given): the same rows, fewer round trips.
      const top = (await this.api.getTransactions()) as Row[];
      const byId = new Map<string, Row>();
      for (const t of top) {
        byId.set(t.id, t);
        for (const c of t.subtransactions ?? []) byId.set(c.id, c);
      }
      const flat: FlatTx[] = [];
      const keys: string[] = [];
      for (const t of top) {
        const own = this.content(t, byId);
        const children = (t.subtransactions ?? []) as Row[];
        const texts = children.map((c) => JSON.stringify(this.content(c, byId)));
        // Lines in a canonical order: two lines may tie on their sort order, and each side lists
        // tied lines in either order.
        const lines = [...texts].sort().map((text) => JSON.parse(text) as unknown);
        const key = JSON.stringify({ ...own, lines });
        keys.push(key);
        flat.push({ row: t, kind: kindsOf(t), key });
        // A line by its content too (not its place): an operation picks the same line on each side.
        children.forEach((c, i) =>
          flat.push({ row: c, kind: kindsOf(c), key: `${key}#${texts[i]}` }),
        );
      }
      flat.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return { flat, top: keys.sort() };
    });
  }

  /** A row by what a person sees in it: names, not ids; its transfer's other side in brief. */
  private content(t: Row, byId: Map<string, Row>): Record<string, unknown> {
    const n = this.names;
    const other = t.transfer_id ? byId.get(t.transfer_id) : undefined;
    return {
      account: n.account(t.account),
      date: t.date,
      amount: t.amount,
      payee: n.payee(t.payee),
      category: n.category(t.category),
      notes: t.notes ?? null,
      imported_id: t.imported_id ?? null,
      imported_payee: t.imported_payee ?? null,
      cleared: !!t.cleared,
      starting: !!t.starting_balance_flag,
      parent: !!t.is_parent,
      error: t.error ? (t.error.difference ?? 'error') : null,
      transfer: !t.transfer_id
        ? null
        : other
          ? {
              account: n.account(other.account),
              date: other.date,
              amount: other.amount,
              line: !!other.is_child,
              payee: n.payee(other.payee),
              linked: other.transfer_id === t.id,
            }
          : 'missing',
    };
  }

  async state(): Promise<BudgetState> {
    const accounts = [];
    for (const a of await this.accounts()) {
      accounts.push({
        name: a.name,
        offbudget: !!a.offbudget,
        closed: !!a.closed,
        balance: Number(await this.api.getAccountBalance(a.id)),
      });
    }
    const payees = (await this.payees()).map((p) => this.names.payee(p.id)!).sort();
    const groups = (await this.groups()).map((g) => ({
      name: g.name,
      income: !!g.is_income,
      hidden: !!g.hidden,
      categories: ((g.categories ?? []) as Row[]).map((c) => c.name as string).sort(),
    }));
    const { top } = await this.transactions();
    const months: string[] = await this.api.getBudgetMonths();
    const budget: BudgetState['budget'] = {};
    for (const month of months) budget[month] = monthFigures(await this.api.getBudgetMonth(month));
    return { accounts, payees, groups, transactions: top, months, budget };
  }
}

function kindsOf(t: Row): Exclude<TxKind, 'any'>[] {
  const kinds: Exclude<TxKind, 'any'>[] = [];
  if (t.is_parent) kinds.push('parent');
  if (t.is_child) kinds.push('child');
  if (t.transfer_id) kinds.push('transfer');
  if (kinds.length === 0) kinds.push('plain');
  return kinds;
}

/** `getBudgetMonth`'s answer by category name: the figures, not the ids or the shape. */
function monthFigures(month: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {
    incomeAvailable: month.incomeAvailable,
    lastMonthOverspent: month.lastMonthOverspent,
    forNextMonth: month.forNextMonth,
    totalBudgeted: month.totalBudgeted,
    toBudget: month.toBudget,
    fromLastMonth: month.fromLastMonth,
    totalIncome: month.totalIncome,
    totalSpent: month.totalSpent,
    totalBalance: month.totalBalance,
  };
  for (const group of month.categoryGroups as Row[]) {
    for (const c of group.categories as Row[]) {
      out[`${group.name}/${c.name}`] =
        'budgeted' in c ? [c.budgeted, c.spent, c.balance, c.carryover] : [c.received];
    }
  }
  return out;
}
