import { handlerError } from '../handlers-core/errors.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { placeBefore } from '../categories/sort-order.ts';
import { amount, flag } from '../transactions/validators.ts';
import { closeAccount } from './close.ts';
import { createAccount } from './create.ts';
import { accountProperties, getAccount, getAccounts } from './queries.ts';

const notFound = (id: string) => handlerError('account-not-found', `No account with id ${id}`);
const nameRequired = () => handlerError('invalid-name', 'Name is required');

/** Account handlers with Actual's names and payloads; every mutation is one undo step. */
export const accountsModule = defineModule('accounts', {
  'accounts-get': handler({
    needsBudget: true,
    run: (_args: undefined, ctx) => getAccounts(ctx.requireBudget()),
  }),

  /** {name, balance (integer cents), offBudget, closed?, type?} → the new account's id. */
  'account-create': handler({
    args: v.object({
      name: v.string(),
      balance: v.optional(v.nullable(amount())),
      offBudget: v.optional(v.nullable(flag())),
      closed: v.optional(v.nullable(flag())),
      type: v.optional(v.nullable(v.string())),
    }),
    undoable: true,
    needsBudget: true,
    run(args, ctx) {
      const name = args.name.trim();
      if (!name) return nameRequired();
      return createAccount(ctx.requireBudget(), {
        name,
        balance: args.balance,
        offBudget: !!args.offBudget,
        closed: !!args.closed,
        type: args.type,
      });
    },
  }),

  /** {id, name?, offbudget?, closed?}: Actual's UI renames; the API may set the flags too. */
  'account-update': handler({
    args: v.object({
      id: v.string(),
      name: v.optional(v.string()),
      offbudget: v.optional(flag()),
      closed: v.optional(flag()),
    }),
    undoable: true,
    needsBudget: true,
    run({ id, name, offbudget, closed }, ctx) {
      const budget = ctx.requireBudget();
      if (!getAccount(budget, id)) return notFound(id);
      if (name !== undefined && !name.trim()) return nameRequired();
      budget.db.update('accounts', {
        id,
        name: name?.trim(),
        offbudget: offbudget === undefined ? undefined : offbudget ? 1 : 0,
        closed: closed === undefined ? undefined : closed ? 1 : 0,
      });
      return {};
    },
  }),

  /** {id, targetId}: put the account before `targetId` (null: last) among its kind. */
  'account-move': handler({
    args: v.object({ id: v.string(), targetId: v.optional(v.nullable(v.string())) }),
    undoable: true,
    needsBudget: true,
    run({ id, targetId }, ctx) {
      const budget = ctx.requireBudget();
      const account = getAccount(budget, id);
      if (!account) return notFound(id);
      // Closed accounts are ordered among themselves; open ones within their budget side.
      const siblings = budget.sqlite.all<{ id: string; sort_order: number | null }>(
        account.closed === 1
          ? 'SELECT id, sort_order FROM accounts WHERE closed = 1 AND tombstone = 0 AND id != ? ORDER BY sort_order, name, id'
          : 'SELECT id, sort_order FROM accounts WHERE tombstone = 0 AND offbudget = ? AND id != ? ORDER BY sort_order, name, id',
        account.closed === 1 ? [id] : [account.offbudget, id],
      );
      const { updates, sortOrder } = placeBefore(siblings, targetId);
      budget.db.batch(() => {
        for (const u of updates) budget.db.update('accounts', u);
        budget.db.update('accounts', { id, sort_order: sortOrder });
      });
      return {};
    },
  }),

  'account-properties': handler({
    args: v.object({ id: v.string() }),
    needsBudget: true,
    run({ id }, ctx) {
      const budget = ctx.requireBudget();
      if (!budget.sqlite.first('SELECT id FROM accounts WHERE id = ?', [id])) return notFound(id);
      return accountProperties(budget, id);
    },
  }),

  /** {id, transferAccountId, categoryId, forced}: see closeAccount. */
  'account-close': handler({
    args: v.object({
      id: v.string(),
      transferAccountId: v.optional(v.nullable(v.string())),
      categoryId: v.optional(v.nullable(v.string())),
      forced: v.optional(v.nullable(v.boolean())),
    }),
    undoable: true,
    needsBudget: true,
    run: (args, ctx) =>
      closeAccount(ctx.requireBudget(), { ...args, forced: !!args.forced }, ctx.emit),
  }),

  'account-reopen': handler({
    args: v.object({ id: v.string() }),
    undoable: true,
    needsBudget: true,
    run({ id }, ctx) {
      const budget = ctx.requireBudget();
      if (!getAccount(budget, id)) return notFound(id);
      budget.db.update('accounts', { id, closed: 0 });
      return {};
    },
  }),
});
