import type { SqliteDatabase } from '../platform/sqlite.ts';
import { runQuery } from '../query/exec.ts';
import { type GroupSumsContext, groupSumsContext, routeToGroupSums } from '../query/group-sums.ts';
import { answersFromMonthSums, readTransferPayees } from '../query/month-sums.ts';
import { Query, type QueryState } from '../query/query.ts';
import { answersFromTagSums, readTagSums, type TagSumsRow } from '../query/tag-sums.ts';
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

interface Group {
  month: string | number;
  total: number;
  /** How many transactions with a tag it holds. */
  tagged: number;
  /** By tag ('' for no tag). */
  byTag: Map<string, number>;
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

const MONTH = { $month: '$date' };
const AMOUNT = { amount: { $sum: '$amount' } };

/**
 * Coffer's kept sums, for the total by month (issue 30's tables): each function makes its sums
 * current before they are read (the handler's `ensure`), and is called only when the total's
 * query is one they answer exactly.
 */
export interface KeptSums {
  monthSums: () => void;
  groupSums: () => GroupSumsContext;
  /**
   * Whether the sums by tag, which answer the whole report, are current (absent or false: the
   * tagged rows are read, while a build of the sums goes on in the background).
   */
  tagSums?: () => boolean;
}

/**
 * The query's total by month: from the month sums when its filters are theirs (account, date,
 * not these transfers, a sign), from the sums by category when it also names categories (as
 * 'uncategorized left out' does) and its accounts are a whole scope, else from every row.
 * Months with no row are absent.
 */
function totalsByMonth(
  db: SqliteDatabase,
  state: QueryState,
  options: { tagIndex?: boolean; kept?: KeptSums },
): Array<{ month: string | number; amount: number }> {
  const byMonth = base(state)
    .groupBy([MONTH])
    .select([{ month: MONTH }, AMOUNT])
    .orderBy([MONTH]);
  const kept = options.kept;
  if (kept && answersFromMonthSums(byMonth.serialize(), () => readTransferPayees(db))) {
    kept.monthSums();
    return runQuery<Array<{ month: string | number; amount: number }>>(db, byMonth, {
      ...options,
      monthSums: true,
    }).data;
  }
  const byCategory = base(state)
    .groupBy(['$category', MONTH])
    .select([{ month: MONTH }, AMOUNT])
    .orderBy(['$category', MONTH]);
  const context = kept && groupSumsContext(db);
  if (kept && context && routeToGroupSums(byCategory.serialize(), context)) {
    const rows = runQuery<Array<{ month: string | number; amount: number }>>(db, byCategory, {
      ...options,
      groupSums: kept.groupSums(),
    }).data;
    const months = new Map<string, { month: string | number; amount: number }>();
    for (const r of rows) {
      const m = months.get(String(r.month));
      if (m) m.amount += r.amount;
      else months.set(String(r.month), { ...r });
    }
    return [...months.values()].sort((a, b) => (String(a.month) < String(b.month) ? -1 : 1));
  }
  return runQuery<Array<{ month: string | number; amount: number }>>(db, byMonth, options).data;
}

/** Whether `state` holds a transaction in `month` (or at all) whose notes hold no tag. */
function hasUntagged(
  db: SqliteDatabase,
  state: QueryState,
  month: string | number | null,
  tagged: number,
  options: { tagIndex?: boolean },
): boolean {
  let q = base(state);
  if (month !== null) q = q.filter({ date: { $transform: '$month', $eq: String(month) } });
  const n = runQuery<number>(db, q.calculate({ $count: '$id' }), options).data;
  return n > tagged;
}

interface KeptGroup {
  month: string | number;
  total: number;
  untagged: { amount: number; count: number };
  byTag: Map<string, number>;
}

/**
 * The report from the sums by tag (`../query/tag-sums.ts`): the total is the sum under '',
 * the '(no tag)' row the rows under '' whose notes hold no tag (there whenever one is, even at
 * 0), and the count of rows with two tags the count under '' of those.
 */
function fromTagSums(rows: TagSumsRow[], byMonth: boolean): TagSums {
  const groups = new Map<string, KeptGroup>();
  let multiTagged = 0;
  for (const r of rows) {
    const k = byMonth ? String(r.month) : '';
    let g = groups.get(k);
    if (!g) {
      g = { month: r.month, total: 0, untagged: { amount: 0, count: 0 }, byTag: new Map() };
      groups.set(k, g);
    }
    if (r.tag !== '') {
      g.byTag.set(r.tag, (g.byTag.get(r.tag) ?? 0) + r.amount);
      continue;
    }
    g.total += r.amount;
    if (r.tags === 0) {
      g.untagged.amount += r.amount;
      g.untagged.count += r.count;
    }
    if (r.tags === 2) multiTagged += r.count;
  }
  const sums: TagSum[] = [];
  const totals: TagSums['totals'] = [];
  for (const { month, total, untagged, byTag } of groups.values()) {
    const at = byMonth ? { month } : {};
    if (untagged.count > 0) sums.push({ key: null, ...at, amount: untagged.amount });
    for (const tag of [...byTag.keys()].sort()) sums.push({ key: tag, ...at, amount: byTag.get(tag)! }); // prettier-ignore
    totals.push({ ...at, amount: total });
  }
  return { sums, totals, multiTagged };
}

/**
 * The sums of a report grouped by tag, over the transactions `state` filters (a custom report's
 * filter: range, accounts, measure, conditions). A transaction counts once under each tag its
 * notes hold (read by the one notes parser), and once under no tag when they hold none.
 *
 * From the sums by tag when they answer the filter and are current (`kept.tagSums`): one read
 * of a row per bucket. Otherwise two reads: the total by month (from the kept sums when they answer it:
 * `totalsByMonth`), then only the rows whose notes hold a tag, found through the tag index when
 * `tagIndex` says it is current. The untagged sum is the total less the tagged rows, so the rest is never read
 * row by row; whether the '(no tag)' row is there at all (it may sum to 0) is counted only in
 * the rare month where it does.
 */
export function tagSums(
  db: SqliteDatabase,
  state: QueryState,
  byMonth: boolean,
  options: { tagIndex?: boolean; kept?: KeptSums } = {},
): TagSums {
  const current = options.kept?.tagSums;
  if (current && answersFromTagSums(state, () => readTransferPayees(db)) && current()) {
    return fromTagSums(readTagSums(db, state), byMonth);
  }
  const read = { tagIndex: options.tagIndex ?? false };
  const totals = totalsByMonth(db, state, options);
  const noted = runQuery<NoteRow[]>(
    db,
    base(state)
      .filter({ notes: { $hasanytag: true } })
      .select(['notes', 'amount', { month: MONTH }]),
    read,
  ).data;

  // By month ('' for all months), then by tag ('' for no tag: a tag is never empty).
  const groups = new Map<string, Group>();
  const group = (m: string | number) => {
    const k = byMonth ? String(m) : '';
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { month: m, total: 0, tagged: 0, byTag: new Map() }));
    return g;
  };
  const add = (m: string | number, tag: string, amount: number) => {
    const { byTag } = group(m);
    byTag.set(tag, (byTag.get(tag) ?? 0) + amount);
  };
  for (const t of totals) {
    group(t.month).total += t.amount;
    add(t.month, '', t.amount);
  }
  let multiTagged = 0;
  for (const row of noted) {
    const tags = tagsInNotes(row.notes);
    if (tags.length === 0) continue;
    if (tags.length > 1) multiTagged++;
    group(row.month).tagged++;
    // Taken out of the untagged sum (which started as the total) and put under each tag.
    add(row.month, '', -row.amount);
    for (const tag of tags) add(row.month, tag, row.amount);
  }

  const sums: TagSum[] = [];
  const monthTotals: TagSums['totals'] = [];
  for (const [k, { month: m, total, tagged, byTag }] of groups) {
    const at = byMonth ? { month: m } : {};
    for (const [tag, amount] of byTag) {
      // Untagged rows make a sum other than 0; at 0 there may be none (or some that cancel).
      const shown =
        tag !== '' || amount !== 0 || hasUntagged(db, state, k === '' ? null : m, tagged, read);
      if (shown) sums.push({ key: tag === '' ? null : tag, ...at, amount });
    }
    monthTotals.push({ ...at, amount: total });
  }
  return { sums, totals: monthTotals, multiTagged };
}
