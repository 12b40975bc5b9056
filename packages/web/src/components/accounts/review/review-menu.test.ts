import { describe, expect, it } from 'vitest';
import type { ReviewEntry } from './review-text.ts';
import { withReview } from './review-menu.ts';

const entry = (id: string, kind: ReviewEntry['kind']): ReviewEntry => ({
  id,
  account: 'a1',
  kind,
  reason: kind === 'new' ? null : 'amount-date',
  was: null,
});

describe('a marked row’s menu', () => {
  const calls: string[] = [];
  const review = {
    marks: new Map([
      ['n1', entry('n1', 'new')],
      ['m1', entry('m1', 'matched')],
    ]),
    approve: async (ids: readonly string[]) => void calls.push(`approve ${ids.join(',')}`),
    unmatch: async (id: string) => void calls.push(`unmatch ${id}`),
  };
  const base = {
    items: [{ name: 'delete', text: 'Delete' }],
    onSelect: (name: string) => void calls.push(name),
  };
  const names = (id: string) =>
    withReview(base, id, review)!.items.map((i) => ('name' in i ? i.name : i.kind));

  it('offers Approve on a new row, and Unmatch only on a match', () => {
    expect(names('n1')).toEqual(['review-approve', 'separator', 'delete']);
    expect(names('m1')).toEqual(['review-approve', 'review-unmatch', 'separator', 'delete']);
    expect(withReview(base, 'other', review)).toBe(base);
  });

  it('sends each item where it belongs', () => {
    const menu = withReview(base, 'm1', review)!;
    menu.onSelect('review-unmatch');
    menu.onSelect('review-approve');
    menu.onSelect('delete');
    expect(calls).toEqual(['unmatch m1', 'approve m1', 'delete']);
  });
});
