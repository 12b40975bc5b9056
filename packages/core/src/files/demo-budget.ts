import { isHandlerError } from '../handlers-core/errors.ts';
import { type HandlerContext, handler } from '../handlers-core/registry.ts';
import { type CloudSession, DEMO_BUDGET_ID } from './session.ts';

/** Months of history the demo budget holds, ending with the current one. */
const DEMO_MONTHS = 4;

/** Monthly spending per default category: [payee, cents per purchase, purchases per month]. */
const SPENDING: Record<string, Array<[string, number, number]>> = {
  Groceries: [
    ['Fresh Market', 6_480, 4],
    ['Corner Shop', 1_295, 3],
  ],
  'Eating Out': [['Noodle Bar', 2_350, 2]],
  Transport: [['City Transit', 4_500, 1]],
  Household: [['Hardware Store', 3_199, 1]],
  Housing: [['Oak Street Rentals', 145_000, 1]],
  Utilities: [['Power & Water Co', 11_240, 1]],
  'Phone & Internet': [['Telco', 5_999, 1]],
  Subscriptions: [['Streamflix', 1_599, 1]],
};

/** What is budgeted each month, per category (cents). */
const BUDGETED: Record<string, number> = {
  Groceries: 32_000,
  'Eating Out': 6_000,
  Transport: 4_500,
  Household: 5_000,
  Housing: 145_000,
  Utilities: 12_000,
  'Phone & Internet': 6_000,
  Subscriptions: 1_600,
  'Emergency Fund': 20_000,
};

const SALARY = 340_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM` of the month `back` months before `today`'s. */
function monthBefore(today: Date, back: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** A call that must succeed: the demo only uses handlers with arguments it built itself. */
async function must<T>(ctx: HandlerContext, name: string, args?: unknown): Promise<T> {
  const result = await ctx.call(name, args);
  if (isHandlerError(result))
    throw new Error(`Demo budget: ${name} failed: ${result.error.message}`);
  return result as T;
}

/**
 * Fill the open (new) budget with a few months of everyday life: a checking account paid a
 * salary and spending on every default expense category, a savings account, a credit card,
 * and budgeted amounts for each month. Dates never pass today, so nothing is in the future.
 */
async function fillDemo(ctx: HandlerContext): Promise<void> {
  const now = new Date(ctx.platform.clock.now());
  const today = now.toISOString().slice(0, 10);
  const { list } = await must<{ list: Array<{ id: string; name: string; is_income: unknown }> }>(
    ctx,
    'get-categories',
  );
  const category = new Map(list.map((c) => [c.name, c.id]));
  const checking = await must<string>(ctx, 'account-create', {
    name: 'Checking',
    balance: 250_000,
  });
  const card = await must<string>(ctx, 'account-create', { name: 'Credit Card', balance: -42_000 });
  await must(ctx, 'account-create', { name: 'Savings', balance: 1_200_000, offBudget: true });

  const payees = new Map<string, string>();
  const payee = async (name: string) => {
    let id = payees.get(name);
    if (!id) payees.set(name, (id = await must<string>(ctx, 'payee-create', { name })));
    return id;
  };

  const added: Array<Record<string, unknown>> = [];
  for (let back = DEMO_MONTHS - 1; back >= 0; back--) {
    const month = monthBefore(now, back);
    const day = (d: number) => `${month}-${pad(d)}`;
    added.push({
      account: checking,
      date: day(1),
      amount: SALARY,
      payee: await payee('Acme Corp'),
      category: category.get('Income'),
      cleared: true,
    });
    for (const [name, purchases] of Object.entries(SPENDING)) {
      for (const [payeeName, cents, times] of purchases) {
        for (let i = 0; i < times; i++) {
          // Spread over the month, with amounts that vary a little from one purchase to the next.
          const date = day(2 + Math.floor((i * 26) / times) + (name.length % 3));
          const amount = -(cents + ((i * 137 + back * 311) % 900) - 450);
          added.push({
            account: name === 'Eating Out' || name === 'Subscriptions' ? card : checking,
            date,
            amount: cents >= 100_000 ? -cents : amount,
            payee: await payee(payeeName),
            category: category.get(name),
            cleared: back > 0,
          });
        }
      }
    }
    for (const [name, amount] of Object.entries(BUDGETED)) {
      const id = category.get(name);
      if (id) await must(ctx, 'budget/budget-amount', { month, category: id, amount });
    }
  }
  await must(ctx, 'transactions-batch-update', {
    added: added.filter((t) => (t.date as string) <= today),
  });
}

/**
 * `create-demo-budget`: a fresh demo budget (fixed id, replacing the last one, never
 * uploaded). It first clears `readOnly`: signing in is what normally lifts it, and the demo is
 * used without signing in (Actual does the same).
 */
export function demoBudgetHandlers(session: CloudSession) {
  return {
    'create-demo-budget': handler({
      mutator: true,
      async run(_args: undefined, ctx): Promise<{ id: string }> {
        const state = await session.init(ctx.platform, ctx.documentDir);
        await state.remove(['readOnly']);
        const created = await must<{ id: string }>(ctx, 'create-budget', {
          budgetName: 'Demo Budget',
          testMode: true,
          testBudgetId: DEMO_BUDGET_ID,
        });
        await fillDemo(ctx);
        // The demo starts as a freshly opened budget does: nothing to undo (an undo would
        // otherwise take its transactions away, one generated step at a time).
        ctx.requireBudget().db.undo.clear();
        return created;
      },
    }),
  };
}
