import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT =
  process.env.COFFER_FIXTURES ??
  fileURLToPath(new URL('../../../../../../../shared/fixtures/', import.meta.url));

export function fixturePath(relative: string): string {
  return `${ROOT.replace(/\/?$/, '/')}${relative}`;
}

export function fixtureBytes(relative: string): Uint8Array {
  return new Uint8Array(readFileSync(fixturePath(relative)));
}

/** The fixture (stored as UTF-8) re-encoded in its original charset through iconv. */
export function reencoded(relative: string, charset: string): Uint8Array {
  return new Uint8Array(
    execFileSync('iconv', ['-f', 'UTF-8', '-t', charset, fixturePath(relative)]),
  );
}

export function withBom(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + 3);
  out.set([0xef, 0xbb, 0xbf]);
  out.set(bytes, 3);
  return out;
}

export interface Brief {
  date: string;
  amount: number;
  payee: string | null;
}

export interface Summary {
  count: number;
  first?: Brief;
  last?: Brief;
  total: number;
}

interface Summarisable {
  date: string;
  amount: number;
  payee_name: string | null;
}

function brief(t: Summarisable | undefined): Brief | undefined {
  return t && { date: t.date, amount: t.amount, payee: t.payee_name };
}

/** Count, first and last (date, amount, payee) and the sum of amounts in cents. */
export function summarise(transactions: readonly Summarisable[]): Summary {
  const summary: Summary = {
    count: transactions.length,
    total: transactions.reduce((sum, t) => sum + t.amount, 0),
  };
  const first = brief(transactions[0]);
  const last = brief(transactions[transactions.length - 1]);
  if (first) summary.first = first;
  if (last) summary.last = last;
  return summary;
}
