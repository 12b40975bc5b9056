/**
 * Property: whatever reaches the database through the write path (inserts, notes and other
 * edits, deletes, batches, undo and redo, messages from another device, a write the index did
 * not see), the notes index holds exactly every stored transaction's notes, and a search
 * through it finds what a scan of the notes finds.
 */
import { deserializeValue } from '@coffer/crdt';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runQuery } from '../query/exec.ts';
import { q } from '../query/query.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import type { Message } from '../sync/types.ts';
import { notesIndexIsCurrent, searchStamp, stripDerived } from './notes-index.ts';
import { DerivedData } from '../budget-file/derived-data.ts';
import { SEARCH_INDEX_TABLE } from './slot.ts';

const WORDS = ['rent', 'Café', 'groceries', 'RENTAL', 'ab', 'x%y', 'quote"d', 'über'];
const notes = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
);
const idx = fc.nat(30);
const op = fc.oneof(
  { weight: 4, arbitrary: fc.record({ k: fc.constant('add' as const), notes }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant('notes' as const), tx: idx, notes }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('amount' as const), tx: idx, v: fc.integer() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('delete' as const), tx: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('batch' as const), a: notes, b: notes }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('undo' as const, 'redo' as const) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('remote' as const), tx: idx, notes }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('unseen' as const), tx: idx, notes }) },
); // prettier-ignore
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function setUp() {
  const { db, platform } = memoryBudgetDb({ seed: 3 });
  const replica = memoryBudgetDb({ seed: 4, platform }).db;
  const acct = db.insert('accounts', { name: 'Checking' });
  let index = new DerivedData(db.sqlite, (l) => db.onChange(l), SEARCH_INDEX_TABLE);
  index.ensure();
  return {
    db,
    replica,
    acct,
    index: () => index,
    reopen() {
      index.close();
      index = new DerivedData(db.sqlite, (l) => db.onChange(l), SEARCH_INDEX_TABLE);
    },
  };
}

type Setup = ReturnType<typeof setUp>;

/** The index's rows, as (id, notes), sorted. */
function indexed(s: Setup): string[] {
  return s.db.sqlite
    .all<{ id: string; notes: string }>(
      `SELECT r.id AS id, f.notes AS notes FROM coffer_search_rows r
       JOIN coffer_search_notes f ON f.rowid = r.rid`,
    )
    .map((r) => `${r.id}\u0000${r.notes}`)
    .sort();
}

/** The same from scratch: every stored transaction with notes. */
function recomputed(s: Setup): string[] {
  return s.db.sqlite
    .all<{ id: string; notes: string }>(
      `SELECT id, notes FROM transactions WHERE notes IS NOT NULL AND notes != ''`,
    )
    .map((r) => `${r.id}\u0000${r.notes}`)
    .sort();
}

function apply(s: Setup, o: Op, txs: string[], seen: { ts: string }): void {
  const pick = (i: number) => txs[i % txs.length]!;
  const add = (n: string | null) => {
    txs.push(s.db.insert('transactions', { acct: s.acct, date: 20240105, amount: -100, notes: n })); // prettier-ignore
  };
  switch (o.k) {
    case 'add':
      s.db.undo.begin();
      add(o.notes);
      s.db.undo.end();
      return;
    case 'batch':
      s.db.undo.begin();
      // Several rows in one event (as an import): new ones, and rows already indexed or not.
      s.db.batch(() => {
        add(o.a);
        add(o.b);
        if (txs.length > 2) s.db.update('transactions', { id: pick(txs.length - 3), notes: o.b });
        if (txs.length > 4) s.db.update('transactions', { id: pick(txs.length - 5), notes: o.a });
      });
      s.db.undo.end();
      return;
    case 'undo':
      s.db.undo.undo();
      return;
    case 'redo':
      s.db.undo.redo();
      return;
  }
  if (txs.length === 0) return;
  switch (o.k) {
    case 'notes':
      s.db.undo.begin();
      s.db.update('transactions', { id: pick(o.tx), notes: o.notes });
      s.db.undo.end();
      return;
    case 'amount':
      s.db.update('transactions', { id: pick(o.tx), amount: o.v });
      return;
    case 'delete':
      s.db.delete('transactions', pick(o.tx));
      return;
    case 'remote': {
      // Another device's edit of a row both know: the replica learns the row, then edits it.
      const id = pick(o.tx);
      s.replica.applyMessages(
        [{ timestamp: s.db.timestamp, dataset: 'transactions', row: id, column: 'acct', value: s.acct }], // prettier-ignore
        { source: 'remote' },
      );
      s.replica.update('transactions', { id, notes: o.notes });
      const stored = s.replica.getMessagesSince(seen.ts);
      seen.ts = stored.at(-1)?.timestamp ?? seen.ts;
      const messages: Message[] = stored.map((m) => ({ ...m, value: deserializeValue(m.value) }));
      s.db.applyMessages(messages, { source: 'remote' });
      return;
    }
    case 'unseen': {
      // Written while no index listened (another program, or a crash before the update):
      // the stamp no longer matches, and the next search rebuilds.
      s.index().close();
      const stamp = searchStamp(s.db.sqlite);
      s.db.update('transactions', { id: pick(o.tx), notes: o.notes });
      s.reopen();
      // An update to the value already stored writes nothing, and the index stays current.
      const wrote = searchStamp(s.db.sqlite) !== stamp;
      expect(notesIndexIsCurrent(s.db.sqlite)).toBe(!wrote);
      s.index().ensure();
      return;
    }
  }
}

describe('the notes index', () => {
  it('stays equal to the notes stored, through every kind of write', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
        const s = setUp();
        const txs: string[] = [];
        const seen = { ts: '' };
        for (const o of ops) {
          apply(s, o, txs, seen);
          s.index().ensure();
          expect(indexed(s)).toEqual(recomputed(s));
        }
        // Reopened after the edits, the index is still current: nothing to rebuild.
        s.reopen();
        expect(notesIndexIsCurrent(s.db.sqlite)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('finds through $search what a scan of the notes finds', () => {
    const s = setUp();
    for (const w of [...WORDS, 'Groceries and rent', null, 'a_b', 'UBER']) {
      s.db.insert('transactions', { acct: s.acct, date: 20240105, amount: -1, notes: w });
    }
    const found = (text: string) =>
      (
        runQuery(s.db.sqlite, q('transactions').filter({ $search: { text } }).select('id'))
          .data as { id: string }[]
      )
        .map((r) => r.id)
        .sort();
    const scanned = (text: string) =>
      s.db.sqlite
        .all<{ id: string }>(
          `SELECT id FROM transactions WHERE instr(lower(notes), lower(?)) > 0 AND tombstone = 0`,
          [text],
        )
        .map((r) => r.id)
        .sort();
    for (const text of ['rent', 'RENT', 'ab', 'x%y', '%', '_', 'quote"d', 'ent', 'a', 'caf']) {
      expect(found(text), text).toEqual(scanned(text));
    }
    expect(found('rent').length).toBeGreaterThan(0);
  });

  it('is dropped from the copy an Actual client gets', () => {
    const s = setUp();
    s.db.insert('transactions', { acct: s.acct, date: 20240105, amount: -1, notes: 'rent' });
    stripDerived(s.db.sqlite);
    const left = s.db.sqlite.all(
      "SELECT name FROM sqlite_master WHERE name LIKE 'coffer_search%' OR name LIKE 'coffer_trans%'",
    );
    expect(left).toEqual([]);
    expect(notesIndexIsCurrent(s.db.sqlite)).toBe(false);
  });
});
