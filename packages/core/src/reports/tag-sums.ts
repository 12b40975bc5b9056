import type { SqliteDatabase } from '../platform/sqlite.ts';
import { runQuery } from '../query/exec.ts';
import { Query, type QueryState } from '../query/query.ts';
import { tagsInNotes } from '../tags/parse.ts';

/** One tag's sum (or the untagged transactions' with `key: null`), in one month or in all. */
export interface TagSum {
  key: string | null;
  /** The month as `$month` gives it, when the sums are by month. */
  month?: string | number;
  amount: number;
}

export interface TagSums {
  /** By tag (and month), tags in the order they were first met; `null` is no tag. */
  sums: TagSum[];
  /** The transactions' own total (each once), by month when the sums are. */
  totals: Array<{ month?: string | number; amount: number }>;
  /** How many transactions hold two tags or more (they count in each of their tags' rows). */
  multiTagged: number;
}

interface Sum {
  amount: number;
  /** How many transactions make it. */
  n: number;
}

interface NoteRow {
  notes: string | null;
  amount: number;
  month: string | number;
}

/** The query's transactions, without its own selection, grouping, order or page. */
function base(state: QueryState): Query {
  return new Query({
    ...state,
    selectExpressions: [],
    groupExpressions: [],
    orderExpressions: [],
    calculation: false,
    limit: null,
    offset: null,
  });
}

/**
 * The sums of a report grouped by tag, over the transactions `state` filters (a custom report's
 * filter: range, accounts, measure, conditions). A transaction counts once under each tag its
 * notes hold (read by the one notes parser), and once under no tag when they hold none.
 *
 * Two reads: the total by month, grouped in SQLite, then only the rows whose notes hold a tag,
 * found through the tag index when `tagIndex` says it is current (the untagged sum is the total
 * less the tagged rows, so the rest is never read row by row).
 */
export function tagSums(
  db: SqliteDatabase,
  state: QueryState,
  byMonth: boolean,
  options: { tagIndex?: boolean } = {},
): TagSums {
  const month = { $month: '$date' };
  const totals = runQuery<Array<{ month: string | number; amount: number; n: number }>>(
    db,
    base(state)
      .groupBy([month])
      .select([{ month }, { amount: { $sum: '$amount' } }, { n: { $count: '$id' } }])
      .orderBy([month]),
    options,
  ).data;
  const noted = runQuery<NoteRow[]>(
    db,
    base(state)
      .filter({ notes: { $hasanytag: true } })
      .select(['notes', 'amount', { month }]),
    options,
  ).data;

  // By month ('' for all months), then by tag ('' for no tag: a tag is never empty).
  const groups = new Map<
    string,
    { month: string | number; total: number; byTag: Map<string, Sum> }
  >();
  const group = (m: string | number) => {
    const k = byMonth ? String(m) : '';
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { month: m, total: 0, byTag: new Map() }));
    return g;
  };
  const add = (m: string | number, tag: string, amount: number, n: number) => {
    const { byTag } = group(m);
    const sum = byTag.get(tag) ?? { amount: 0, n: 0 };
    byTag.set(tag, { amount: sum.amount + amount, n: sum.n + n });
  };
  for (const t of totals) {
    group(t.month).total += t.amount;
    add(t.month, '', t.amount, t.n);
  }
  let multiTagged = 0;
  for (const row of noted) {
    const tags = tagsInNotes(row.notes);
    if (tags.length === 0) continue;
    if (tags.length > 1) multiTagged++;
    // Taken out of the untagged sum (which started as the total) and put under each tag.
    add(row.month, '', -row.amount, -1);
    for (const tag of tags) add(row.month, tag, row.amount, 1);
  }

  const sums: TagSum[] = [];
  const monthTotals: TagSums['totals'] = [];
  for (const { month: m, total, byTag } of groups.values()) {
    const at = byMonth ? { month: m } : {};
    for (const [tag, sum] of byTag) {
      if (sum.n > 0) sums.push({ key: tag === '' ? null : tag, ...at, amount: sum.amount });
    }
    monthTotals.push({ ...at, amount: total });
  }
  return { sums, totals: monthTotals, multiTagged };
}
