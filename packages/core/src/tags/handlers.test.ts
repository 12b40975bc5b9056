import { beforeEach, describe, expect, it } from 'vitest';
import { type AppFixture, openAppCore } from '../transactions/test-helpers/app-core.ts';

let f: AppFixture;
let acct: string;
beforeEach(async () => {
  f = await openAppCore();
  acct = (await f.core.send('account-create', { name: 'Checking' })) as string;
});

const addTx = (id: string, notes: string | null, amount = -100) =>
  f.core.send('transaction-add', { id, account: acct, date: '2023-08-01', amount, notes });
const notesOf = (id: string) =>
  f.sql.first<{ notes: string }>('SELECT notes FROM transactions WHERE id = ?', [id])!.notes;
const tags = () => f.core.send('tags-get');

describe('tags-create, tags-get, tags-update, tags-delete', () => {
  it('lists tags by name with their colour, description, hidden flag and count', async () => {
    await addTx('t1', 'Flights #trip #work');
    await addTx('t2', 'Hotel #trip');
    await addTx('t3', '##trip is no tag');
    expect(await f.core.send('tags-create', { tag: '#trip', color: '#1f7a4d' })).toEqual(
      expect.any(String),
    );
    await f.core.send('tags-create', { tag: 'Gift', description: 'Presents' });
    const list = await tags();
    expect(
      Array.isArray(list) && list.map((t) => [t.tag, t.color, t.description, t.count]),
    ).toEqual([
      ['Gift', null, 'Presents', 0],
      ['trip', '#1f7a4d', null, 2],
    ]);
  });

  it('refuses an empty, spaced, punctuation-only or existing name, and a bad colour', async () => {
    await f.core.send('tags-create', { tag: 'trip' });
    for (const [tag, type] of [
      ['', 'invalid-name'],
      ['a b', 'invalid-name'],
      ['!!', 'invalid-name'],
      ['trip', 'tag-exists'],
    ]) {
      expect(await f.core.send('tags-create', { tag: tag! })).toMatchObject({ error: { type } });
    }
    expect(await f.core.send('tags-create', { tag: 'x', color: 'red' })).toMatchObject({
      error: { type: 'invalid-color' },
    });
    expect((await tags()) as unknown[]).toHaveLength(1);
  });

  it('recolours, describes and hides; deleting keeps the notes and a new create revives the row', async () => {
    await addTx('t1', 'Lunch #work');
    const id = (await f.core.send('tags-create', { tag: 'work' })) as string;
    await f.core.send('tags-update', { id, color: '#aa0000', description: 'Office', hidden: true });
    expect(await tags()).toMatchObject([
      { id, tag: 'work', color: '#aa0000', description: 'Office', hidden: true, count: 1 },
    ]);
    await f.core.send('tags-delete', { ids: [id] });
    expect(await tags()).toEqual([]);
    expect(notesOf('t1')).toBe('Lunch #work');
    expect(await f.core.send('tags-create', { tag: 'work' })).toBe(id);
    await f.core.send('undo');
    expect(await tags()).toEqual([]);
  });
});

describe('tags-rename', () => {
  it('rewrites every note that uses the tag, and one undo puts tag and notes back', async () => {
    await addTx('t1', 'Flights #trip, #trips');
    await addTx('t2', '#trip#work ##trip');
    const id = (await f.core.send('tags-create', { tag: 'trip' })) as string;
    expect(await f.core.send('tags-rename', { id, tag: 'travel' })).toEqual({ id, merged: false });
    expect(notesOf('t1')).toBe('Flights #trip, #trips');
    expect(notesOf('t2')).toBe('#travel#work ##trip');
    expect(await tags()).toMatchObject([{ id, tag: 'travel', count: 1 }]);
    await f.core.send('undo');
    expect(notesOf('t2')).toBe('#trip#work ##trip');
    expect(await tags()).toMatchObject([{ id, tag: 'trip' }]);
  });

  it('asks before merging onto an existing tag, then folds the two', async () => {
    await addTx('t1', 'a #holiday');
    await addTx('t2', 'b #vacation');
    const from = (await f.core.send('tags-create', { tag: 'holiday' })) as string;
    const into = (await f.core.send('tags-create', {
      tag: 'vacation',
      color: '#123456',
    })) as string;
    expect(await f.core.send('tags-rename', { id: from, tag: 'vacation' })).toMatchObject({
      error: { type: 'tag-exists' },
    });
    expect(notesOf('t1')).toBe('a #holiday');
    expect(await f.core.send('tags-rename', { id: from, tag: 'vacation', merge: true })).toEqual({
      id: into,
      merged: true,
    });
    expect(notesOf('t1')).toBe('a #vacation');
    expect(await tags()).toMatchObject([{ id: into, tag: 'vacation', color: '#123456', count: 2 }]);
  });

  it('refuses a name that is only punctuation and changes nothing', async () => {
    await addTx('t1', '#trip');
    const id = (await f.core.send('tags-create', { tag: 'trip' })) as string;
    expect(await f.core.send('tags-rename', { id, tag: '...' })).toMatchObject({
      error: { type: 'invalid-name', message: 'A tag name cannot be only punctuation' },
    });
    expect(notesOf('t1')).toBe('#trip');
  });
});

describe('tags-discover', () => {
  it('records the tags notes use and the table lacks, in one undo step', async () => {
    await addTx('t1', '#trip #gift #...');
    await addTx('t2', '#Trip');
    await f.core.send('tags-create', { tag: 'gift' });
    expect(await f.core.send('tags-discover')).toEqual(['Trip', 'trip']);
    expect(((await tags()) as Array<{ tag: string }>).map((t) => t.tag)).toEqual([
      'gift',
      'Trip',
      'trip',
    ]);
    await f.core.send('undo');
    expect(((await tags()) as Array<{ tag: string }>).map((t) => t.tag)).toEqual(['gift']);
  });
});
