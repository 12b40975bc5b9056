import { handlerError } from '../handlers-core/errors.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { type Validator, v } from '../handlers-core/validate.ts';
import {
  type NewRule,
  type Rule,
  type RuleRow,
  compileActions,
  makeFiltersFromConditions,
  planPayeeRename,
  ruleFromRow,
  toPublicRule,
  traceRules,
  validateRule,
} from '../rules/index.ts';
import { batchUpdateTransactions } from '../transactions/batch.ts';
import {
  fromStored,
  isAlive,
  type StoredTx,
  type TransactionInput,
} from '../transactions/model.ts';
import { budgetRules, deferRules } from './budget-rules.ts';
import { createFilter, deleteFilter, getFilters, updateFilter } from './filters.ts';
import { applyRuleWrite, deleteRule, insertRule, updateRule } from './store.ts';

const stage = () => v.optional(v.nullable(v.literal('pre', 'post', 'cleanup', 'modify')));
const conditionsOp = () => v.optional(v.nullable(v.literal('and', 'or')));

/** A rule as the editor sends it (the id only on update). */
const ruleArgs = () =>
  v.object({
    id: v.optional(v.string()),
    stage: stage(),
    conditionsOp: conditionsOp(),
    conditions: v.array(v.unknown()),
    actions: v.array(v.unknown()),
  });

const ruleUpdateArgs = () =>
  v.object({
    id: v.string(),
    stage: stage(),
    conditionsOp: conditionsOp(),
    conditions: v.optional(v.array(v.unknown())),
    actions: v.optional(v.array(v.unknown())),
  });

/** Actual sends `rule-delete` a rule object (23.8) or a bare id (later versions). */
const idOrObject = (): Validator<string | { id: string }> => ({
  check: (value, path) =>
    typeof value === 'string' ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as { id?: unknown }).id === 'string')
      ? null
      : `${path || 'args'} should be an id or {id}`,
});
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

const filterState = () =>
  v.object({
    id: v.optional(v.string()),
    name: v.optional(v.nullable(v.string())),
    conditionsOp: conditionsOp(),
    conditions: v.optional(v.nullable(v.array(v.unknown()))),
  });

const toStage = (s: string | null | undefined): NewRule['stage'] =>
  s === 'post' ? 'post' : s ? 'pre' : null;

/**
 * Rule and saved-filter handlers with Actual's names and payloads. Rules are read from the
 * budget's compiled index (kept in step with the table); writes go through the write path.
 */
export const rulesModule = defineModule(
  'rules',
  {
    'rule-validate': handler({
      args: v.object({ conditions: v.unknown(), actions: v.unknown() }),
      run: (rule) => ({ error: validateRule(rule) }),
    }),

    /** → {id} or {error: {conditionErrors, actionErrors}} (one entry per row). */
    'rule-add': handler({
      args: ruleArgs(),
      undoable: true,
      needsBudget: true,
      run(rule, ctx) {
        const error = validateRule(rule);
        if (error) return { error };
        const id = insertRule(ctx.requireBudget(), {
          stage: toStage(rule.stage),
          conditionsOp: rule.conditionsOp === 'or' ? 'or' : 'and',
          conditions: rule.conditions as NewRule['conditions'],
          actions: rule.actions as NewRule['actions'],
        });
        return { id };
      },
    }),

    /** → {} or {error: {conditionErrors, actionErrors}}; missing parts stay as stored. */
    'rule-update': handler({
      args: ruleUpdateArgs(),
      undoable: true,
      needsBudget: true,
      run(rule, ctx) {
        const budget = ctx.requireBudget();
        const row = budget.sqlite.first<RuleRow>(
          'SELECT id, stage, conditions, actions, conditions_op, tombstone FROM rules WHERE id = ?',
          [rule.id],
        );
        const stored = row ? ruleFromRow(row) : null;
        if (!stored) return handlerError('rule-not-found', `No rule with id ${rule.id}`);
        const error = validateRule({
          conditions: rule.conditions ?? stored.conditions,
          actions: rule.actions ?? stored.actions,
        });
        if (error) return { error };
        const patch: Partial<NewRule> & { id: string } = { id: rule.id };
        if (rule.stage !== undefined) patch.stage = toStage(rule.stage);
        if (rule.conditionsOp) patch.conditionsOp = rule.conditionsOp;
        if (rule.conditions) patch.conditions = rule.conditions as Rule['conditions'];
        if (rule.actions) patch.actions = rule.actions as Rule['actions'];
        updateRule(budget, patch);
        return {};
      },
    }),

    /** → false when the rule belongs to a schedule (it is kept), true otherwise. */
    'rule-delete': handler({
      args: idOrObject(),
      undoable: true,
      needsBudget: true,
      run: (arg, ctx) => deleteRule(ctx.requireBudget(), idOf(arg)),
    }),

    'rule-delete-all': handler({
      args: v.array(v.string()),
      undoable: true,
      needsBudget: true,
      run(ids, ctx) {
        const budget = ctx.requireBudget();
        let someDeletionsFailed = false;
        budget.db.batch(() => {
          for (const id of ids) if (!deleteRule(budget, id)) someDeletionsFailed = true;
        });
        return { someDeletionsFailed };
      },
    }),

    /** Every valid rule in run order (stage, then least to most specific). */
    'rules-get': handler({
      needsBudget: true,
      run: (_args: undefined, ctx) => budgetRules(ctx.requireBudget()).all().map(toPublicRule),
    }),

    'rule-get': handler({
      args: v.object({ id: v.string() }),
      needsBudget: true,
      run({ id }, ctx) {
        const rule = budgetRules(ctx.requireBudget()).index.get(id);
        return rule ? toPublicRule(rule) : null;
      },
    }),

    'rules-run': handler({
      args: v.object({ transaction: v.object({}) }),
      needsBudget: true,
      run: ({ transaction }, ctx) =>
        budgetRules(ctx.requireBudget()).runRules(transaction as TransactionInput),
    }),

    /**
     * "Why did this happen?": the rules as they are now, run in order on the transaction as
     * it is stored; → {transaction, ran, nearMisses, result} (see `traceRules`).
     */
    'rules-trace': handler({
      args: v.object({ transactionId: v.string() }),
      needsBudget: true,
      run({ transactionId }, ctx) {
        const budget = ctx.requireBudget();
        const row = budget.sqlite.first<StoredTx>('SELECT * FROM transactions WHERE id = ?', [
          transactionId,
        ]);
        if (!isAlive(row)) {
          return handlerError('transaction-not-found', `No transaction ${transactionId}`);
        }
        const rules = budgetRules(budget);
        const stored = fromStored(row);
        // The rules name merged payees and categories by the rows they were merged into.
        const current = (id: string | null) => (id ? (rules.resolveId(id) ?? id) : null);
        const transaction = {
          ...stored,
          payee: current(stored.payee),
          category: current(stored.category),
        };
        const trace = traceRules(rules.all(), transaction, rules.evalContext);
        return { transaction, ...trace };
      },
    }),

    /** Sets the actions' fields on the transactions; null when an action is invalid. */
    'rule-apply-actions': handler({
      args: v.object({ transactionIds: v.array(v.string()), actions: v.array(v.unknown()) }),
      undoable: true,
      needsBudget: true,
      run({ transactionIds, actions }, ctx) {
        const budget = ctx.requireBudget();
        const compiled = compileActions(actions, budgetRules(budget).resolveId);
        if (!compiled) return null;
        const updated = transactionIds.map((id) => {
          const update: Record<string, unknown> & { id: string } = { id };
          for (const action of compiled) {
            if (action.op === 'set') update[action.field] = action.value;
            else update.schedule = action.value;
          }
          return update as TransactionInput & { id: string };
        });
        const result = batchUpdateTransactions(budget, { updated }, { emit: ctx.emit });
        return 'error' in result ? result : result.updated;
      },
    }),

    /** Merges the names into the payee's rename rule (or creates one); → the rule id. */
    'rule-add-payee-rename': handler({
      args: v.object({ fromNames: v.array(v.string()), to: v.string() }),
      undoable: true,
      needsBudget: true,
      run({ fromNames, to }, ctx) {
        const budget = ctx.requireBudget();
        const write = planPayeeRename(budgetRules(budget).all(), fromNames, to);
        return applyRuleWrite(budget, write);
      },
    }),

    /** → {filters, errors}: query filters that find what the conditions match. */
    'make-filters-from-conditions': handler({
      args: v.object({ conditions: v.array(v.unknown()) }),
      run({ conditions }, ctx) {
        const budget = ctx.budget;
        return makeFiltersFromConditions(conditions, {
          resolveId: budget ? budgetRules(budget).resolveId : undefined,
        });
      },
    }),

    // ---- saved transaction filters --------------------------------------------------------

    /** Live saved filters, sorted by name (trimmed, ignoring punctuation). */
    'filters-get': handler({
      needsBudget: true,
      run: (_args: undefined, ctx) => getFilters(ctx.requireBudget()),
    }),

    /** {state: {name, conditions, conditionsOp}} → the new filter's id. */
    'filter-create': handler({
      args: v.object({ state: filterState() }),
      undoable: true,
      needsBudget: true,
      run: ({ state }, ctx) => createFilter(ctx.requireBudget(), state),
    }),

    'filter-update': handler({
      args: v.object({ state: filterState() }),
      undoable: true,
      needsBudget: true,
      run({ state }, ctx) {
        if (!state.id) return handlerError('filter-not-found', 'filter-update needs state.id');
        return updateFilter(ctx.requireBudget(), { ...state, id: state.id });
      },
    }),

    'filter-delete': handler({
      args: idOrObject(),
      undoable: true,
      needsBudget: true,
      run(arg, ctx) {
        deleteFilter(ctx.requireBudget(), idOf(arg));
        return 'ok' as const;
      },
    }),
  },
  {
    // Transactions added from the open on run the rules; the index loads when first needed.
    services: [(budget) => deferRules(budget)],
  },
);
