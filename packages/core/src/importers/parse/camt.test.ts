import { describe, expect, test } from 'vitest';
import { looksLikeCamt, parseCamt } from './camt.ts';

const camt = (text: string) => parseCamt(new TextEncoder().encode(text));

function doc(entries: string, root = 'BkToCstmrStmt', block = 'Stmt'): string {
  return `<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><${root}><${block}>
<Acct><Ownr><Nm>Me</Nm></Ownr></Acct>
${entries}
</${block}></${root}></Document>`;
}

const entry = (inner: string) => `<Ntry>${inner}</Ntry>`;

describe('parseCamt', () => {
  test('credit payee is the debtor, debit payee the creditor; the owner is never the payee', () => {
    const r = camt(
      doc(
        entry(
          '<Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2020-01-01</Dt></BookgDt>' +
            '<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Payer</Nm></Dbtr><Cdtr><Nm>Me</Nm></Cdtr></RltdPties></TxDtls></NtryDtls>',
        ) +
          entry(
            '<Amt>2.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><DtTm>2020-01-02T10:00:00</DtTm></BookgDt>' +
              '<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Me</Nm></Dbtr></RltdPties></TxDtls></NtryDtls>' +
              '<AddtlNtryInf>Card payment</AddtlNtryInf>',
          ),
      ),
    );
    expect(r.errors).toEqual([]);
    expect(r.transactions.map((t) => [t.date, t.amount, t.payee_name, t.notes])).toEqual([
      ['2020-01-01', 100, 'Payer', null],
      ['2020-01-02', -200, 'Card payment', null],
    ]);
  });

  test('value date when there is no booking date; informational entries skipped', () => {
    const r = camt(
      doc(
        entry('<Amt>1</Amt><CdtDbtInd>CRDT</CdtDbtInd><ValDt><Dt>2020-02-02</Dt></ValDt>') +
          entry(
            '<Amt>9</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>INFO</Sts><BookgDt><Dt>2020-02-03</Dt></BookgDt>',
          ),
      ),
    );
    expect(r.transactions.map((t) => [t.date, t.amount])).toEqual([['2020-02-02', 100]]);
  });

  test('a batch whose parts do not add up stays one transaction', () => {
    const r = camt(
      doc(
        entry(
          '<Amt>5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2020-01-01</Dt></BookgDt><AcctSvcrRef>R</AcctSvcrRef>' +
            '<NtryDtls><TxDtls><Amt>1.00</Amt></TxDtls><TxDtls><Amt>1.00</Amt></TxDtls></NtryDtls>',
        ),
      ),
    );
    expect(r.transactions.map((t) => [t.amount, t.imported_id])).toEqual([[-500, 'R']]);
  });

  test('052 reports and 054 notifications, Pty-wrapped party names', () => {
    const inner = entry(
      '<Amt>3</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2020-01-01</Dt></BookgDt>' +
        '<NtryDtls><TxDtls><RltdPties><Cdtr><Pty><Nm>Shop</Nm></Pty></Cdtr></RltdPties></TxDtls></NtryDtls>',
    );
    for (const [root, block] of [
      ['BkToCstmrAcctRpt', 'Rpt'],
      ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'],
    ] as const) {
      expect(camt(doc(inner, root, block)).transactions.map((t) => t.payee_name)).toEqual(['Shop']);
    }
  });

  test('errors name the line: bad XML, bad dates, missing amounts', () => {
    const broken = camt('<?xml version="1.0"?>\n<Document>\n<BkToCstmrStmt>\n</Document>');
    expect(broken.transactions).toEqual([]);
    expect(broken.errors[0]?.line).toBe(4);
    expect(broken.errors[0]?.message).toMatch(/^Invalid XML: /);
    const bad = camt(
      doc(
        entry('<Amt>1</Amt><BookgDt><Dt>2020-02-30</Dt></BookgDt>') +
          '\n' +
          entry('<Amt></Amt><BookgDt><Dt>2020-02-01</Dt></BookgDt>') +
          '\n' +
          entry('<Amt>1</Amt>') +
          '\n' +
          entry('<Amt>2.50</Amt><BookgDt><Dt>2020-02-03</Dt></BookgDt>'),
      ),
    );
    // The entries that can be read still come back, beside the errors of those that cannot.
    expect(bad.transactions.map((t) => [t.date, t.amount, t.line])).toEqual([
      ['2020-02-03', 250, 7],
    ]);
    expect(bad.errors).toEqual([
      { message: 'Unable to parse date 2020-02-30 with given date format (line 4)', line: 4 },
      { message: 'Transaction on 2020-02-01 has no amount (line 5)', line: 5 },
      { message: 'Transaction has no date (line 6)', line: 6 },
    ]);
  });

  test('XML that is not CAMT', () => {
    expect(camt('<a/>').errors).toEqual([
      { message: 'Not a CAMT file: no bank-to-customer message found' },
    ]);
    expect(looksLikeCamt('<Document><BkToCstmrStmt>')).toBe(true);
    expect(looksLikeCamt('<OFX>')).toBe(false);
  });
});
