/**
 * The AQL query builder. Its serialized state is the wire format of the `query` handler and of
 * `@actual-app/api`'s `q`, so the shape (including key order and the quirks of each method) is
 * kept identical to Actual's: scripts written for Actual build the same JSON against Coffer.
 */

/** Any filter, select, group or order expression: plain JSON, checked by the compiler. */
export type AqlExpression = unknown;

export type SplitsOption = 'inline' | 'grouped' | 'all' | 'none';

export interface TableOptions {
  splits?: SplitsOption;
  [option: string]: unknown;
}

export interface QueryState {
  filterExpressions: AqlExpression[];
  selectExpressions: AqlExpression[];
  groupExpressions: AqlExpression[];
  orderExpressions: AqlExpression[];
  calculation: boolean;
  rawMode: boolean;
  withDead: boolean;
  validateRefs: boolean;
  limit: number | null;
  offset: number | null;
  table: string;
  /** Present only once `options()` was called, as in Actual. */
  tableOptions?: TableOptions;
}

function asList(exprs: unknown): unknown[] {
  return Array.isArray(exprs) ? exprs : [exprs];
}

function firstKey(expr: unknown): string | undefined {
  return Object.keys(expr as object)[0];
}

export class Query {
  readonly state: Readonly<QueryState>;

  constructor(state: Partial<QueryState> & { table: string }) {
    // Defaults first and the given state spread last: this fixes the key order to Actual's.
    this.state = {
      filterExpressions: state.filterExpressions || [],
      selectExpressions: state.selectExpressions || [],
      groupExpressions: state.groupExpressions || [],
      orderExpressions: state.orderExpressions || [],
      calculation: false,
      rawMode: false,
      withDead: false,
      validateRefs: true,
      limit: null,
      offset: null,
      ...state,
    };
  }

  private with(changes: Partial<QueryState>): Query {
    return new Query({ ...this.state, ...changes });
  }

  /** Adds a filter; all filters are AND-ed. */
  filter(expr: AqlExpression): Query {
    return this.with({ filterExpressions: [...this.state.filterExpressions, expr] });
  }

  /** Drops every filter whose first key is one of `keys`. */
  unfilter(keys: Iterable<string>): Query {
    const drop = new Set(keys);
    return this.with({
      filterExpressions: this.state.filterExpressions.filter((e) => !drop.has(firstKey(e)!)),
    });
  }

  /** Replaces the selection: field names, `'*'`, `'path.*'` or `{alias: expression}`. */
  select(exprs: AqlExpression = []): Query {
    return this.with({ selectExpressions: asList(exprs), calculation: false });
  }

  /** Selects one expression and makes the result that single value. */
  calculate(expr: AqlExpression): Query {
    return this.with({ selectExpressions: [{ result: expr }], calculation: true });
  }

  groupBy(exprs: AqlExpression): Query {
    return this.with({ groupExpressions: [...this.state.groupExpressions, ...asList(exprs)] });
  }

  orderBy(exprs: AqlExpression): Query {
    return this.with({ orderExpressions: [...this.state.orderExpressions, ...asList(exprs)] });
  }

  limit(num: number): Query {
    return this.with({ limit: num });
  }

  offset(num: number): Query {
    return this.with({ offset: num });
  }

  raw(): Query {
    return this.with({ rawMode: true });
  }

  withDead(): Query {
    return this.with({ withDead: true });
  }

  withoutValidatedRefs(): Query {
    return this.with({ validateRefs: false });
  }

  options(opts: TableOptions): Query {
    return this.with({ tableOptions: opts });
  }

  /** The plain JSON state sent to the `query` handler. A copy: the query stays immutable. */
  serialize(): QueryState {
    const s = this.state;
    const copy = <T>(list: T): T => (Array.isArray(list) ? ([...list] as T) : list);
    return {
      ...s,
      filterExpressions: copy(s.filterExpressions),
      selectExpressions: copy(s.selectExpressions),
      groupExpressions: copy(s.groupExpressions),
      orderExpressions: copy(s.orderExpressions),
    };
  }
}

export function q(table: string): Query {
  return new Query({ table });
}

export function isQuery(value: unknown): value is Query {
  return value instanceof Query;
}

/**
 * The first ordering of a query as `{field, order}`, or `defaultOrderBy` when it has none; the
 * UI uses it to know how a register is sorted.
 */
export function getPrimaryOrderBy(
  query: Query,
  defaultOrderBy: { field: string; order?: 'asc' | 'desc' } | null,
): { field: string; order: string } | null {
  const orders = query.state.orderExpressions;
  const first = orders[0];
  if (first === undefined) {
    return defaultOrderBy ? { order: 'asc', ...defaultOrderBy } : null;
  }
  if (typeof first === 'string') return { field: first, order: 'asc' };
  const field = firstKey(first)!;
  return { field, order: String((first as Record<string, unknown>)[field]) };
}
