import { type Budget, defineBudgetSlot } from '../budget-file/budget.ts';
import {
  type CompiledRule,
  type EvalContext,
  type IdField,
  type IdResolver,
  RuleIndex,
  type RuleRow,
} from '../rules/index.ts';
import type { ChangeEvent } from '../sync/types.ts';
import { type TransactionHooks, TransactionHooksSlot } from '../transactions/hooks.ts';
import type { TransactionInput } from '../transactions/model.ts';
import { learnCategories } from './learn.ts';

const RULE_COLUMNS = 'id, stage, conditions, actions, conditions_op, tombstone';
const NAME_TABLES: Readonly<Record<string, IdField>> = {
  payees: 'payee',
  categories: 'category',
  accounts: 'account',
};

function mappingOf(budget: Budget, sql: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const row of budget.sqlite.all<{ id: string; target: string | null }>(sql)) {
    if (row.target && row.target !== row.id) map.set(row.id, row.target);
  }
  return map;
}

/**
 * The rules of one open budget, compiled once and kept in step with the `rules` table and the
 * payee/category mappings through the write path's change events (local edits, synced
 * messages, undo and redo alike). While it lives, new transactions added through
 * `addTransactions` run these rules and category learning writes rules.
 */
export class BudgetRules {
  readonly index: RuleIndex;
  private payees = new Map<string, string>();
  private categories = new Map<string, string>();
  private names = new Map<IdField, Map<string, string>>();
  private readonly off: () => void;
  private readonly hooks: TransactionHooks;
  readonly evalContext: EvalContext = {
    nameOf: (field, id) => this.nameOf(field, id),
  };

  constructor(private readonly budget: Budget) {
    this.loadMappings();
    this.index = new RuleIndex({ resolveId: this.resolveId });
    this.index.loadRows(budget.sqlite.all<RuleRow>(`SELECT ${RULE_COLUMNS} FROM rules`));
    this.off = budget.db.onChange((event) => this.onChange(event));
    this.hooks = budget.get(TransactionHooksSlot);
    this.hooks.runRules = this.runRules;
    this.hooks.learnCategories = this.learn;
  }

  /** Merged payee and category ids lead to the row they were merged into. */
  readonly resolveId: IdResolver = (id) => this.payees.get(id) ?? this.categories.get(id) ?? id;

  /** The current id of a payee (through merges). */
  payeeTarget(id: string): string {
    return this.payees.get(id) ?? id;
  }

  readonly runRules = (tx: TransactionInput): TransactionInput =>
    this.index.run(tx, this.evalContext);

  readonly learn = (transactions: Parameters<typeof learnCategories>[2]): void =>
    learnCategories(this.budget, this, transactions);

  /** Every valid rule, in run order. */
  all(): CompiledRule[] {
    return this.index.all();
  }

  stop(): void {
    this.off();
    // The budget is closing: slots can no longer be looked up, so use the hooks held.
    if (this.hooks.runRules === this.runRules) delete this.hooks.runRules;
    if (this.hooks.learnCategories === this.learn) delete this.hooks.learnCategories;
  }

  private loadMappings(): void {
    this.payees = mappingOf(this.budget, 'SELECT id, targetId AS target FROM payee_mapping');
    this.categories = mappingOf(
      this.budget,
      'SELECT id, transferId AS target FROM category_mapping',
    );
  }

  private onChange(event: ChangeEvent): void {
    const mappings = event.changes.has('payee_mapping') || event.changes.has('category_mapping');
    if (mappings) {
      this.loadMappings();
      this.index.setResolver(this.resolveId);
    }
    for (const change of event.changes.get('rules') ?? []) {
      if (change.new) this.index.applyRow(change.new as unknown as RuleRow);
      else this.index.delete(change.id);
    }
    for (const table of event.tables) {
      const field = NAME_TABLES[table];
      if (field) this.names.delete(field);
    }
  }

  private nameOf(field: IdField, id: string): string | null {
    let names = this.names.get(field);
    if (!names) {
      const sql =
        field === 'payee'
          ? 'SELECT id, name FROM v_payees'
          : field === 'category'
            ? 'SELECT id, name FROM categories'
            : 'SELECT id, name FROM accounts';
      const rows = this.budget.sqlite.all<{ id: string; name: string | null }>(sql);
      names = new Map(rows.map((r) => [r.id, r.name ?? '']));
      this.names.set(field, names);
    }
    return names.get(id) ?? null;
  }
}

export const RulesSlot = defineBudgetSlot(
  'rules',
  (budget) => new BudgetRules(budget),
  (rules) => rules.stop(),
);

export function budgetRules(budget: Budget): BudgetRules {
  return budget.get(RulesSlot);
}

/**
 * From the open on, transactions added run the budget's rules and learn categories, but the
 * rules load when a write first needs them (or a rules handler asks; `BudgetRules` then puts
 * its own hooks in these' place), not at the open: a new device's first open read the payee and
 * category mappings and compiled every rule before its budget showed, with nothing to run
 * them on (issue 30).
 */
export function deferRules(budget: Budget): void {
  const hooks = budget.get(TransactionHooksSlot);
  hooks.runRules = (tx) => budgetRules(budget).runRules(tx);
  hooks.learnCategories = (transactions) => budgetRules(budget).learn(transactions);
}
