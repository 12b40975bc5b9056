import { describe, expect, it } from 'vitest';
import { compileQuery } from './compiler.ts';
import { CompileError } from './errors.ts';
import { q } from './query.ts';
import { isParamRef } from './sql.ts';

/** The WHERE of a transactions query with one filter (dead rows included, so no tombstone). */
function where(filter: unknown, table = 'transactions') {
  const c = compileQuery(q(table).filter(filter).withDead());
  const values = c.pieces.where.values.map((v) => (isParamRef(v) ? `:${v.name}:${v.type}` : v));
  return { text: c.pieces.where.text, values };
}

/** The SQL of one selected expression. */
function selected(expr: unknown, table = 'transactions') {
  const c = compileQuery(q(table).select({ x: expr }));
  const { text, values } = c.pieces.select;
  return { text: text.replace(/ AS x(, _\.id AS id)?$/, ''), values, type: c.outputTypes.get('x') };
}

describe('filter operators', () => {
  it('compares with $eq, $lt, $lte, $gt, $gte and binds the value', () => {
    expect(where({ amount: 5 })).toEqual({ text: '_.amount = ?', values: [5] });
    expect(where({ amount: { $eq: 5 } })).toEqual({ text: '_.amount = ?', values: [5] });
    expect(where({ amount: { $lt: -5 } })).toEqual({ text: '_.amount < ?', values: [-5] });
    expect(where({ amount: { $lte: 0 } })).toEqual({ text: '_.amount <= ?', values: [0] });
    expect(where({ amount: { $gt: 1 } })).toEqual({ text: '_.amount > ?', values: [1] });
    expect(where({ amount: { $gte: 2 } })).toEqual({ text: '_.amount >= ?', values: [2] });
  });

  it('turns null into IS NULL / IS NOT NULL, and into false for booleans', () => {
    expect(where({ notes: null })).toEqual({ text: '_.notes IS NULL', values: [] });
    expect(where({ notes: { $ne: null } })).toEqual({ text: '_.notes IS NOT NULL', values: [] });
    expect(where({ cleared: null })).toEqual({ text: '_.cleared = ?', values: [0] });
    expect(where({ cleared: true })).toEqual({ text: '_.cleared = ?', values: [1] });
  });

  it('$ne keeps rows whose value is null', () => {
    expect(where({ notes: { $ne: 'a' } })).toEqual({
      text: '(_.notes != ? OR _.notes IS NULL)',
      values: ['a'],
    });
  });

  it('a list of $ne on one field is one NOT IN that keeps nulls', () => {
    expect(where({ notes: [{ $ne: 'a' }, { $ne: 'b' }, { $ne: 'a' }] })).toEqual({
      text: '(_.notes IS NULL OR _.notes NOT IN (?, ?))',
      values: ['a', 'b'],
    });
    expect(where({ date: [{ $ne: '2023-01-02' }, { $ne: '2023-01-03' }] }).values).toEqual([
      20230102, 20230103,
    ]);
    // One term, a null, a parameter or a field reference: each $ne compiled on its own.
    expect(where({ notes: [{ $ne: 'a' }] }).text).toBe('(_.notes != ? OR _.notes IS NULL)');
    expect(where({ notes: [{ $ne: 'a' }, { $ne: null }] }).text).toBe(
      '((_.notes != ? OR _.notes IS NULL) AND _.notes IS NOT NULL)',
    );
    expect(where({ notes: [{ $ne: 'a' }, { $ne: ':x' }] }).text).toBe(
      '((_.notes != ? OR _.notes IS NULL) AND _.notes IS NOT ?)',
    );
    expect(where({ notes: [{ $ne: 'a' }, { $ne: '$imported_payee' }] }).text).not.toContain('NOT IN'); // prettier-ignore
  });

  it('$oneof binds each distinct value, cast to the field type', () => {
    expect(where({ id: { $oneof: ['a', 'b', 'a'] } })).toEqual({
      text: '_.id IN (?, ?)',
      values: ['a', 'b'],
    });
    expect(where({ date: { $oneof: ['2023-01-02'] } })).toEqual({
      text: '_.date IN (?)',
      values: [20230102],
    });
    expect(where({ id: { $oneof: [] } }).text).toBe('_.id IN ()');
    expect(() => where({ id: { $oneof: 'a' } })).toThrow(/Can't convert string to array/);
  });

  it('$like and $notlike match strings; $notlike keeps nulls', () => {
    expect(where({ notes: { $like: '%a%' } })).toEqual({
      text: '_.notes LIKE ?',
      values: ['%a%'],
    });
    expect(where({ notes: { $notlike: '%a%' } })).toEqual({
      text: '(_.notes NOT LIKE ? OR _.notes IS NULL)',
      values: ['%a%'],
    });
    expect(() => where({ payee: { $like: '%a%' } })).toThrow(/Can't convert id to string/);
  });

  it('never puts a user value into the SQL text', () => {
    const evil = "x'); DROP TABLE transactions; --";
    const w = where({ notes: evil, 'payee.name': { $like: evil }, id: { $oneof: [evil] } });
    expect(w.text).not.toContain('DROP');
    expect(w.values).toEqual([evil, evil, evil]);
  });

  it('rejects unknown operators', () => {
    expect(() => where({ amount: { $between: [1, 2] } })).toThrow(/Unknown operator: \$between/);
    expect(() => where({ amount: {} })).toThrow(/No operator/);
  });
});

describe('filter combinators', () => {
  it('ANDs the keys of an object and the entries of an array of operators', () => {
    expect(where({ amount: { $gt: 1 }, notes: 'x' })).toEqual({
      text: '(_.amount > ? AND _.notes = ?)',
      values: [1, 'x'],
    });
    expect(where({ amount: [{ $gt: 1 }, { $lt: 9 }] })).toEqual({
      text: '(_.amount > ? AND _.amount < ?)',
      values: [1, 9],
    });
  });

  it('nests $and and $or, given as arrays or objects', () => {
    expect(where({ $or: [{ amount: 1 }, { $and: [{ notes: 'a' }, { notes: 'b' }] }] })).toEqual({
      text: '(_.amount = ? OR (_.notes = ? AND _.notes = ?))',
      values: [1, 'a', 'b'],
    });
    expect(where({ $or: { amount: 1, notes: 'a' } })).toEqual({
      text: '(_.amount = ? OR _.notes = ?)',
      values: [1, 'a'],
    });
  });

  it('skips falsy $and/$or values and falsy array entries', () => {
    expect(where({ $and: false, amount: 1 })).toEqual({ text: '_.amount = ?', values: [1] });
    expect(where({ $or: null, amount: 1 })).toEqual({ text: '_.amount = ?', values: [1] });
    expect(where({ $or: [false, { amount: 1 }, null] })).toEqual({
      text: '_.amount = ?',
      values: [1],
    });
  });

  it('an empty $or matches nothing and an empty $and everything', () => {
    expect(where({ $or: [] }).text).toBe('0');
    expect(where({ $and: [] }).text).toBe('1');
    expect(where({}).text).toBe('1');
  });

  it('ANDs separate filter() calls', () => {
    const c = compileQuery(q('accounts').filter({ closed: false }).filter({ offbudget: true }));
    expect(c.pieces.where.text).toBe('(_.closed = ? AND _.offbudget = ?) AND _.tombstone = 0');
    expect(c.pieces.where.values).toEqual([0, 1]);
  });
});

describe('dates', () => {
  it('compiles YYYY-MM-DD to an integer and rejects other forms on a date field', () => {
    expect(where({ date: '2023-04-05' })).toEqual({ text: '_.date = ?', values: [20230405] });
    expect(() => where({ date: '2023-04' })).toThrow(/Bad date format: 2023-04/);
    expect(() => where({ date: 20230405 })).toThrow(/Can't cast integer to date/);
  });

  it('compiles a Date by its local calendar day', () => {
    expect(where({ date: new Date(2023, 3, 5, 23, 59) }).values).toEqual([20230405]);
  });

  it('compares months and years through $month / $year transforms', () => {
    expect(where({ date: { $transform: '$month', $eq: '2023-04' } })).toEqual({
      text: '(CAST(_.date AS integer) / 100) = ?',
      values: [202304],
    });
    expect(where({ date: { $transform: '$year', $gte: '2023-04-05' } })).toEqual({
      text: '(CAST(_.date AS integer) / 10000) >= ?',
      values: [2023],
    });
    expect(() => where({ date: { $transform: '$month', $eq: 'April' } })).toThrow(
      /Bad date-month format/,
    );
  });
});

describe('expressions', () => {
  it('reads fields with $, and takes "\\$" as a literal dollar', () => {
    expect(where({ notes: '\\$5' })).toEqual({ text: '_.notes = ?', values: ['$5'] });
    expect(selected('$amount')).toMatchObject({ text: '_.amount', type: 'integer' });
  });

  it('applies a $transform function object with "$" standing for the field', () => {
    expect(where({ amount: { $transform: '$abs', $gt: 100 } })).toEqual({
      text: 'ABS(_.amount) > ?',
      values: [100],
    });
    expect(where({ notes: { $transform: { $substr: ['$', 1, 3] }, $eq: 'abc' } })).toEqual({
      text: 'SUBSTR(_.notes, ?, ?) = ?',
      values: [1, 3, 'abc'],
    });
  });

  it('compiles every function', () => {
    expect(selected({ $sum: '$amount' })).toEqual({
      text: 'SUM(_.amount)',
      values: [],
      type: 'integer',
    });
    expect(selected({ $count: '$id' })).toMatchObject({ text: 'COUNT(_.id)', type: 'integer' });
    expect(selected({ $substr: ['$notes', 2] })).toMatchObject({
      text: 'SUBSTR(_.notes, ?)',
      values: [2],
      type: 'string',
    });
    expect(selected({ $lower: '$notes' })).toMatchObject({ text: 'LOWER(_.notes)' });
    expect(selected({ $neg: '$amount' })).toMatchObject({ text: '(-_.amount)', type: 'integer' });
    expect(selected({ $abs: '$amount' })).toMatchObject({ text: 'ABS(_.amount)' });
    expect(selected({ $idiv: ['$amount', 100] })).toMatchObject({
      text: '(_.amount / ?)',
      values: [100],
      type: 'integer',
    });
    expect(selected({ $month: '$date' })).toMatchObject({
      text: '(CAST(_.date AS integer) / 100)',
      type: 'date-month',
    });
    expect(selected({ $year: '$date' })).toMatchObject({ type: 'date-year' });
    expect(selected({ $nocase: '$notes' })).toMatchObject({ text: '_.notes COLLATE NOCASE' });
    expect(selected({ $condition: { amount: { $lt: 0 } } })).toMatchObject({
      text: '_.amount < ?',
      values: [0],
      type: 'boolean',
    });
    expect(selected({ $literal: 'x' })).toMatchObject({ text: '?', values: ['x'] });
    expect(selected({ $sumOver: '$amount' }).text).toBe(
      '(SUM(_.amount) OVER (ORDER BY _.date desc, _.starting_balance_flag, _.sort_order desc, ' +
        '_.id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING))',
    );
  });

  it('checks arity, argument types and names', () => {
    expect(() => selected({ $sum: ['$amount', '$amount'] })).toThrow(/Too many arguments/);
    expect(() => selected({ $substr: ['$notes'] })).toThrow(/Too few arguments/);
    expect(() => selected({ $lower: '$amount' })).toThrow(/Can't convert integer to string/);
    expect(() => selected({ $literal: '$amount' })).toThrow(/Literal not passed/);
    expect(() => selected({ $nope: 1 })).toThrow(/Unknown function: \$nope/);
    expect(() => selected({ $sum: undefined })).toThrow(/`undefined` is not a valid/);
  });
});

describe('named parameters', () => {
  it('binds a placeholder whose type is inferred from the compared field', () => {
    expect(where({ date: { $gte: ':start' } })).toEqual({
      text: '_.date >= ?',
      values: [':start:date'],
    });
    // Equality with a parameter is null-safe: the value may be null at run time.
    expect(where({ category: ':cat' })).toEqual({
      text: 'categories1.id IS ?',
      values: [':cat:id'],
    });
    expect(where({ category: { $ne: ':cat' } }).text).toBe('categories1.id IS NOT ?');
    const c = compileQuery(q('transactions').filter({ amount: ':a', notes: ':n' }));
    expect(c.params.map((p) => [p.name, p.type])).toEqual([
      ['a', 'integer'],
      ['n', 'string'],
    ]);
  });
});

describe('compile errors', () => {
  it('name the failing expression and the method it came from', () => {
    let error: unknown;
    try {
      compileQuery(q('transactions').filter({ $or: [{ amount: 1 }, { 'payee.nam': 'x' }] }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CompileError);
    expect((error as Error).message).toBe(
      'Field "nam" does not exist in table "payees"\n\nExpression stack:\n' +
        '  $payee.nam\n' +
        '  {"payee.nam":{"$eq":"x"}}\n' +
        '  filter({"$or":[{"amount":1},{"payee.nam":"x"}]})',
    );
  });

  it('report bad paths, fields, selections and orders', () => {
    expect(() => where({ 'notes.x': 1 })).toThrow(/Field not joinable on table transactions/);
    expect(() => where({ nope: 1 })).toThrow(/Field "nope" does not exist in table/);
    expect(() => compileQuery(q('nope'))).toThrow(/Table "nope" does not exist/);
    expect(() => compileQuery(q('transactions').select({ $sum: '$amount' }))).toThrow(
      /are you trying to select a function\?[^]*select\(\{"\$sum":"\$amount"\}\)/,
    );
    expect(() => compileQuery(q('transactions').orderBy({ date: 'up' }))).toThrow(
      /Invalid order direction: up[^]*orderBy/,
    );
  });
});
