/**
 * The words of a bank row's review mark: what the mark says, and 'why it matched' in plain
 * sentences (the spec is silent on review, so these are Coffer's). Pure, for the test.
 */
import type { AnswerOf } from '../../../backend/backend.ts';

export type ReviewEntry = AnswerOf<'bank-review-list'>[number];
export type ReviewReason = NonNullable<ReviewEntry['reason']>;

/** The mark's visible word. */
export function markText(entry: Pick<ReviewEntry, 'kind'>): string {
  return entry.kind === 'new' ? 'New' : 'Matched';
}

/** What the mark says to a screen reader (the visible word, and that it waits for approval). */
export function markLabel(entry: Pick<ReviewEntry, 'kind'>): string {
  return entry.kind === 'new'
    ? 'New from the bank, not yet approved'
    : 'Matched by the bank sync, not yet approved';
}

/** The rule that paired the rows (the second half of 'why it matched'). */
export function reasonText(reason: ReviewReason | 'imported-id'): string {
  switch (reason) {
    case 'imported-id':
      return 'the bank sent the same transaction ID again.';
    case 'payee-amount-date':
      return 'the same payee and amount, dated 4 days before to 1 day after the bank’s date.';
    case 'amount-date':
      return 'the same amount, dated 4 days before to 1 day after the bank’s date.';
    case 'same-amount':
      return 'the bank posted the same amount between 1 day before and 7 days after it.';
    case 'tip':
      return 'the bank posted up to 25 % more from the same payee (a tip) between 1 day before and 7 days after it.';
  }
}

export interface Formatters {
  date: (d: string) => string;
  amount: (cents: number) => string;
}

/**
 * 'Why it matched' for a matched or replaced row: what the row was, and the rule that paired
 * it with the bank's. Null for a new row, which matched nothing.
 */
export function whyMatched(entry: ReviewEntry, fmt: Formatters): string | null {
  if (entry.kind === 'new' || !entry.reason) return null;
  const was = entry.was ? `${fmt.amount(entry.was.amount)} on ${fmt.date(entry.was.date)}` : null;
  if (entry.kind === 'replaced') {
    const what = was ? `the pending transaction of ${was}` : 'a pending transaction';
    return `The bank posted ${what}: ${reasonText(entry.reason)}`;
  }
  const what = was ? `your transaction of ${was}` : 'a transaction already in the account';
  return `A bank transaction matched ${what}: ${reasonText(entry.reason)}`;
}

/** The review bar's sentence: how many rows in view wait for approval. */
export function waitingText(count: number): string {
  return count === 1
    ? '1 transaction from your bank is waiting for review.'
    : `${count} transactions from your bank are waiting for review.`;
}
