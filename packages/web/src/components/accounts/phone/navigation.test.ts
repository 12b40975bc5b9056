import type { Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { editorState, editorUnder } from './navigation.ts';

const at = (pathname: string, state: unknown = null, search = ''): Location => ({
  pathname,
  search,
  hash: '',
  state,
  key: `k${pathname.length}`,
});

describe('the page under the phone’s editor', () => {
  it('rides in the editor’s history entry, and only an editor’s address has one', () => {
    const list = at('/accounts/a1', { filter: 1 }, '?q=x');
    const state = editorState(list);
    expect(editorUnder(at('/transactions/new', state))).toEqual({
      pathname: '/accounts/a1',
      search: '?q=x',
      hash: '',
      state: { filter: 1 },
      key: list.key,
    });
    expect(editorUnder(at('/accounts/a1', state))).toBeNull();
    // Opened from a link (no page under it), or a state that is not one.
    expect(editorUnder(at('/transactions/t1'))).toBeNull();
    expect(editorUnder(at('/transactions/t1', { under: 'x' }))).toBeNull();
    expect(editorUnder(at('/transactions/t1', { under: { search: '' } }))).toBeNull();
  });

  it('an editor opened over an editor does not carry the first one’s page within it', () => {
    const over = at('/transactions/new', editorState(at('/budget')));
    expect(editorState(over).under.state).toBeNull();
  });
});
