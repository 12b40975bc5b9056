import { type Budget, defineBudgetSlot } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import { compileQuery } from '../query/compiler.ts';
import type { QueryState } from '../query/query.ts';
import type { Timers } from '../platform/index.ts';
import type { ChangeEvent } from '../sync/types.ts';
import { CellDeltas, deltaApplies, isDeltaQuery } from './cell-deltas.ts';
import { readCell, readSums, SplitSums, sumsFor } from './cell-read.ts';
import { accountsMoved, mayMove } from './cell-scope.ts';
import type { DerivedData } from '../budget-file/derived-data.ts';

interface QueryCell {
  query: QueryState;
  /** Not read yet: the first read is deferred (see `create`); `get` reads it at once. */
  pending: boolean;
  value: unknown;
  dependencies: readonly string[];
  /** A sum or count over transactions, kept by the rows each write touched (cell-deltas). */
  delta: boolean;
  /** Last read from the month or category sums: read from them again after a write. */
  routed: boolean;
  /** The accounts its last read from the month sums summed: a write to others leaves it. */
  accounts: readonly string[] | null;
}

/**
 * Named cells whose value is an AQL query's result (`create-query`), e.g. the sidebar's
 * account balances: `account-balance-<id>` in sheet `account`. Each is recomputed when a
 * write touches a table it reads, and the new value is pushed as `cells-changed`. Sums and
 * counts over transactions follow a small write by its rows instead (cell-deltas.ts): on a
 * large budget that is the difference between a few milliseconds and a full read per cell.
 *
 * A cell's value is read from the month sums where they answer it (cell-read.ts: the sidebar's
 * balances), else by a full read. A new cell's first read is deferred to a timer turn: the
 * cells the sums answer are read together in one turn and pushed as one `cells-changed`; a
 * full read (on a large budget, seconds of a phone's worker) ends its turn, so read one after
 * another at start-up they do not hold every request behind them. Between turns the core
 * answers whatever arrived; `get` reads a pending cell at once, so a caller never sees it
 * unread.
 *
 * A cell the sums would answer while they are being built (a file another client wrote, on
 * its first open) waits for that build instead of a full read (issue 29: at 100,000 rows each
 * was 0.5–1 s of a phone's worker, one per turn, and a save's list waited behind them): the
 * build goes on in bounded steps, answering other requests between them, and the waiting cells
 * are read from the finished sums together.
 */
export class QueryCells {
  private readonly cells = new Map<string, QueryCell>();
  private emit: Emit | null = null;
  private readonly stop: () => void;
  private readonly deltas: CellDeltas;
  /** The cells over parents' split correction, kept between writes that leave it. */
  private readonly splitSums: SplitSums;
  private readonly timers: Timers;
  /** Cells created but not read yet, oldest first. */
  private readonly queue: string[] = [];
  private scheduled: unknown = null;
  /** Cells waiting for their sums' build, by the sums. */
  private readonly waiting = new Map<DerivedData, { names: string[]; stop: () => void }>();

  constructor(private readonly budget: Budget) {
    this.deltas = new CellDeltas(budget.sqlite);
    this.splitSums = new SplitSums(budget.sqlite);
    this.timers = budget.env.platform.timers;
    this.stop = budget.db.onChange((event) => this.refresh(event));
  }

  /**
   * Create (or replace) a cell; `sheetName!name` is the cell's name. The query is compiled
   * now (a bad one throws here); its value is pushed as `cells-changed` once read, on a later
   * timer turn.
   */
  create(sheetName: string, name: string, query: QueryState, emit: Emit): void {
    this.emit = emit;
    const cellName = `${sheetName}!${name}`;
    const compiled = compileQuery(query);
    this.cells.set(cellName, {
      query,
      pending: true,
      value: undefined,
      dependencies: withMappings([...compiled.dependencies]),
      delta: isDeltaQuery(query),
      routed: false,
      accounts: null,
    });
    if (!this.queue.includes(cellName)) this.queue.push(cellName);
    this.schedule();
  }

  /** The cell's current value, or undefined for a name no query created. */
  get(cellName: string): unknown {
    const cell = this.cells.get(cellName);
    if (cell?.pending) {
      // Asked for now: the build its sums wait for is finished now (where it stands, not anew).
      const sums = sumsFor(this.budget, cell.query);
      if (sums?.building()) sums.ensure();
      this.read(cell);
      this.emit?.('cells-changed', [{ name: cellName, value: cell.value }]);
    }
    return cell?.value;
  }

  /** First read of a pending cell; true when it was a full read. */
  private read(cell: QueryCell): boolean {
    cell.pending = false;
    const { value, routed, accounts } = readCell(this.budget, cell.query, this.splitSums);
    cell.value = value;
    cell.routed = routed;
    cell.accounts = accounts;
    return !routed;
  }

  /** One timer turn: pending cells in order, until one needs a full read; pushed together. */
  private turn(): void {
    const changed: { name: string; value: unknown }[] = [];
    try {
      for (let full = false; !full && this.queue.length > 0;) {
        const name = this.queue.shift()!;
        const cell = this.cells.get(name);
        if (!cell?.pending) continue;
        try {
          const sums = sumsFor(this.budget, cell.query);
          if (sums?.building()) {
            this.waitFor(name, sums);
            continue;
          }
          full = this.read(cell);
          changed.push({ name, value: cell.value });
        } catch (err) {
          this.budget.env.platform.log.error('Reading a query cell failed', {
            cell: name,
            error: String(err),
          });
          full = true;
        }
      }
    } finally {
      if (changed.length > 0) this.emit?.('cells-changed', changed);
      this.schedule();
    }
  }

  /** Reads the cell once the sums' build has ended (finished, or failed: then in full). */
  private waitFor(name: string, sums: DerivedData): void {
    let waiting = this.waiting.get(sums);
    if (!waiting) {
      const names: string[] = [];
      const stop = sums.whenCurrent(() => {
        this.waiting.delete(sums);
        for (const n of names) if (!this.queue.includes(n)) this.queue.push(n);
        this.schedule();
      });
      waiting = { names, stop };
      this.waiting.set(sums, waiting);
    }
    waiting.names.push(name);
    // A cell on screen waits: the build need not wait for the start to settle.
    sums.hurry();
  }

  private schedule(): void {
    if (this.scheduled !== null || this.queue.length === 0) return;
    this.scheduled = this.timers.setTimeout(() => {
      this.scheduled = null;
      this.turn();
    }, 0);
  }

  has(cellName: string): boolean {
    return this.cells.has(cellName);
  }

  private refresh(event: ChangeEvent): void {
    this.splitSums.forget(event);
    const tables = new Set(event.tables);
    // A pending cell's first read will see this write; a cell summed over other accounts than
    // the write's is left as it is (cell-scope.ts).
    const moved = accountsMoved(event);
    const stale = [...this.cells].filter(
      ([, cell]) =>
        !cell.pending &&
        cell.dependencies.some((t) => tables.has(t)) &&
        (!cell.routed || mayMove(cell.accounts, moved)),
    );
    if (stale.length === 0) return;
    const changed: { name: string; value: unknown }[] = [];
    const set = (name: string, cell: QueryCell, data: unknown) => {
      if (JSON.stringify(data) === JSON.stringify(cell.value)) return;
      cell.value = data;
      changed.push({ name, value: data });
    };
    // The sums were kept in step by their own listeners (made at open, so called first): a
    // cell they answered by accounts reads them again, a few rows instead of the scratch passes
    // below. A cell the category sums answer (the uncategorized balance and count) is the
    // other way round: its read is every bucket of the sums (1 ms natively at 100,000 rows,
    // each, in every save), its delta two passes over the written rows.
    const deltaOk = deltaApplies(event);
    const rest: typeof stale = [];
    for (const [name, cell] of stale) {
      const byRows = deltaOk && cell.delta && cell.accounts === null;
      const again =
        cell.routed && !byRows ? readSums(this.budget, cell.query, this.splitSums) : null;
      if (again !== null) {
        cell.accounts = again.accounts;
        set(name, cell, again.value);
      } else rest.push([name, cell]);
    }
    const byDelta = deltaOk ? rest.filter(([, cell]) => cell.delta) : [];
    if (byDelta.length > 0) {
      const deltas = this.deltas.deltas(
        event,
        byDelta.map(([, cell]) => cell.query),
      );
      byDelta.forEach(([name, cell], i) => set(name, cell, Number(cell.value ?? 0) + deltas[i]!));
    }
    for (const [name, cell] of rest) {
      if (byDelta.some(([n]) => n === name)) continue;
      const read = readCell(this.budget, cell.query, this.splitSums);
      cell.routed = read.routed;
      cell.accounts = read.accounts;
      set(name, cell, read.value);
    }
    if (changed.length > 0) this.emit?.('cells-changed', changed);
  }

  dispose(): void {
    this.stop();
    if (this.scheduled !== null) this.timers.clearTimeout(this.scheduled);
    this.scheduled = null;
    this.queue.length = 0;
    for (const { stop } of this.waiting.values()) stop();
    this.waiting.clear();
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
