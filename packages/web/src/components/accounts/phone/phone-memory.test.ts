import { describe, expect, it } from 'vitest';
import type { RegisterTx } from '../types.ts';
import { newDraft } from '../editing/draft.ts';
import { PhoneMemory, withSaved } from './phone-memory.ts';

const tx = (id: string, date: string, amount: number, account = 'a1'): RegisterTx => ({
  id,
  is_parent: false,
  is_child: false,
  parent_id: null,
  account,
  category: null,
  amount,
  payee: null,
  notes: null,
  date,
  imported_id: null,
  imported_payee: null,
  error: null,
  starting_balance_flag: false,
  transfer_id: null,
  sort_order: null,
  cleared: false,
  schedule: null,
});

const ids = (rows: { groups: RegisterTx[] }) => rows.groups.map((g) => g.id);
const kept = {
  groups: [
    tx('t3', '2026-11-20', -100),
    tx('t2', '2026-11-18', -200),
    tx('t1', '2026-11-10', 5000),
  ],
  balance: 4700,
};

describe('the phone register’s rows with the editor’s confirmed save in place', () => {
  it('puts a new transaction above the first row of its day or older, and moves the balance', () => {
    const added = withSaved(kept, { before: null, after: tx('n', '2026-11-18', -1234) }, 'a1');
    expect(ids(added)).toEqual(['t3', 'n', 't2', 't1']);
    expect(added.balance).toBe(4700 - 1234);
    // Older than every kept row: at the end of the page, until the read puts it in its place.
    const old = withSaved(kept, { before: null, after: tx('o', '2026-01-01', -1) }, 'a1');
    expect(ids(old)).toEqual(['t3', 't2', 't1', 'o']);
  });

  it('an edit keeps its place on its day, moves with a new date, and a delete or a move away removes it', () => {
    const edited = withSaved(
      kept,
      { before: kept.groups[1]!, after: tx('t2', '2026-11-18', -250) },
      'a1',
    );
    expect(ids(edited)).toEqual(['t3', 't2', 't1']);
    expect(edited.groups[1]!.amount).toBe(-250);
    expect(edited.balance).toBe(4650);
    const moved = withSaved(
      kept,
      { before: kept.groups[1]!, after: tx('t2', '2026-11-25', -200) },
      'a1',
    );
    expect(ids(moved)).toEqual(['t2', 't3', 't1']);
    const deleted = withSaved(kept, { before: kept.groups[0]!, after: null }, 'a1');
    expect(ids(deleted)).toEqual(['t2', 't1']);
    expect(deleted.balance).toBe(4800);
    const away = withSaved(
      kept,
      { before: kept.groups[0]!, after: tx('t3', '2026-11-20', -100, 'a2') },
      'a1',
    );
    expect(ids(away)).toEqual(['t2', 't1']);
    // Another account's view is left as it was.
    expect(withSaved(kept, { before: null, after: tx('n', '2026-11-18', -1, 'a2') }, 'a1')).toBe(
      kept,
    );
  });

  it('shows the save on the account it was in until that view’s rows are read again', () => {
    const memory = new PhoneMemory();
    expect(memory.rows('k', 'a1')).toBeNull();
    memory.keep('k', kept);
    memory.save({ before: null, after: tx('n', '2026-11-30', -1) });
    expect(ids(memory.rows('k', 'a1')!)).toEqual(['n', 't3', 't2', 't1']);
    // A view of several accounts waits for its read.
    expect(ids(memory.rows('k', null)!)).toEqual(['t3', 't2', 't1']);
    memory.read('k', { groups: [tx('n', '2026-11-30', -1), ...kept.groups], balance: 4699 });
    expect(memory.rows('k', 'a1')!.balance).toBe(4699);
    // Only the last few views are kept.
    for (const k of ['v1', 'v2', 'v3', 'v4']) memory.keep(k, kept);
    expect(memory.rows('k', 'a1')).toBeNull();
    expect(memory.rows('v4', 'a1')).not.toBeNull();
  });

  it('a new row already in the rows is not put in twice (they were read after the write)', () => {
    const after = tx('n', '2026-11-20', -1);
    const read = { groups: [after, ...kept.groups], balance: 4699 };
    expect(withSaved(read, { before: null, after }, 'a1')).toBe(read);
  });

  it('a save on its way is shown as saving, stays through a read until the core answers, and a refusal takes it away and keeps the typing for the editor', () => {
    const memory = new PhoneMemory();
    const heard: boolean[] = [];
    memory.subscribe(() => heard.push(memory.current().saving));
    memory.keep('k', kept);
    const before = memory.current().seq;
    memory.save({ before: null, after: tx('n', '2026-11-30', -1) }, true);
    expect(memory.current()).toMatchObject({ saving: true, seq: before + 1 });
    // A read before the core has answered may not hold the write yet: the save stays.
    memory.read('k', kept);
    expect(memory.current().saved).not.toBeNull();
    // Rows kept after the save was made are not given it again.
    expect(ids(memory.rows('k', 'a1')!)).toEqual(['t3', 't2', 't1']);
    memory.confirm();
    expect(memory.current().saving).toBe(false);
    memory.read('k', kept);
    expect(memory.current().saved).toBeNull();
    expect(heard).toEqual([true, false]);

    const start = newDraft('n2', '2026-11-30', 'a1');
    const draft = { ...start, amount: -789 };
    memory.keep('k', kept);
    memory.save({ before: null, after: tx('n2', '2026-11-30', -789) }, true);
    expect(ids(memory.rows('k', 'a1')!)).toEqual(['n2', 't3', 't2', 't1']);
    memory.refuse({ editor: 'new', start, draft, message: 'No account with id x' });
    expect(memory.current()).toMatchObject({ saved: null, saving: false });
    expect(ids(memory.rows('k', 'a1')!)).toEqual(['t3', 't2', 't1']);
    // Only the editor it belongs to gets the typing, once it has been taken.
    expect(memory.peekRefused('t1')).toBeNull();
    expect(memory.peekRefused('new')?.draft.amount).toBe(-789);
    memory.dropRefused('new');
    expect(memory.peekRefused('new')).toBeNull();
  });

  it('names the editor’s history entry a save left until the history has stepped away from it', () => {
    const memory = new PhoneMemory();
    let heard = 0;
    memory.subscribe(() => heard++);
    memory.save({ before: null, after: tx('n', '2026-11-30', -1) }, true, 'editor-key');
    expect(memory.current().left).toBe('editor-key');
    // The core's answer does not bring the editor back.
    memory.confirm();
    expect(memory.current().left).toBe('editor-key');
    memory.arrived();
    expect(memory.current().left).toBeNull();
    const told = heard;
    memory.arrived();
    expect(heard).toBe(told);
    // A save that leaves by no step back (a wide editor) names none.
    memory.save({ before: null, after: tx('m', '2026-11-30', -2) });
    expect(memory.current().left).toBeNull();
  });
});

describe('PhoneMemory.opening', () => {
  const to = {
    pathname: '/transactions/new',
    search: '?account=a1',
    hash: '',
    state: { under: { pathname: '/accounts/a1', search: '', hash: '', state: null, key: 'k1' } },
    key: 'opening',
  };

  it('tells its listeners of a tap opening the editor, and forgets it without a word', () => {
    const memory = new PhoneMemory();
    let told = 0;
    memory.subscribe(() => (told += 1));
    expect(memory.openingNow()).toBeNull();
    memory.opening(to);
    expect(memory.openingNow()).toBe(to);
    expect(told).toBe(1);
    // The router has moved: the layer follows it already, a render for this would be wasted.
    memory.opened();
    expect(memory.openingNow()).toBeNull();
    expect(told).toBe(1);
    // The latest save's state is its own snapshot: an opening does not change it.
    const saved = memory.current();
    memory.opening(to);
    expect(memory.current()).toBe(saved);
  });

  it("hands a row's tap its row, for that transaction's editor only, while it opens", () => {
    const memory = new PhoneMemory();
    const row = tx('t1', '2026-11-10', 5000);
    const toRow = { ...to, pathname: '/transactions/t1', search: '' };
    memory.opening(toRow, row);
    expect(memory.openingNow()).toBe(toRow);
    expect(memory.openingTx('t1')).toBe(row);
    expect(memory.openingTx('t2')).toBeNull();
    memory.opened();
    expect(memory.openingTx('t1')).toBeNull();
    // Add transaction's tap carries no row.
    memory.opening(to);
    expect(memory.openingTx('t1')).toBeNull();
  });
});
