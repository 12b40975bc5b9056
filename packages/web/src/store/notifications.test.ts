import { describe, expect, it } from 'vitest';
import { type Notification, notificationsReducer, parseMessage } from './notifications.ts';

const note = (id: string, message = id): Notification => ({ id, type: 'message', message });

describe('notificationsReducer', () => {
  it('adds, de-duplicates by id and removes by id', () => {
    let state = notificationsReducer([], { type: 'add', notification: note('a') });
    state = notificationsReducer(state, { type: 'add', notification: note('b') });
    state = notificationsReducer(state, { type: 'add', notification: note('a', 'again') });
    expect(state.map((n) => [n.id, n.message])).toEqual([
      ['a', 'again'],
      ['b', 'b'],
    ]);
    state = notificationsReducer(state, { type: 'remove', id: 'a' });
    expect(state.map((n) => n.id)).toEqual(['b']);
    expect(notificationsReducer(state, { type: 'remove', id: 'zzz' })).toBe(state);
  });

  it('shows a repeated message once, in its place, and keeps different ones apart', () => {
    const failed = (id: string): Notification => ({
      id,
      type: 'error',
      title: 'Bank sync failed',
      message: 'Checking: the bank did not answer.',
    });
    let state = notificationsReducer([], { type: 'add', notification: failed('n1') });
    state = notificationsReducer(state, { type: 'add', notification: note('other') });
    state = notificationsReducer(state, { type: 'add', notification: failed('n2') });
    expect(state.map((n) => n.id)).toEqual(['n2', 'other']);
    const warning = { ...failed('n3'), type: 'warning' as const };
    state = notificationsReducer(state, { type: 'add', notification: warning });
    expect(state.map((n) => n.id)).toEqual(['n2', 'other', 'n3']);
  });
});

describe('parseMessage', () => {
  it('splits paragraphs and finds links and # actions', () => {
    const parts = parseMessage(
      'First [docs](https://example.com/x) here.\n\nSecond, [reset key](#reset-key).',
    );
    expect(parts).toEqual([
      [
        { kind: 'text', text: 'First ' },
        { kind: 'link', text: 'docs', href: 'https://example.com/x' },
        { kind: 'text', text: ' here.' },
      ],
      [
        { kind: 'text', text: 'Second, ' },
        { kind: 'action', text: 'reset key', name: 'reset-key' },
        { kind: 'text', text: '.' },
      ],
    ]);
  });
});
