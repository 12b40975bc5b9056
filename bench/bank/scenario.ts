// The bank's side of the bench: `accounts` accounts of `perAccount` posted transactions each,
// seeded, with 150 payees, spread over the 28 days before today. A first sync asks for 30 days
// in Coffer (90 in Actual), so every row comes in on both; the row count, not the span, is what
// the sync's cost follows. The same rows as an OFX statement for the file import.
import type { FakeSimpleFinAccount } from '../../packages/server/src/test-helpers/fake-simplefin.ts';

export type BankAccount = FakeSimpleFinAccount;

const DAY = 86_400;

export function bankAccounts(accounts: number, perAccount: number): BankAccount[] {
  let seed = 20261129;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY + 12 * 3600;
  return Array.from({ length: accounts }, (_, a) => ({
    id: `BENCH-${a + 1}`,
    name: `Bench account ${a + 1}`,
    currency: 'USD',
    balance: '10000.00',
    'balance-date': today,
    org: { domain: `bank${a + 1}.example`, name: `Bank ${a + 1}`, 'sfin-url': 'https://x/' },
    transactions: Array.from({ length: perAccount }, (_, i) => {
      const income = i % 10 === 0;
      const cents = income ? Math.floor(rand() * 300_000) : -Math.floor(rand() * 20_000) - 1;
      const payee = `Payee ${Math.floor(rand() * 150) + 1}`;
      return {
        id: `TRN-${a + 1}-${i + 1}`,
        posted: today - (1 + (i % 28)) * DAY,
        amount: (cents / 100).toFixed(2),
        description: `${payee.toUpperCase()} #${i % 97}`,
        payee,
        memo: i % 7 === 0 ? `Receipt ${i}` : undefined,
      };
    }),
  }));
}

const ofxDate = (seconds: number) =>
  new Date(seconds * 1000).toISOString().slice(0, 10).replaceAll('-', '');

const escape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** An OFX 2 statement of one account: what its bank's download page would give. */
export function ofxOf(account: BankAccount): string {
  const rows = account.transactions.map(
    (t) =>
      `<STMTTRN><TRNTYPE>${t.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}</TRNTYPE>` +
      `<DTPOSTED>${ofxDate(t.posted)}</DTPOSTED><TRNAMT>${t.amount}</TRNAMT>` +
      `<FITID>${t.id}</FITID><NAME>${escape(t.payee ?? t.description)}</NAME>` +
      (t.memo ? `<MEMO>${escape(t.memo)}</MEMO>` : '') +
      `</STMTTRN>`,
  );
  const dates = account.transactions.map((t) => t.posted);
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
    '<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID>',
    '<STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>',
    `<STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><BANKID>1</BANKID><ACCTID>${account.id}</ACCTID>`,
    '<ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM><BANKTRANLIST>',
    `<DTSTART>${ofxDate(Math.min(...dates))}</DTSTART><DTEND>${ofxDate(Math.max(...dates))}</DTEND>`,
    ...rows,
    '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    '',
  ].join('\n');
}
