import { describe, expect, it } from 'vitest';
import { buildSelect, compileQuery, isAggregateQuery } from './compiler.ts';
import type { Query, QueryState } from './query.ts';
import { q } from './query.ts';
import { schema } from './schema.ts';

const compile = (query: Query | QueryState) => compileQuery(query);
const text = (query: Query) => buildSelect(compile(query).pieces).text;

describe('select', () => {
  it('adds the id to plain selections, not to aggregates or *', () => {
    expect(compile(q('accounts').select('name')).pieces.select.text).toBe(
      '_.name AS name, _.id AS id',
    );
    expect(compile(q('accounts').select(['id', 'name'])).pieces.select.text).toBe(
      '_.id AS id, _.name AS name',
    );
    expect(compile(q('accounts').calculate({ $count: '$id' })).pieces.select.text).toBe(
      'COUNT(_.id) AS result',
    );
    expect(compile(q('accounts')).pieces.select.text).toBe('_.id AS id');
  });

  it('expands * to every public field, and path.* to the fields of the joined table', () => {
    const c = compile(q('categories').select('*'));
    expect([...c.outputTypes.keys()]).toEqual(Object.keys(schema.categories!));
    const p = compile(q('transactions').select(['payee.*']));
    expect([...p.outputTypes.keys()]).toEqual([
      'payee.id',
      'payee.name',
      'payee.transfer_acct',
      'payee.tombstone',
      'id',
    ]);
    expect(p.pieces.select.text).toContain('payees1.name AS "payee.name"');
  });

  it('names expressions with {alias: expr}; a string value is a field name', () => {
    const c = compile(
      q('transactions').select([{ total: { $sum: '$amount' } }, { acct: 'account' }]),
    );
    expect(c.pieces.select.text).toBe('SUM(_.amount) AS total, accounts1.id AS acct');
    expect(c.outputTypes.get('total')).toBe('integer');
    expect(compile(q('accounts').select({ n: '$name' })).pieces.select.text).toContain(
      '_.name AS n',
    );
  });

  it('quotes aliases that are keywords or unusual', () => {
    expect(compile(q('categories').select('group')).pieces.select.text).toContain('AS "group"');
    expect(compile(q('accounts').select({ 'a"b c': '$name' })).pieces.select.text).toContain(
      '_.name AS "a""b c"',
    );
  });
});

describe('paths and references', () => {
  it('joins each path step through the view, with a tombstone check', () => {
    const sql = text(q('transactions').filter({ 'payee.transfer_acct.offbudget': false }));
    expect(sql).toContain(
      'LEFT JOIN v_payees payees1 ON payees1.id = _.payee AND payees1.tombstone = 0',
    );
    expect(sql).toContain(
      'LEFT JOIN accounts accounts2 ON accounts2.id = payees1.transfer_acct AND accounts2.tombstone = 0',
    );
    expect(sql).toContain('WHERE accounts2.offbudget = ?');
  });

  it('joins a repeated path once', () => {
    const c = compile(
      q('transactions').filter({ 'payee.name': 'a' }).select(['payee.name', 'payee.transfer_acct']),
    );
    expect(c.pieces.joins.text.match(/JOIN v_payees/g)).toHaveLength(1);
  });

  it('reads referenced ids through the stored table so dead references read as null', () => {
    expect(compile(q('transactions').select(['category'])).pieces).toMatchObject({
      select: { text: 'categories1.id AS category, _.id AS id' },
      joins: {
        text: 'LEFT JOIN categories categories1 ON categories1.id = _.category AND categories1.tombstone = 0',
      },
    });
    const raw = compile(q('transactions').select(['category']).withoutValidatedRefs());
    expect(raw.pieces.select.text).toBe('_.category AS category, _.id AS id');
    expect(raw.pieces.joins.text).toBe('');
    expect(raw.dependencies).toEqual(['transactions']);
  });

  it('follows a reference from a joined table (category.group)', () => {
    const sql = text(q('transactions').select(['category.group']));
    expect(sql).toContain('LEFT JOIN v_categories categories1 ON categories1.id = _.category');
    expect(sql).toContain(
      'LEFT JOIN category_groups category_groups2 ON category_groups2.id = categories1."group"',
    );
  });

  it('lists the root table and every joined table as dependencies', () => {
    expect(compile(q('transactions').select(['payee.name', 'account'])).dependencies).toEqual([
      'transactions',
      'payees',
      'accounts',
    ]);
    expect(compile(q('notes')).dependencies).toEqual(['notes']);
  });
});

describe('tables, views and dead rows', () => {
  it('reads each table through its view', () => {
    const from = (query: Query) => compile(query).pieces.from;
    expect(from(q('transactions'))).toBe('v_transactions_internal_alive');
    expect(from(q('transactions').options({ splits: 'grouped' }))).toBe(
      'v_transactions_internal_alive',
    );
    expect(from(q('transactions').withDead())).toBe('v_transactions_internal');
    expect(from(q('categories'))).toBe('v_categories');
    expect(from(q('payees'))).toBe('v_payees');
    expect(from(q('schedules'))).toBe('v_schedules');
    expect(from(q('accounts'))).toBe('accounts');
  });

  it('hides tombstoned rows unless withDead, and only on tables that have tombstones', () => {
    expect(compile(q('accounts')).pieces.where.text).toBe('1 AND _.tombstone = 0');
    expect(compile(q('accounts').withDead()).pieces.where.text).toBe('1');
    expect(compile(q('notes')).pieces.where.text).toBe('1');
  });

  it('rejects an unknown splits option', () => {
    expect(() => compile(q('transactions').options({ splits: 'sideways' as 'all' }))).toThrow(
      /Invalid "splits" option/,
    );
  });
});

describe('order, group, limit', () => {
  it('uses each table default order and ends explicit orders with id', () => {
    const order = (query: Query) => compile(query).pieces.orderBy?.text ?? null;
    expect(order(q('transactions'))).toBe(
      '_.date desc, _.starting_balance_flag, _.sort_order desc, _.id',
    );
    expect(order(q('payees'))).toBe('accounts1.id IS NULL desc, _.name COLLATE NOCASE');
    expect(order(q('accounts'))).toBe('_.sort_order, _.name');
    expect(order(q('schedules'))).toBe('_.completed = ?, _.next_date');
    expect(order(q('notes'))).toBeNull();
    expect(order(q('transactions').orderBy(['amount', { date: 'asc' }]))).toBe(
      '_.amount, _.date asc, _.id',
    );
    expect(order(q('payees').orderBy({ $nocase: '$name', $dir: 'desc' }))).toBe(
      '_.name COLLATE NOCASE desc, _.id',
    );
    // Groups need no id to be in a stable order.
    expect(
      order(
        q('transactions')
          .groupBy('account')
          .select(['account', { total: { $sum: '$amount' } }])
          .orderBy('account'),
      ),
    ).toBe('accounts1.id');
  });

  it('groups by fields and functions', () => {
    const c = compile(
      q('transactions')
        .groupBy(['category', { $month: '$date' }])
        .select(['category', { month: { $month: '$date' } }, { total: { $sum: '$amount' } }]),
    );
    expect(c.isAggregate).toBe(true);
    expect(c.pieces.groupBy?.text).toBe('categories1.id, (CAST(_.date AS integer) / 100)');
    expect(c.outputTypes.get('month')).toBe('date-month');
  });

  it('binds limit and offset, and accepts an offset alone', () => {
    const page = buildSelect(compile(q('accounts').limit(10).offset(20)).pieces);
    expect(page.text).toMatch(/ LIMIT \? OFFSET \?$/);
    expect(page.values).toEqual([10, 20]);
    expect(buildSelect(compile(q('accounts').offset(5)).pieces).text).toMatch(
      / LIMIT -1 OFFSET \?$/,
    );
    expect(() => compile(q('accounts').limit(-1))).toThrow(/Invalid limit/);
    expect(() => compile(q('accounts').limit('5; DROP' as unknown as number))).toThrow(
      /Invalid limit/,
    );
  });
});

describe('query states from the wire', () => {
  it('accepts a partial plain state, as a script may send', () => {
    const c = compile({ table: 'accounts' } as QueryState);
    expect(c.pieces.select.text).toBe('_.id AS id');
  });

  it("accepts a query built by Actual's own q()", async () => {
    const { q: actualQ } = await import('@actual-app/api');
    const c = compile(actualQ('accounts').select(['name']) as unknown as QueryState);
    expect(c.pieces.select.text).toBe('_.name AS name, _.id AS id');
  });

  it('rejects malformed states', () => {
    expect(() => compile({} as QueryState)).toThrow(/needs a table/);
    expect(() =>
      compile({ table: 'accounts', filterExpressions: 'x' } as unknown as QueryState),
    ).toThrow(/not a list/);
  });

  it('detects aggregate queries', () => {
    expect(isAggregateQuery(q('t').select({ a: { $sum: '$amount' } }).state)).toBe(true);
    expect(isAggregateQuery(q('t').select({ a: { $abs: { $sum: '$amount' } } }).state)).toBe(true);
    expect(isAggregateQuery(q('t').groupBy('payee').state)).toBe(true);
    expect(isAggregateQuery(q('t').select({ first: { $min: '$date' } }).state)).toBe(true);
    expect(isAggregateQuery(q('t').select({ last: { $max: '$date' } }).state)).toBe(true);
    expect(isAggregateQuery(q('t').select(['amount', { a: { $abs: '$amount' } }]).state)).toBe(
      false,
    );
  });
});

describe('grouped transactions: the group finder', () => {
  it('finds pages with the filter’s and order’s joins only, not the select’s', () => {
    const query = q('transactions')
      .options({ splits: 'grouped' })
      .filter({ 'account.closed': false, notes: { $like: '%x%' } })
      .select('*');
    const compiled = compileQuery(query);
    expect(compiled.pieces.joins.text).toMatch(/categories/);
    const finder = compiled.groupFinder!;
    expect(finder.joins.text).toMatch(/accounts/);
    expect(finder.joins.text).not.toMatch(/categories|payees|schedules/);
    const named = (text: string) => text.replace(/accounts\d+/g, 'accounts');
    expect(named(finder.where.text)).toBe(named(compiled.pieces.where.text));
    // Only grouped, non-aggregate queries that select more than ids have one.
    expect(compileQuery(query.select('id')).groupFinder).toBeUndefined();
    expect(compileQuery(query.options({ splits: 'inline' })).groupFinder).toBeUndefined();
    expect(compileQuery(query.calculate({ $count: '$id' })).groupFinder).toBeUndefined();
  });
});
