import { describe, expect, it } from 'vitest';
import type { Timers } from '../platform/index.ts';
import { q } from '../query/query.ts';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';
import { groupSums, monthSums } from '../month-sums/slot.ts';
import { tagIndex } from '../tags/slot.ts';
import { runQuery } from '../query/exec.ts';
import { searchIndex } from '../search/slot.ts';
import { accountOrder } from './account-order.ts';
import { backgroundHold } from '../budget-file/background-hold.ts';
import { readFromSums } from './cell-read.ts';
import { QueryCellsSlot } from './query-cells.ts';

describe('query and create-query', () => {
  it('runs a serialized query and reports its dependencies', async () => {
    const f = await openAppCore();
    const acct = (await f.core.send('account-create', {
      name: 'Checking',
      balance: 500,
    })) as string;
    const result = await f.core.send(
      'query',
      q('transactions').filter({ account: acct }).select(['amount', 'date']).serialize(),
    );
    expect(result).toMatchObject({ data: [{ amount: 500, date: '2023-08-06' }] });
    expect((result as { dependencies: string[] }).dependencies).toContain('transactions');
  });

  it('turns bad queries into typed errors', async () => {
    const f = await openAppCore();
    expect(await f.core.sendUnknown('query', { filterExpressions: [] })).toMatchObject({
      error: { type: 'APIError', message: expect.stringContaining('query has no table') },
    });
    expect(
      await f.core.send('query', q('transactions').filter({ nope: 1 }).serialize()),
    ).toMatchObject({
      error: { type: 'query-error' },
    });
  });

  it('keeps a query cell up to date and pushes its changes', async () => {
    const f = await openAppCore();
    const acct = (await f.core.send('account-create', {
      name: 'Checking',
      balance: 500,
    })) as string;
    const balance = q('transactions')
      .filter({ account: acct })
      .options({ splits: 'none' })
      .calculate({ $sum: '$amount' });
    expect(
      await f.core.send('create-query', {
        sheetName: 'account',
        name: `balance-${acct}`,
        query: balance.serialize(),
      }),
    ).toBe('ok');
    const cell = `account!balance-${acct}`;
    expect(f.budget.get(QueryCellsSlot).get(cell)).toBe(500);
    f.pushed.length = 0;
    await f.core.send('transaction-add', { account: acct, date: '2023-08-02', amount: -120 });
    expect(f.budget.get(QueryCellsSlot).get(cell)).toBe(380);
    expect(f.pushed).toContainEqual({
      name: 'cells-changed',
      payload: [{ name: cell, value: 380 }],
    });
    // A write to an unrelated table recomputes nothing.
    f.pushed.length = 0;
    await f.core.send('notes-save', { id: acct, note: 'x' });
    expect(f.pushed.filter((p) => p.name === 'cells-changed')).toEqual([]);
  });

  it('answers create-query at once and reads the cell on a later turn, or when asked', async () => {
    const f = await openAppCore();
    // The platform's timers, run by hand (the test platform's never fire).
    const due: Array<() => void> = [];
    (f.budget.env.platform as { timers: Timers }).timers = {
      setTimeout: (fn) => due.push(fn),
      clearTimeout: () => undefined,
    };
    const runTimers = () => {
      while (due.length > 0) due.shift()!();
    };
    const acct = (await f.core.send('account-create', {
      name: 'Checking',
      balance: 500,
    })) as string;
    const balance = (name: string) => ({
      sheetName: 'account',
      name,
      query: q('transactions').filter({ account: acct }).calculate({ $sum: '$amount' }).serialize(),
    });
    const pushedCells = () =>
      f.pushed
        .filter((p) => p.name === 'cells-changed')
        .flatMap((p) => p.payload as { name: string; value: unknown }[]);
    f.pushed.length = 0;
    expect(await f.core.send('create-query', balance('later'))).toBe('ok');
    expect(await f.core.send('create-query', balance('asked'))).toBe('ok');
    // Neither is read yet: other requests are answered before the reads.
    expect(pushedCells()).toEqual([]);
    // A read of a cell not read yet reads it then.
    expect(await f.core.send('getCell', { sheetName: 'account', name: 'asked' })).toEqual({
      name: 'account!asked',
      value: 500,
    });
    // A write before the deferred read is in its value.
    await f.core.send('transaction-add', { account: acct, date: '2023-08-02', amount: -120 });
    expect(pushedCells().filter((c) => c.name === 'account!later')).toEqual([]);
    runTimers();
    expect(pushedCells()).toContainEqual({ name: 'account!later', value: 380 });
    expect(pushedCells()).toContainEqual({ name: 'account!asked', value: 500 });
    expect(pushedCells()).toContainEqual({ name: 'account!asked', value: 380 });
    expect(pushedCells().filter((c) => c.name === 'account!later')).toHaveLength(1);
    // A bad query is still refused when it is created.
    expect(
      await f.core.send('create-query', {
        sheetName: 'account',
        name: 'bad',
        query: q('transactions').filter({ nope: 1 }).calculate({ $sum: '$amount' }).serialize(),
      }),
    ).toMatchObject({ error: { type: 'query-error' } });
  });
});

describe('query cells the sums answer', () => {
  it('read them, and read them again after each write, equal to the full read', async () => {
    const f = await openAppCore();
    const acct = (await f.core.send('account-create', { name: 'Checking', balance: 500 })) as string; // prettier-ignore
    monthSums(f.budget).ensure();
    groupSums(f.budget).ensure();
    const queries = {
      own: q('transactions').filter({ account: acct }).options({ splits: 'none' }),
      open: q('transactions').filter({ 'account.closed': false }),
      uncategorized: q('transactions').filter({ 'account.offbudget': false, category: null }),
    };
    const cells = f.budget.get(QueryCellsSlot);
    for (const [name, query] of Object.entries(queries)) {
      const state = query.calculate({ $sum: '$amount' }).serialize();
      await f.core.send('create-query', { sheetName: 'account', name, query: state });
      expect(readFromSums(f.budget, state)).not.toBeNull();
    }
    const check = () => {
      for (const [name, query] of Object.entries(queries)) {
        const full = runQuery(f.budget.sqlite, query.calculate({ $sum: '$amount' })).data;
        expect(cells.get(`account!${name}`)).toBe(full);
      }
    };
    check();
    const id = (await f.core.send('transaction-add', { account: acct, date: '2023-08-02', amount: -120 })) as string; // prettier-ignore
    check();
    await f.core.send('transaction-update', { id, amount: -90 });
    check();
    await f.core.send('undo');
    check();
    await f.core.send('account-close', { id: acct, forced: true });
    check();
  });
});

describe('a balance over parents while the account-order table is built', () => {
  it('is read without finishing that build, equal to the full read, and through the table once built', async () => {
    const f = await openAppCore();
    const acct = (await f.core.send('account-create', { name: 'Checking', balance: 500 })) as string; // prettier-ignore
    // A split whose lines do not add up to it: the level over parents differs from the lines'.
    const parent = f.budget.db.insert('transactions', { acct, date: 20230805, amount: -300, isParent: 1 }); // prettier-ignore
    f.budget.db.insert('transactions', { acct, date: 20230805, amount: -100, isChild: 1, parent_id: parent }); // prettier-ignore
    monthSums(f.budget).ensure();
    groupSums(f.budget).ensure();
    expect(accountOrder(f.budget).isCurrent()).toBe(false);
    const own = q('transactions').filter({ account: acct }).options({ splits: 'none' });
    const state = own.calculate({ $sum: '$amount' }).serialize();
    await f.core.send('create-query', { sheetName: 'account', name: 'own', query: state });
    const cells = f.budget.get(QueryCellsSlot);
    const full = () => runQuery(f.budget.sqlite, own.calculate({ $sum: '$amount' })).data;
    expect(cells.get('account!own')).toBe(200);
    expect(full()).toBe(200);
    // Asked for at once, it did not finish the table's build (a second of a phone's worker at
    // 100,000 rows, inside a save's read): the split rows were read another way.
    expect(accountOrder(f.budget).isCurrent()).toBe(false);
    await f.core.send('transaction-add', { account: acct, date: '2023-08-06', amount: -20 });
    expect(cells.get('account!own')).toBe(full());
    // Once the table is built it serves, and the other way's indexes are gone.
    accountOrder(f.budget).ensure();
    const splitIndexes = () =>
      f.budget.sqlite.all("SELECT name FROM sqlite_master WHERE name LIKE 'coffer_trans_split%'");
    expect(splitIndexes()).toEqual([]);
    await f.core.send('transaction-update', { id: parent, amount: -350 });
    expect(cells.get('account!own')).toBe(full());
    expect(cells.get('account!own')).toBe(130);
    expect(splitIndexes()).toEqual([]);
  });
});

describe('query cells whose sums are being built', () => {
  it('wait for the build, answered from the finished sums, while a save goes through', async () => {
    // Every timer of the budget (the sums' background builds, the cells' turns) run by hand.
    const due: Array<() => void> = [];
    const timers: Timers = { setTimeout: (fn) => due.push(fn), clearTimeout: () => undefined };
    const f = await openAppCore({ timers });
    const acct = (await f.core.send('account-create', { name: 'Checking', balance: 500 })) as string; // prettier-ignore
    for (let m = 1; m <= 6; m++) {
      await f.core.send('transaction-add', { account: acct, date: `2023-0${m}-10`, amount: -m * 10 }); // prettier-ignore
    }
    expect(monthSums(f.budget).building()).toBe(true);
    const queries = {
      own: q('transactions').filter({ account: acct }).options({ splits: 'none' }),
      uncategorized: q('transactions').filter({ 'account.offbudget': false, category: null }),
    };
    for (const [name, query] of Object.entries(queries)) {
      const state = query.calculate({ $sum: '$amount' }).serialize();
      await f.core.send('create-query', { sheetName: 'account', name, query: state });
    }
    // Each value pushed, with whether its sums were current then.
    const pushes: Array<{ name: string; current: boolean }> = [];
    f.core.events.onAny((name, payload) => {
      if (name !== 'cells-changed') return;
      const current = monthSums(f.budget).isCurrent() && groupSums(f.budget).isCurrent();
      for (const c of payload as { name: string }[]) pushes.push({ name: c.name, current });
    });
    let saved = false;
    for (let turn = 0; due.length > 0; turn++) {
      due.shift()!();
      // A save between the build's steps is answered at once, not after the build.
      if (turn === 2) {
        expect(monthSums(f.budget).isCurrent()).toBe(false);
        await f.core.send('transaction-add', { account: acct, date: '2023-03-02', amount: -7 });
        saved = true;
      }
    }
    expect(saved).toBe(true);
    expect(monthSums(f.budget).isCurrent()).toBe(true);
    expect(pushes.map((p) => p.name).sort()).toEqual(['account!own', 'account!uncategorized']);
    expect(pushes.every((p) => p.current)).toBe(true);
    const cells = f.budget.get(QueryCellsSlot);
    for (const [name, query] of Object.entries(queries)) {
      const full = runQuery(f.budget.sqlite, query.calculate({ $sum: '$amount' })).data;
      expect(cells.get(`account!${name}`)).toBe(full);
    }
  });
});

describe('a report the sums answer while their build runs', () => {
  it('is read from the part built and the rows after it, equal to the full read, the build left to its steps', async () => {
    // The budget's timers (the background builds) run by hand: none has run yet.
    const due: Array<() => void> = [];
    const timers: Timers = { setTimeout: (fn) => due.push(fn), clearTimeout: () => undefined };
    const f = await openAppCore({ timers });
    const acct = (await f.core.send('account-create', { name: 'Checking', balance: 500 })) as string; // prettier-ignore
    for (let m = 1; m <= 6; m++) {
      await f.core.send('transaction-add', { account: acct, date: `2023-0${m}-10`, amount: -m * 10 }); // prettier-ignore
    }
    const reports = [
      q('transactions').filter({ account: { $oneof: [acct] } }).groupBy(['$category']).select([{ key: '$category' }, { amount: { $sum: '$amount' } }]).orderBy(['$category']), // prettier-ignore
      q('transactions').filter({ account: { $oneof: [acct] } }).groupBy(['$account', { $month: '$date' }]).select([{ key: '$account' }, { amount: { $sum: '$amount' } }, { month: { $month: '$date' } }]).orderBy(['$account', { $month: '$date' }]), // prettier-ignore
    ].map((r) => r.withoutValidatedRefs().serialize());
    const sums = monthSums(f.budget);
    // Not begun (the rows are read), then begun with nothing summed (the sums and every row).
    for (const position of [null, 'started']) {
      expect(sums.building()).toBe(true);
      expect(sums.position()).toBe(position);
      for (const report of reports) {
        const res = (await f.core.send('query', report)) as { data: unknown };
        expect(res.data).toEqual(runQuery(f.budget.sqlite, report).data);
      }
      // The report did not finish the build.
      expect(sums.isCurrent()).toBe(false);
      // The next timers, up to the sums' first step (other builds come first).
      while (sums.position() === null && due.length > 0) due.shift()!();
    }
    while (due.length > 0) due.shift()!();
    expect(sums.isCurrent()).toBe(true);
  });
});

describe('a tag filter while the tag index is being built', () => {
  it('answers a page from the notes without finishing the build; a whole read builds it', async () => {
    // The budget's timers (the background builds) run by hand: none has run yet.
    const due: Array<() => void> = [];
    const timers: Timers = { setTimeout: (fn) => due.push(fn), clearTimeout: () => undefined };
    const f = await openAppCore({ timers });
    const acct = (await f.core.send('account-create', { name: 'Checking', balance: 500 })) as string; // prettier-ignore
    for (let d = 1; d <= 9; d++) {
      const notes = d % 3 === 0 ? `day ${d} #trip` : `day ${d}`;
      await f.core.send('transaction-add', { account: acct, date: `2023-05-0${d}`, amount: -d, notes }); // prettier-ignore
    }
    expect(tagIndex(f.budget).building()).toBe(true);
    const tagged = q('transactions')
      .filter({ account: acct, notes: { $hastag: 'trip' } })
      .select(['notes'])
      .orderBy({ date: 'desc' });
    const page = await f.core.send('query', tagged.limit(2).serialize());
    expect(page).toMatchObject({ data: [{ notes: 'day 9 #trip' }, { notes: 'day 6 #trip' }] });
    expect(tagIndex(f.budget).isCurrent()).toBe(false);
    const all = await f.core.send('query', tagged.serialize());
    expect((all as { data: unknown[] }).data).toHaveLength(3);
    expect(tagIndex(f.budget).isCurrent()).toBe(true);
  });
});

describe('a search while the search index is being built', () => {
  it('finds the notes by a scan and leaves the build to its steps; once built, reads the index', async () => {
    const due: Array<() => void> = [];
    const timers: Timers = { setTimeout: (fn) => due.push(fn), clearTimeout: () => undefined };
    const f = await openAppCore({ timers });
    const acct = (await f.core.send('account-create', { name: 'Checking', balance: 500 })) as string; // prettier-ignore
    for (const notes of ['weekly groceries', 'rent', 'Groceries again']) {
      await f.core.send('transaction-add', { account: acct, date: '2023-01-10', amount: -10, notes }); // prettier-ignore
    }
    const index = searchIndex(f.budget);
    expect(index.building()).toBe(true);
    const search = q('transactions')
      .filter({ $search: { text: 'grocer' } })
      .select('notes')
      .orderBy('notes')
      .serialize();
    const found = async () => {
      const res = (await f.core.send('query', search)) as { data: Array<{ notes: string }> };
      return res.data.map((r) => r.notes);
    };
    expect(await found()).toEqual(['Groceries again', 'weekly groceries']);
    // The search did not finish the build: it is still the background's.
    expect(index.isCurrent()).toBe(false);
    expect(index.building()).toBe(true);
    while (due.length > 0) due.shift()!();
    expect(index.isCurrent()).toBe(true);
    expect(await found()).toEqual(['Groceries again', 'weekly groceries']);
  });
  it('hurries the builds it reads past a hold on background work; others keep waiting', async () => {
    // At 1,000,000 transactions in the browser, the screen in use (scrolling, typing) held every
    // build, so each search scanned the notes: 1.3–2.1 s a search, and no end to it.
    const due: Array<() => void> = [];
    const timers: Timers = { setTimeout: (fn) => due.push(fn), clearTimeout: () => undefined };
    const f = await openAppCore({ timers });
    const acct = (await f.core.send('account-create', { name: 'Checking', balance: 500 })) as string; // prettier-ignore
    await f.core.send('transaction-add', { account: acct, date: '2023-01-10', amount: -10, notes: 'groceries' }); // prettier-ignore
    // Background work held for good (a screen that never goes quiet).
    backgroundHold(f.budget).hold(new Promise(() => undefined));
    const run = () => {
      while (due.length > 0) due.shift()!();
    };
    run();
    expect(searchIndex(f.budget).isCurrent()).toBe(false);
    expect(accountOrder(f.budget).isCurrent()).toBe(false);
    const search = q('transactions').filter({ $search: { text: 'grocer', payees: ['p'] } }).select('notes'); // prettier-ignore
    expect(await f.core.send('query', search.serialize())).toMatchObject({ data: [{ notes: 'groceries' }] }); // prettier-ignore
    run();
    expect(searchIndex(f.budget).isCurrent()).toBe(true);
    expect(accountOrder(f.budget).isCurrent()).toBe(true);
    expect(tagIndex(f.budget).isCurrent()).toBe(false);
  });
});
