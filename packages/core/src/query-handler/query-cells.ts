import { type Budget, defineBudgetSlot } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import { runQuery } from '../query/exec.ts';
import type { QueryState } from '../query/query.ts';

interface QueryCell {
  query: QueryState;
  value: unknown;
  dependencies: readonly string[];
}

/**
 * Named cells whose value is an AQL query's result (`create-query`), e.g. the sidebar's
 * account balances: `account-balance-<id>` in sheet `account`. Each is recomputed when a
 * write touches a table it reads, and the new value is pushed as `cells-changed`.
 */
export class QueryCells {
  private readonly cells = new Map<string, QueryCell>();
  private emit: Emit | null = null;
  private readonly stop: () => void;

  constructor(private readonly budget: Budget) {
    this.stop = budget.db.onChange((event) => this.refresh(new Set(event.tables)));
  }

  /** Create (or replace) a cell; returns its value. `sheetName!name` is the cell's name. */
  create(sheetName: string, name: string, query: QueryState, emit: Emit): unknown {
    this.emit = emit;
    const cellName = `${sheetName}!${name}`;
    const { data, dependencies } = runQuery(this.budget.sqlite, query);
    this.cells.set(cellName, { query, value: data, dependencies: withMappings(dependencies) });
    emit('cells-changed', [{ name: cellName, value: data }]);
    return data;
  }

  /** The cell's current value, or undefined for a name no query created. */
  get(cellName: string): unknown {
    return this.cells.get(cellName)?.value;
  }

  has(cellName: string): boolean {
    return this.cells.has(cellName);
  }

  private refresh(tables: ReadonlySet<string>): void {
    const changed: { name: string; value: unknown }[] = [];
    for (const [name, cell] of this.cells) {
      if (!cell.dependencies.some((t) => tables.has(t))) continue;
      const { data } = runQuery(this.budget.sqlite, cell.query);
      if (JSON.stringify(data) === JSON.stringify(cell.value)) continue;
      cell.value = data;
      changed.push({ name, value: data });
    }
    if (changed.length > 0) this.emit?.('cells-changed', changed);
  }

  dispose(): void {
    this.stop();
    this.cells.clear();
  }
}

/** Transactions read payees and categories through the merge tables; they matter too. */
function withMappings(tables: readonly string[]): string[] {
  return tables.includes('transactions')
    ? [...tables, 'payee_mapping', 'category_mapping']
    : [...tables];
}

export const QueryCellsSlot = defineBudgetSlot(
  'query-cells',
  (budget) => new QueryCells(budget),
  (cells) => cells.dispose(),
);
