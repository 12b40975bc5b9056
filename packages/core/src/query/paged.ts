import type { QueryResult } from './exec.ts';
import type { Query, QueryState } from './query.ts';
import { isHappyPathFilter } from './transactions.ts';

/** Runs one serialized query: in the worker `runQuery` on the budget, in the UI `send('query')`. */
export type QueryRunner = (state: QueryState) => QueryResult | Promise<QueryResult>;

export const PAGE_SIZE = 500;

/**
 * The query that counts what a paged query pages over. A grouped transactions query pages
 * over split groups, but an aggregate over grouped transactions runs on the child level, so
 * the count asks for parents and plain rows instead ('none'); when the filters can match
 * children alone, it counts every matching row ('all').
 */
export function countQuery(query: Query): Query {
  const { table, tableOptions, filterExpressions } = query.state;
  let counted = query;
  if (table === 'transactions' && tableOptions?.splits === 'grouped') {
    const splits = isHappyPathFilter(filterExpressions) ? 'none' : 'all';
    counted = counted.options({ ...tableOptions, splits });
  }
  return counted.calculate({ $count: '$id' });
}

/**
 * Loads a query's rows a page at a time (500 by default), as the account register does:
 * `fetch()` loads the first page and the total count, `fetchNext()` appends the next page.
 */
export class PagedQuery<T = Record<string, unknown>> {
  private rows: T[] = [];
  private total: number | null = null;
  private exhausted = false;
  private deps: string[] = [];
  private pending: Promise<T[]> | null = null;
  private generation = 0;

  constructor(
    readonly query: Query,
    private readonly run: QueryRunner,
    readonly pageSize: number = PAGE_SIZE,
  ) {}

  get data(): readonly T[] {
    return this.rows;
  }

  /** Rows (or split groups) the query has in all, once `fetch()` has run. */
  get totalCount(): number | null {
    return this.total;
  }

  get hasNext(): boolean {
    return !this.exhausted;
  }

  /** Tables the query reads; rerun it when one of them changes. */
  get dependencies(): readonly string[] {
    return this.deps;
  }

  private async page(offset: number): Promise<T[]> {
    const result = await this.run(this.query.limit(this.pageSize).offset(offset).serialize());
    this.deps = result.dependencies;
    const rows = result.data as T[];
    if (rows.length < this.pageSize) this.exhausted = true;
    return rows;
  }

  /** (Re)loads from the start: the first page and the total count. */
  async fetch(): Promise<readonly T[]> {
    const generation = ++this.generation;
    this.exhausted = false;
    this.pending = null;
    const [rows, count] = await Promise.all([
      this.page(0),
      this.run(countQuery(this.query).serialize()),
    ]);
    if (generation === this.generation) {
      this.rows = rows;
      this.total = Number(count.data ?? 0);
    }
    return this.rows;
  }

  /** Appends the next page; returns the rows it added (none once everything is loaded). */
  fetchNext(): Promise<T[]> {
    if (this.exhausted) return Promise.resolve([]);
    // Two scroll events in a row must not load the same page twice.
    if (this.pending) return this.pending;
    const generation = this.generation;
    const pending = this.page(this.rows.length).then((rows) => {
      if (generation === this.generation) this.rows = [...this.rows, ...rows];
      this.pending = null;
      return rows;
    });
    this.pending = pending;
    return pending;
  }

  /** Loads pages until the row with `id` is loaded; returns whether it was found. */
  async fetchUntil(id: unknown): Promise<boolean> {
    const has = () => this.rows.some((r) => (r as { id?: unknown }).id === id);
    while (!has() && this.hasNext) await this.fetchNext();
    return has();
  }
}
