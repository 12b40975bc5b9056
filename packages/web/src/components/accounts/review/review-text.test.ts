import { describe, expect, it } from 'vitest';
import { type ReviewEntry, markLabel, markText, waitingText, whyMatched } from './review-text.ts';

const fmt = { date: (d: string) => `<${d}>`, amount: (c: number) => `[${c}]` };
const entry = (over: Partial<ReviewEntry>): ReviewEntry => ({
  id: 't1',
  account: 'a1',
  kind: 'new',
  reason: null,
  was: null,
  ...over,
});

describe('review marks in words', () => {
  it('says new and matched in words, not colour', () => {
    expect(markText(entry({}))).toBe('New');
    expect(markText(entry({ kind: 'replaced' }))).toBe('Matched');
    expect(markLabel(entry({ kind: 'matched' }))).toContain('not yet approved');
  });

  it('says why each kind of match happened, with what the row was', () => {
    const was = { date: '2026-11-03', amount: -4000, importedId: 'p1' };
    expect(whyMatched(entry({}), fmt)).toBeNull();
    expect(whyMatched(entry({ kind: 'replaced', reason: 'tip', was }), fmt)).toBe(
      'The bank posted the pending transaction of [-4000] on <2026-11-03>: the bank posted up to 25 % more from the same payee (a tip) between 1 day before and 7 days after it.',
    );
    expect(whyMatched(entry({ kind: 'replaced', reason: 'same-amount', was }), fmt)).toContain(
      'the bank posted the same amount between 1 day before and 7 days after it',
    );
    expect(
      whyMatched(entry({ kind: 'matched', reason: 'payee-amount-date', was: { ...was } }), fmt),
    ).toBe(
      'A bank transaction matched your transaction of [-4000] on <2026-11-03>: the same payee and amount, dated 4 days before to 1 day after the bank’s date.',
    );
    expect(whyMatched(entry({ kind: 'matched', reason: 'amount-date' }), fmt)).toBe(
      'A bank transaction matched a transaction already in the account: the same amount, dated 4 days before to 1 day after the bank’s date.',
    );
  });

  it('counts the rows waiting', () => {
    expect(waitingText(1)).toBe('1 transaction from your bank is waiting for review.');
    expect(waitingText(3)).toBe('3 transactions from your bank are waiting for review.');
  });
});
