/**
 * Property: after any sequence of note edits (added, edited, split-free batches, deleted),
 * undo and redo, edits synced from another client and tag renames, the tag index holds exactly
 * the tags the notes parser reads in every stored transaction's notes; and a tag filter read
 * through the index finds what the parser finds in every live transaction.
 */
import { deserializeValue } from '@coffer/crdt';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runQuery } from '../query/exec.ts';
import { ACCOUNT_ORDER_TABLE } from '../query/account-order.ts';
import { ACCOUNT_ORDER } from '../query-handler/account-order.ts';
import { q } from '../query/query.ts';
import { readInOrder, readInOrderByNotes } from '../query/tagged-groups.ts';
import { stripDerived } from '../search/notes-index.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import type { Message } from '../sync/types.ts';
import { type AppFixture, openAppCore } from '../transactions/test-helpers/app-core.ts';
import { rebuildTagIndex, tagIndexIsCurrent } from './index-table.ts';
import { hasTag, tagsInNotes } from './parse.ts';
import { TAG_INDEX, tagIndex } from './slot.ts';
import { DerivedData } from '../budget-file/derived-data.ts';

/** Words with every edge of the reading Actual 26.9 has (see parse.test.ts). */
const WORDS = [
  '#trip',
  '##trip',
  '#trip,',
  '#Trip',
  'a#food',
  '#a#b',
  'plain',
  '#trip\tx',
  '#',
  '#*',
  '#ünï',
];
const TAGS = ['trip', 'Trip', 'food', 'a', 'b', 'trip,', 'gift', '*'];
const notes = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
);
const tx = fc.nat(20);
const op = fc.oneof(
  { weight: 4, arbitrary: fc.record({ k: fc.constant('add' as const), notes }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('split' as const), notes, a: notes, b: notes }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant('notes' as const), tx, notes }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('amount' as const), tx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('delete' as const), tx }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('undo' as const, 'redo' as const) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('remote' as const), tx, notes }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('rename' as const), from: fc.constantFrom(...TAGS), to: fc.constantFrom(...TAGS) }) },
); // prettier-ignore
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

interface State {
  f: AppFixture;
  acct: string;
  replica: ReturnType<typeof memoryBudgetDb>['db'];
  txs: string[];
  seen: { ts: string };
}

/** The index's rows, as `tag id group`, sorted. */
const indexed = (f: AppFixture) =>
  f.sql
    .all<{ tag: string; id: string; grp: string }>('SELECT tag, id, grp FROM coffer_note_tags')
    .map((r) => `${r.tag}\u0000${r.id}\u0000${r.grp}`)
    .sort();

/** The same from scratch: every live transaction's notes through the parser. */
const parsed = (f: AppFixture) =>
  f.sql
    .all<{ id: string; notes: string | null; grp: string }>(
      `SELECT id, notes, CASE WHEN isChild = 1 THEN parent_id ELSE id END AS grp
       FROM transactions WHERE tombstone = 0`,
    )
    .flatMap((r) => tagsInNotes(r.notes).map((tag) => `${tag}\u0000${r.id}\u0000${r.grp}`))
    .sort();

async function apply(s: State, o: Op): Promise<void> {
  const { f } = s;
  const pick = (i: number) => s.txs[i % s.txs.length]!;
  switch (o.k) {
    case 'add': {
      const id = `t${s.txs.length}`;
      await f.core.send('transaction-add', { id, account: s.acct, date: '2023-08-01', amount: -100, notes: o.notes }); // prettier-ignore
      s.txs.push(id);
      return;
    }
    case 'split': {
      // A split: its parent and two lines, each with notes of its own.
      const id = `s${s.txs.length}`;
      const base = { account: s.acct, date: '2023-08-02' };
      const line = (k: number, n: string | null) => ({ ...base, id: `${id}-${k}`, amount: -50, is_child: true, parent_id: id, notes: n }); // prettier-ignore
      await f.core.send('transactions-batch-update', {
        added: [{ ...base, id, amount: -100, is_parent: true, notes: o.notes }, line(1, o.a), line(2, o.b)], // prettier-ignore
      });
      s.txs.push(id, `${id}-1`, `${id}-2`);
      return;
    }
    case 'undo':
    case 'redo':
      await f.core.send(o.k);
      return;
    case 'rename': {
      // Recorded first (a rename needs the record), onto a tag that may exist: merged.
      await f.core.send('tags-discover');
      const list = await f.core.send('tags-get');
      const from = Array.isArray(list) ? list.find((t) => t.tag === o.from) : undefined;
      if (from) await f.core.send('tags-rename', { id: from.id, tag: o.to, merge: true });
      return;
    }
  }
  if (s.txs.length === 0) return;
  switch (o.k) {
    case 'notes':
      await f.core.send('transaction-update', { id: pick(o.tx), notes: o.notes });
      return;
    case 'amount':
      await f.core.send('transaction-update', { id: pick(o.tx), amount: o.tx - 10 });
      return;
    case 'delete':
      await f.core.send('transaction-delete', { id: pick(o.tx) });
      return;
    case 'remote': {
      // Another client's edit of a row both know: the replica learns the row, then edits it.
      const id = pick(o.tx);
      s.replica.applyMessages(
        [{ timestamp: f.budget.db.timestamp, dataset: 'transactions', row: id, column: 'acct', value: s.acct }], // prettier-ignore
        { source: 'remote' },
      );
      s.replica.update('transactions', { id, notes: o.notes });
      const stored = s.replica.getMessagesSince(s.seen.ts);
      s.seen.ts = stored.at(-1)?.timestamp ?? s.seen.ts;
      const messages: Message[] = stored.map((m) => ({ ...m, value: deserializeValue(m.value) }));
      f.budget.db.applyMessages(messages, { source: 'remote' });
      return;
    }
  }
}

async function setUp(): Promise<State> {
  const f = await openAppCore();
  const acct = await f.core.send('account-create', { name: 'Checking' });
  if (typeof acct !== 'string') throw new Error('no account');
  const replica = memoryBudgetDb({ seed: 4, platform: f.platform }).db;
  // A new file's index is built a second after the open; here at once.
  tagIndex(f.budget).ensure();
  return { f, acct, replica, txs: [], seen: { ts: '' } };
}

/** The ids a query finds with a filter, through the `query` handler (which reads the index). */
async function found(f: AppFixture, filter: Record<string, unknown>): Promise<string[]> {
  const res = await f.core.send('query', q('transactions').filter(filter).select('id').serialize());
  if (!('data' in res) || !Array.isArray(res.data)) throw new Error('query failed');
  return res.data.map((r: { id: string }) => r.id).sort();
}

/** The register's page for a tag filter: split groups with their lines, as shown. */
const pageQuery = (acct: string, filter: Record<string, unknown>) =>
  q('transactions')
    .options({ splits: 'grouped' })
    .filter({ account: acct })
    .filter(filter)
    .select(['id', 'notes'])
    .orderBy([{ date: 'desc' }, { sort_order: 'desc' }]);

/**
 * The register's first page for a tag three ways: through the `query` handler (the index),
 * through the notes (no index: in order when the tag is common, `../query/tagged-groups.ts`),
 * and the general way (every matching row, grouped: an `$or` is never read in order).
 */
async function registerPage(f: AppFixture, acct: string, tag: string, limit: number) {
  const query = pageQuery(acct, { $and: [{ notes: { $hastag: tag } }] }).limit(limit);
  const res = await f.core.send('query', query.serialize());
  const general = runQuery(f.sql, pageQuery(acct, { $or: [{ notes: { $hastag: tag } }] }).limit(limit)).data; // prettier-ignore
  return { indexed: 'data' in res ? res.data : res, notes: runQuery(f.sql, query).data, general };
}

const liveNotes = (f: AppFixture) =>
  f.sql.all<{ id: string; notes: string | null }>(
    'SELECT id, notes FROM v_transactions_internal_alive WHERE is_parent = 0',
  );

describe('the tag index', () => {
  it('equals the notes parsed from scratch after edits, undo, sync and renames', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const s = await setUp();
        for (const o of ops) {
          await apply(s, o);
          expect(tagIndexIsCurrent(s.f.sql)).toBe(true);
          expect(indexed(s.f)).toEqual(parsed(s.f));
        }
        // A tag filter through the index finds what the parser finds, and 'has no tag' the rest.
        for (const tag of TAGS) {
          for (const limit of [1, 3, 50]) {
            const page = await registerPage(s.f, s.acct, tag, limit);
            expect(page.indexed, `${tag} first ${limit}`).toEqual(page.general);
            expect(page.notes, `${tag} first ${limit}, notes`).toEqual(page.general);
          }
          const holding = liveNotes(s.f).filter((r) => hasTag(r.notes, tag));
          expect(await found(s.f, { notes: { $hastag: tag } }), tag).toEqual(
            holding.map((r) => r.id).sort(),
          );
          expect(await found(s.f, { notes: { $nothastag: tag } }), tag).toEqual(
            liveNotes(s.f)
              .filter((r) => !hasTag(r.notes, tag))
              .map((r) => r.id)
              .sort(),
          );
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('reads the same as the scan it replaces, for every tag condition', async () => {
    const s = await setUp();
    for (const n of [...WORDS, 'x #trip', '#trip#food', null, 'a #b c #b', '#Trip #trip']) {
      await apply(s, { k: 'add', notes: n });
    }
    const scan = (filter: Record<string, unknown>) =>
      (runQuery(s.f.sql, q('transactions').filter(filter).select('id')).data as { id: string }[])
        .map((r) => r.id)
        .sort();
    const indexRead = (filter: Record<string, unknown>) =>
      (
        runQuery(s.f.sql, q('transactions').filter(filter).select('id'), { tagIndex: true })
          .data as { id: string }[]
      )
        .map((r) => r.id)
        .sort();
    const filters = [
      { notes: { $hasanytag: true } },
      { $and: [{ notes: { $hastag: 'trip' } }, { notes: { $nothastag: 'food' } }] },
      { $or: TAGS.map((tag) => ({ notes: { $hastag: tag } })) },
      { notes: { $hastag: 'a b' } },
    ];
    for (const filter of filters) expect(indexRead(filter), JSON.stringify(filter)).toEqual(scan(filter)); // prettier-ignore
    expect(indexRead({ notes: { $hasanytag: true } }).length).toBeGreaterThan(5);
  });

  it('is rebuilt when the file changed without it, and left out of the copy for Actual', async () => {
    const { f, acct } = await setUp();
    await f.core.send('transaction-add', { id: 'a', account: acct, date: '2023-08-01', amount: -1, notes: '#trip' }); // prettier-ignore
    expect(tagIndexIsCurrent(f.sql)).toBe(true);
    // Another program's write while the file was closed: a message the index never saw.
    f.sql.run("UPDATE transactions SET notes = '#food' WHERE id = 'a'");
    f.sql.run(
      "INSERT INTO messages_crdt (timestamp, dataset, row, column, value) VALUES ('2099-01-01T00:00:00.000Z-0000-0000000000000000', 'transactions', 'a', 'notes', 'S:#food')",
    );
    expect(tagIndexIsCurrent(f.sql)).toBe(false);
    // Opened again: the stale index is rebuilt before it is read.
    const reopened = new DerivedData(f.sql, (l) => f.budget.db.onChange(l), TAG_INDEX);
    reopened.ensure();
    expect(indexed(f)).toEqual(parsed(f));
    expect(indexed(f)).toEqual(['food\u0000a\u0000a']);
    stripDerived(f.sql);
    expect(f.sql.all("SELECT name FROM sqlite_master WHERE name LIKE 'coffer_note_tags%'")).toEqual([]); // prettier-ignore
    expect(tagIndexIsCurrent(f.sql)).toBe(false);
    rebuildTagIndex(f.sql);
    expect(indexed(f)).toEqual(parsed(f));
  });
});

describe('the register read in order by a common tag', () => {
  it('gives the pages the general way gives, through the index or the notes', async () => {
    const s = await setUp();
    for (let i = 0; i < 24; i++) {
      if (i % 4 === 0)
        await apply(s, { k: 'split', notes: i % 8 ? '#trip' : null, a: i % 8 ? 'y' : '#trip x', b: i % 8 ? '#trip y' : 'y' }); // prettier-ignore
      else await apply(s, { k: 'add', notes: i % 3 ? `n${i} #trip` : `n${i}` });
    }
    // A deleted line holds no tag: its split, tagged by no other row, is in no page.
    await s.f.core.send('transaction-delete', { id: 's0-1' });
    // A rare tag: in one row, and in a line of one split.
    await apply(s, { k: 'add', notes: 'n #food' });
    await apply(s, { k: 'split', notes: null, a: '#food', b: 'z' });
    // Half the rows hold the tag: the first pages are read in order, not by every match.
    expect(readInOrder(s.f.sql, 'trip', 10)).toBe(true);
    expect(readInOrder(s.f.sql, 'food', 1)).toBe(false);
    expect(readInOrderByNotes(s.f.sql, 'trip', 10)).toBe(true);
    expect(readInOrderByNotes(s.f.sql, 'food', 1)).toBe(false);
    const base = (filter: Record<string, unknown>) =>
      q('transactions')
        .options({ splits: 'grouped' })
        .filter({ account: s.acct, date: { $gte: '2023-08-01' } })
        .filter(filter)
        .select(['id', 'notes', 'amount'])
        .orderBy([{ date: 'desc' }, { sort_order: 'desc' }]);
    const tagged = base({ notes: { $hastag: 'trip' } });
    // An `$or` is never read in order: every matching row, grouped.
    const general = base({ $or: [{ notes: { $hastag: 'trip' } }] });
    for (const [limit, offset] of [
      [5, 0],
      [10, 0],
      [5, 5],
      [3, 9],
      [40, 0],
    ] as const) {
      const expected = runQuery(s.f.sql, general.limit(limit).offset(offset)).data;
      const query = tagged.limit(limit).offset(offset);
      expect(runQuery(s.f.sql, query, { tagIndex: true }).data, `${limit}+${offset}`).toEqual(expected); // prettier-ignore
      // While the index is being built (not current): the notes, read in order.
      expect(runQuery(s.f.sql, query).data, `${limit}+${offset} by notes`).toEqual(expected);
    }
    expect((runQuery(s.f.sql, tagged.limit(5)).data as unknown[]).length).toBe(5);
    // The rare tag's groups read from the index: the same page as the general way's.
    for (const [limit, offset] of [
      [5, 0],
      [1, 1],
    ] as const) {
      const food = base({ notes: { $hastag: 'food' } })
        .limit(limit)
        .offset(offset);
      const expected = runQuery(s.f.sql, base({ $or: [{ notes: { $hastag: 'food' } }] }).limit(limit).offset(offset)).data; // prettier-ignore
      expect(runQuery(s.f.sql, food, { tagIndex: true }).data, `food ${limit}+${offset}`).toEqual(expected); // prettier-ignore
    }
    expect((runQuery(s.f.sql, base({ notes: { $hastag: 'food' } }).limit(5), { tagIndex: true }).data as unknown[]).length).toBe(2); // prettier-ignore
    for (const tagIndex of [true, false]) {
      const page = runQuery<
        Array<{ id: string; subtransactions: Array<{ _unmatched?: boolean }> }>
      >(s.f.sql, tagged.limit(30), { tagIndex }).data;
      // A split shows every line; a line without the tag is marked as not matching.
      expect(page.some((g) => g.subtransactions.some((l) => l._unmatched))).toBe(true);
      // A split tagged only in a line is found through the line; the one whose tagged line
      // was deleted is not.
      expect(page.map((g) => g.id)).toContain('s12');
      expect(page.map((g) => g.id)).not.toContain('s0');
    }
    // In the register's own order with the account-order table built, the account's rows are
    // read through it: the same pages.
    ACCOUNT_ORDER.rebuild(s.f.sql);
    const ownWith = (tagFilter: object) =>
      q('transactions')
        .options({ splits: 'grouped' })
        .filter({ account: s.acct, date: { $gte: '2023-08-01' } })
        .filter(tagFilter)
        .select(['id', 'notes', 'amount'])
        .orderBy([{ date: 'desc' }, 'starting_balance_flag', { sort_order: 'desc' }]);
    const own = ownWith({ notes: { $hastag: 'trip' } });
    const ownGeneral = ownWith({ $or: [{ notes: { $hastag: 'trip' } }] });
    const withTable = { tagIndex: true, accountOrder: { from: null } };
    for (const [limit, offset] of [
      [5, 0],
      [3, 9],
    ] as const) {
      const query = own.limit(limit).offset(offset);
      const expected = runQuery(s.f.sql, ownGeneral.limit(limit).offset(offset)).data;
      const read = runQuery(s.f.sql, query, withTable).data;
      expect(read, `${limit}+${offset}`).toEqual(expected);
      expect((read as unknown[]).length).toBe(limit);
      // The tag index not current: the notes, read through the table the same way.
      const byNotes = runQuery(s.f.sql, query, { accountOrder: { from: null } }).data;
      expect(byNotes, `${limit}+${offset} by notes`).toEqual(expected);
    }
    s.f.sql.run(`DELETE FROM ${ACCOUNT_ORDER_TABLE}`);
    expect(runQuery(s.f.sql, own.limit(5), withTable).data).toEqual([]);
    expect(runQuery(s.f.sql, own.limit(5), { accountOrder: { from: null } }).data).toEqual([]);
  });
});
