/**
 * Runs one operation of the differential test against an implementation of the
 * `@actual-app/api` surface (Coffer's, or Actual's from npm), the way a script would: every
 * reference is resolved against that implementation's own budget first (see `view.ts`).
 * Before it runs, an operation is tagged with the documented divergences it would touch
 * (`divergences.ts`), so the harness can stop comparing a version where it parts on purpose.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- scripts pass loose objects */
import { MadeMonths } from './made-months.ts';
import { MergedCategories } from './merged-categories.ts';
import { SplitCategories } from './split-categories.ts';
import { addDays, tagsFor } from './tags.ts';
import {
  type CatRef,
  FIRST_DAY,
  type FieldChange,
  type ImportTx,
  MONTHS,
  type NewLine,
  type NewTx,
  type Op,
  type PayeeRef,
  type TxRef,
} from './ops.ts';
import { type Api, type FlatTx, Names, View } from './view.ts';

type Row = Record<string, any>;

/** What an operation did: succeeded, was refused, or found nothing to act on. */
export interface Outcome {
  r: 'ok' | 'error' | 'skip';
  /** What an import answered (counts), for comparison. */
  detail?: unknown;
  /** The error's text, for the report only (never compared). */
  message?: string;
}

class Skip extends Error {}

const pick = <T>(list: readonly T[], n: number): T => {
  if (list.length === 0) throw new Skip('nothing to pick');
  return list[n % list.length]!;
};

export const dateOf = (day: number): string => addDays(FIRST_DAY, day);

/** One sequence's run against one implementation, on a fresh budget. */
export class Session {
  readonly names = new Names();
  private counters = { account: 0, group: 0, category: 0 };
  private readonly months = new MadeMonths();
  private readonly splits = new SplitCategories();
  private readonly merged = new MergedCategories();

  constructor(readonly api: Api) {}

  view(): View {
    return new View(this.api, this.names);
  }

  /** The tags of `op` on the current budget (resolving it), or a skip. */
  async prepare(op: Op): Promise<{ tags: string[]; run: () => Promise<unknown> } | null> {
    const view = this.view();
    try {
      const call = await this.resolve(op, view);
      // `FUZZ_TRACE=prefix npm run fuzz -- --replay …`: each side's calls, to `prefix.<impl>`.
      if (process.env.FUZZ_TRACE) {
        (await import('node:fs')).appendFileSync(
          process.env.FUZZ_TRACE + '.' + process.argv[2],
          JSON.stringify({ op: op.op, args: call.args }) + '\n',
        );
      }
      const tags = await tagsFor(op, view, call.args);
      tags.push(...(await this.months.before(op, view, call.args)));
      tags.push(...(await this.splits.before(op, view, call.args)));
      tags.push(...(await this.merged.before(op, view, call.args)));
      return { tags, run: call.run };
    } catch (err) {
      if (err instanceof Skip) return null;
      throw err;
    }
  }

  private async account(view: View, n: number): Promise<Row> {
    return pick(await view.accounts(), n);
  }

  /**
   * A payee as `addTransactions` takes it. A transfer goes to another account than `own`: a
   * transfer to the row's own account is a documented divergence (see tags.ts), reached by
   * updates only.
   */
  private async payee(
    view: View,
    ref: PayeeRef,
    own: string | null = null,
  ): Promise<{ payee?: string; payee_name?: string }> {
    if (ref.k === 'none') return {};
    if (ref.k === 'name') return { payee_name: ref.name };
    const payees = await view.payees();
    if (ref.k === 'transfer') {
      const accounts = (await view.accounts()).filter((a) => a.id !== own);
      if (accounts.length === 0) return {};
      const acct = pick(accounts, ref.acct);
      const payee = payees.find((p) => p.transfer_acct === acct.id);
      return payee ? { payee: payee.id } : {};
    }
    const plain = payees
      .filter((p) => !p.transfer_acct)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return plain.length === 0 ? {} : { payee: pick(plain, ref.n).id };
  }

  /** For an update: the payee id itself (a name means the payee of that name, if any). */
  private async payeeId(view: View, ref: PayeeRef): Promise<string | null> {
    if (ref.k === 'name') {
      // The same name exactly first: payees that differ only by case are listed in either
      // order (every version sorts without case), so the first match alone would differ.
      const plain = (await view.payees()).filter((p) => !p.transfer_acct);
      const name = ref.name.trim();
      const found =
        plain.find((p) => String(p.name) === name) ??
        plain.find((p) => String(p.name).toLowerCase() === name.toLowerCase());
      return found?.id ?? null;
    }
    return (await this.payee(view, ref)).payee ?? null;
  }

  private async category(view: View, ref: CatRef): Promise<string | null> {
    if (ref.k === 'none') return null;
    const categories = await view.categories();
    return categories.length === 0 ? null : pick(categories, ref.n).id;
  }

  async transaction(view: View, ref: TxRef): Promise<FlatTx> {
    const { flat } = await view.transactions();
    return pick(
      ref.kind === 'any' ? flat : flat.filter((t) => t.kind.includes(ref.kind as never)),
      ref.n,
    );
  }

  private async line(view: View, line: NewLine, acct: string): Promise<Row> {
    return {
      amount: line.amount,
      ...(await this.payee(view, line.payee, acct)),
      category: await this.category(view, line.category),
      notes: line.notes,
    };
  }

  private async newTx(view: View, tx: NewTx, acct: string): Promise<Row> {
    const out: Row = { date: dateOf(tx.day), ...(await this.line(view, tx, acct)) };
    if (tx.cleared !== null) out.cleared = tx.cleared;
    if (tx.importedId !== null) out.imported_id = tx.importedId;
    if (tx.subs) {
      out.subtransactions = [];
      for (const sub of tx.subs) out.subtransactions.push(await this.line(view, sub, acct));
    }
    return out;
  }

  private async importTx(view: View, tx: ImportTx, acct: string): Promise<Row> {
    if (tx.k === 'new') return this.newTx(view, tx.tx, acct);
    const { row } = await this.transaction(view, tx.of);
    const out: Row = {
      date: addDays(row.date, tx.shift),
      amount: row.amount,
      ...(await this.payee(view, tx.payee, acct)),
    };
    if (tx.keepId && row.imported_id) out.imported_id = row.imported_id;
    if (tx.cleared !== null) out.cleared = tx.cleared;
    return out;
  }

  private async fields(view: View, change: FieldChange): Promise<Row> {
    const out: Row = {};
    if (change.day !== undefined) out.date = dateOf(change.day);
    if (change.amount !== undefined) out.amount = change.amount;
    if (change.payee !== undefined) out.payee = await this.payeeId(view, change.payee);
    if (change.category !== undefined) out.category = await this.category(view, change.category);
    if (change.notes !== undefined) out.notes = change.notes;
    if (change.cleared !== undefined) out.cleared = change.cleared;
    if (change.account !== undefined) out.account = (await this.account(view, change.account)).id;
    if (change.importedId !== undefined) out.imported_id = change.importedId;
    return out;
  }

  /** The call an operation makes, with its resolved arguments (which tagging reads). */
  private async resolve(op: Op, view: View): Promise<{ args: Row; run: () => Promise<unknown> }> {
    const api = this.api;
    switch (op.op) {
      case 'account': {
        const name = `A${this.counters.account++}`;
        const args = { name, offbudget: op.offbudget, balance: op.balance };
        return {
          args,
          run: () => api.createAccount({ name, offbudget: op.offbudget }, op.balance ?? undefined),
        };
      }
      case 'group': {
        const name = `G${this.counters.group++}`;
        return { args: {}, run: () => api.createCategoryGroup({ name }) };
      }
      case 'category': {
        const groups = (await view.groups()).filter((g) => !!g.is_income === op.income);
        const group = pick(groups, op.group);
        const name = `C${this.counters.category++}`;
        return {
          args: {},
          run: () => api.createCategory({ name, group_id: group.id, is_income: op.income }),
        };
      }
      case 'payee':
        return { args: {}, run: () => api.createPayee({ name: op.name }) };
      case 'add': {
        const acct = await this.account(view, op.acct);
        const txs: Row[] = [];
        for (const tx of op.txs) txs.push(await this.newTx(view, tx, acct.id));
        return {
          args: { acct, txs },
          run: () => api.addTransactions(acct.id, txs, { runTransfers: op.runTransfers }),
        };
      }
      case 'import': {
        const acct = await this.account(view, op.acct);
        const txs: Row[] = [];
        for (const tx of op.txs) txs.push(await this.importTx(view, tx, acct.id));
        return { args: { acct, txs }, run: () => api.importTransactions(acct.id, txs) };
      }
      case 'update': {
        const target = await this.transaction(view, op.target);
        // A script updating a split line sends the whole line: Actual's api rebuilds a line
        // from the given fields alone (amount 0, no category, the parent's sort order
        // otherwise), Coffer does not. See the README's table.
        const whole = target.row.is_child
          ? {
              amount: target.row.amount,
              category: target.row.category,
              payee: target.row.payee,
              notes: target.row.notes,
              sort_order: target.row.sort_order,
            }
          : {};
        const fields = { ...whole, ...(await this.fields(view, op.fields)) };
        return {
          args: { target, fields },
          run: () => api.updateTransaction(target.row.id, fields),
        };
      }
      case 'delete': {
        const target = await this.transaction(view, op.target);
        return { args: { target }, run: () => api.deleteTransaction(target.row.id) };
      }
      case 'budget': {
        const cat = pick(await view.categories(), op.cat);
        const month = MONTHS[op.month]!;
        return { args: { month, cat }, run: () => api.setBudgetAmount(month, cat.id, op.amount) };
      }
      case 'carryover': {
        const cat = pick(await view.categories(), op.cat);
        const month = MONTHS[op.month]!;
        return { args: { month, cat }, run: () => api.setBudgetCarryover(month, cat.id, op.flag) };
      }
      case 'hold': {
        const month = MONTHS[op.month]!;
        return { args: { month }, run: () => api.holdBudgetForNextMonth(month, op.amount) };
      }
      case 'resetHold': {
        const month = MONTHS[op.month]!;
        return { args: { month }, run: () => api.resetBudgetHold(month) };
      }
      case 'close': {
        const acct = await this.account(view, op.acct);
        const to = op.to === null ? null : await this.account(view, op.to);
        const category = await this.category(view, op.category);
        return {
          args: { acct, to, category },
          run: () => api.closeAccount(acct.id, to?.id ?? undefined, category ?? undefined),
        };
      }
      case 'reopen': {
        const acct = await this.account(view, op.acct);
        return { args: { acct }, run: () => api.reopenAccount(acct.id) };
      }
      case 'deleteAccount': {
        const acct = await this.account(view, op.acct);
        return { args: { acct }, run: () => api.deleteAccount(acct.id) };
      }
      case 'offbudget': {
        const acct = await this.account(view, op.acct);
        return {
          args: { acct },
          run: () => api.updateAccount(acct.id, { offbudget: op.offbudget }),
        };
      }
      case 'deleteCategory': {
        const categories = await view.categories();
        const cat = pick(categories, op.cat);
        const to = op.to === null ? null : pick(categories, op.to);
        return { args: { cat, to }, run: () => api.deleteCategory(cat.id, to?.id ?? undefined) };
      }
      case 'deleteGroup': {
        // Never the income group: Actual cannot compute a budget without one.
        const group = pick(
          (await view.groups()).filter((g) => !g.is_income),
          op.group,
        );
        const to = op.to === null ? null : pick(await view.categories(), op.to);
        return {
          args: { group, to },
          run: () => api.deleteCategoryGroup(group.id, to?.id ?? undefined),
        };
      }
    }
  }
}

/** Runs a prepared call; an error value (Actual answers some refusals so) counts as refused. */
export async function outcomeOf(run: () => Promise<unknown>, isImport: boolean): Promise<Outcome> {
  try {
    const result: any = await run();
    if (result && typeof result === 'object' && !Array.isArray(result) && result.error) {
      return { r: 'error', message: String(result.error) };
    }
    if (isImport && result && typeof result === 'object' && Array.isArray(result.added)) {
      return {
        r: result.errors?.length ? 'error' : 'ok',
        detail: { added: result.added.length, updated: result.updated.length },
      };
    }
    return { r: 'ok' };
  } catch (err) {
    const message = (err as { message?: unknown } | null)?.message;
    return { r: 'error', message: typeof message === 'string' ? message : JSON.stringify(err) };
  }
}
