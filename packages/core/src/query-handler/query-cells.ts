import { type Budget, defineBudgetSlot } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import { runQuery } from '../query/exec.ts';
import type { QueryState } from '../query/query.ts';
import type { ChangeEvent } from '../sync/types.ts';
import { CellDeltas, deltaApplies, isDeltaQuery } from './cell-deltas.ts';

interface QueryCell {
  query: QueryState;
  value: unknown;
  dependencies: readonly string[];
  /** A sum or count over transactions, kept by the rows each write touched (cell-deltas). */
  delta: boolean;
}

/**
 * Named cells whose value is an AQL query's result (`create-query`), e.g. the sidebar's
 * account balances: `account-balance-<id>` in sheet `account`. Each is recomputed when a
 * write touches a table it reads, and the new value is pushed as `cells-changed`. Sums and
 * counts over transactions follow a small write by its rows instead (cell-deltas.ts): on a
 * large budget that is the difference between a few milliseconds and a full read per cell.
 */
export class QueryCells {
  private readonly cells = new Map<string, QueryCell>();
  private emit: Emit | null = null;
  private readonly stop: () => void;
  private readonly deltas: CellDeltas;

  constructor(private readonly budget: Budget) {
    this.deltas = new CellDeltas(budget.sqlite);
    this.stop = budget.db.onChange((event) => this.refresh(event));
  }

  /** Create (or replace) a cell; returns its value. `sheetName!name` is the cell's name. */
  create(sheetName: string, name: string, query: QueryState, emit: Emit): unknown {
    this.emit = emit;
    const cellName = `${sheetName}!${name}`;
    const { data, dependencies } = runQuery(this.budget.sqlite, query);
    this.cells.set(cellName, {
      query,
      value: data,
      dependencies: withMappings(dependencies),
      delta: isDeltaQuery(query),
    });
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

  private refresh(event: ChangeEvent): void {
    const tables = new Set(event.tables);
    const stale = [...this.cells].filter(([, cell]) =>
      cell.dependencies.some((t) => tables.has(t)),
    );
    if (stale.length === 0) return;
    const byDelta = deltaApplies(event) ? stale.filter(([, cell]) => cell.delta) : [];
    const changed: { name: string; value: unknown }[] = [];
    const set = (name: string, cell: QueryCell, data: unknown) => {
      if (JSON.stringify(data) === JSON.stringify(cell.value)) return;
      cell.value = data;
      changed.push({ name, value: data });
    };
    if (byDelta.length > 0) {
      const deltas = this.deltas.deltas(
        event,
        byDelta.map(([, cell]) => cell.query),
      );
      byDelta.forEach(([name, cell], i) => set(name, cell, Number(cell.value ?? 0) + deltas[i]!));
    }
    for (const [name, cell] of stale) {
      if (byDelta.some(([n]) => n === name)) continue;
      set(name, cell, runQuery(this.budget.sqlite, cell.query).data);
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
