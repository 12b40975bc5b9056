import { parseAmount } from './amount.ts';
import { decodeBytes, peekAscii, xmlDeclaredEncoding } from './charset.ts';
import { dateErrorMessage, formatDate, noAmountMessage } from './date.ts';
import { decodeEntities } from './entities.ts';
import type { XNode } from './tree.ts';
import { kid, kids, path, textAt } from './tree.ts';
import type { ParseError, ParsedTransaction, TransactionsResult } from './types.ts';
import { fail, lineError } from './types.ts';
import { parseXml } from './xml.ts';

export interface CamtOptions {
  encoding?: string | undefined;
}

/** Statement (053), account report (052) and notification (054) roots and their blocks. */
const MESSAGES: readonly [string, string][] = [
  ['BkToCstmrStmt', 'Stmt'],
  ['BkToCstmrAcctRpt', 'Rpt'],
  ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'],
];

function collapse(text: string): string {
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** ISO dates come as `<Dt>2019-01-23</Dt>` or `<DtTm>2019-01-23T10:00:00</DtTm>`. */
function isoDate(node: XNode | undefined): { raw: string; date: string | null } | null {
  const raw = textAt(node, 'Dt') || textAt(node, 'DtTm');
  if (raw === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
  return { raw, date: m ? formatDate(Number(m[1]), Number(m[2]), Number(m[3])) : null };
}

function signed(amountText: string, indicator: string): number | null {
  const cents = parseAmount(amountText, { decimalSeparator: '.' });
  if (cents === null) return null;
  return indicator.trim().toUpperCase() === 'DBIT' && cents !== 0 ? -Math.abs(cents) : cents;
}

/** A party's name, in both the old (`Dbtr/Nm`) and the 2019+ (`Dbtr/Pty/Nm`) layouts. */
function partyName(parties: XNode | undefined, role: string): string {
  return (
    textAt(parties, role, 'Nm') ||
    textAt(parties, role, 'Pty', 'Nm') ||
    textAt(parties, `Ultmt${role}`, 'Nm') ||
    textAt(parties, `Ultmt${role}`, 'Pty', 'Nm')
  );
}

/**
 * The counterparty: the debtor of money coming in, the creditor of money going out. When
 * only the other side is named, that name serves unless it is the account's own owner.
 */
function counterparty(details: XNode | undefined, credit: boolean, owner: string): string {
  const parties = kid(details, 'RltdPties');
  const preferred = partyName(parties, credit ? 'Dbtr' : 'Cdtr');
  if (preferred) return preferred;
  const other = partyName(parties, credit ? 'Cdtr' : 'Dbtr');
  return other && other !== owner ? other : '';
}

function remittance(details: XNode | undefined): string {
  return kids(kid(details, 'RmtInf'), 'Ustrd')
    .map((u) => collapse(u.text))
    .filter((s) => s !== '')
    .join(' ');
}

interface EntryContext {
  entry: XNode;
  owner: string;
  date: string;
}

function build(
  ctx: EntryContext,
  details: XNode | undefined,
  amountText: string,
  amount: number,
  importedId: string,
  entryInfo: string,
  split = false,
): ParsedTransaction {
  const payee = counterparty(details, amount >= 0, ctx.owner) || entryInfo || null;
  const extra = collapse(textAt(details, 'AddtlTxInf')) || entryInfo;
  const notes = remittance(details) || (extra && extra !== payee ? extra : '') || null;
  const result: ParsedTransaction = {
    amount,
    amountText,
    date: ctx.date,
    payee_name: payee,
    imported_payee: payee,
    notes,
    line: split ? details?.line || ctx.entry.line : ctx.entry.line,
  };
  if (importedId) result.imported_id = importedId;
  const cheque = textAt(details, 'Refs', 'ChqNb');
  if (cheque) result.check_number = cheque;
  return result;
}

/** A batch entry splits into its transactions only when their amounts add up to the entry's. */
function batchParts(
  entry: XNode,
  details: XNode[],
  total: number,
): { node: XNode; text: string; cents: number }[] | null {
  if (details.length < 2) return null;
  const parts: { node: XNode; text: string; cents: number }[] = [];
  const entrySign = textAt(entry, 'CdtDbtInd');
  for (const node of details) {
    const text = textAt(node, 'Amt') || textAt(node, 'AmtDtls', 'TxAmt', 'Amt');
    const cents = text ? signed(text, textAt(node, 'CdtDbtInd') || entrySign) : null;
    if (cents === null) return null;
    parts.push({ node, text, cents });
  }
  return parts.reduce((sum, p) => sum + p.cents, 0) === total ? parts : null;
}

function readEntry(entry: XNode, owner: string, errors: ParseError[]): ParsedTransaction[] {
  const status = (textAt(entry, 'Sts', 'Cd') || textAt(entry, 'Sts')).toUpperCase();
  if (status === 'INFO') return [];
  const booked = isoDate(kid(entry, 'BookgDt')) ?? isoDate(kid(entry, 'ValDt'));
  if (!booked) {
    errors.push(lineError('Transaction has no date', entry.line));
    return [];
  }
  if (booked.date === null) {
    errors.push(lineError(dateErrorMessage(booked.raw), entry.line));
    return [];
  }
  const amountText = textAt(entry, 'Amt');
  const amount = amountText ? signed(amountText, textAt(entry, 'CdtDbtInd')) : null;
  if (amount === null) {
    errors.push(lineError(noAmountMessage(booked.date), entry.line));
    return [];
  }
  const ctx: EntryContext = { entry, owner, date: booked.date };
  const ref = textAt(entry, 'AcctSvcrRef');
  const entryInfo = collapse(textAt(entry, 'AddtlNtryInf'));
  const details = kids(kid(entry, 'NtryDtls'), 'TxDtls');
  const parts = batchParts(entry, details, amount);
  if (parts) {
    return parts.map((p, i) => {
      const id = textAt(p.node, 'Refs', 'AcctSvcrRef') || (ref ? `${ref}/${i + 1}` : '');
      return build(ctx, p.node, p.text, p.cents, id, '', true);
    });
  }
  const single = details.length === 1 ? details[0] : undefined;
  return [build(ctx, single, amountText, amount, ref, entryInfo)];
}

/**
 * ISO 20022 bank-to-customer cash management files: CAMT.053 statements, CAMT.052 reports
 * and CAMT.054 notifications, any version, every statement in the file. The date is the
 * booking date (value date if absent), the sign comes from CdtDbtInd, the payee is the
 * counterparty (or the entry's additional info), and notes are the unstructured remittance
 * lines. Batch entries whose transaction amounts add up become one transaction each.
 */
export function parseCamt(bytes: Uint8Array, options: CamtOptions = {}): TransactionsResult {
  const decoded = decodeBytes(bytes, {
    encoding: options.encoding,
    declared: xmlDeclaredEncoding(peekAscii(bytes, 512)),
  });
  const { encoding } = decoded;
  const text = decoded.text.replace(/\r\r\n|\r\n|\r/g, '\n');
  const tree = parseXml(text);
  if (tree.error) return fail('camt', [tree.error], encoding);
  const document = kid(tree.root, 'Document') ?? tree.root;
  const blocks = MESSAGES.flatMap(([message, block]) => kids(kid(document, message), block));
  if (!MESSAGES.some(([message]) => kid(document, message))) {
    return fail(
      'camt',
      [{ message: 'Not a CAMT file: no bank-to-customer message found' }],
      encoding,
    );
  }
  const errors: ParseError[] = [];
  const transactions: ParsedTransaction[] = [];
  for (const block of blocks) {
    const owner = textAt(path(block, 'Acct', 'Ownr'), 'Nm');
    for (const entry of kids(block, 'Ntry')) {
      for (const transaction of readEntry(entry, owner, errors)) transactions.push(transaction);
    }
  }
  // An entry that cannot be read is reported by line; the other entries still count.
  return { format: 'camt', errors, transactions, encoding };
}

/** Whether decoded text looks like an ISO 20022 CAMT document (for sniffing .xml files). */
export function looksLikeCamt(text: string): boolean {
  return /<(?:\w+:)?BkToCstmr(?:Stmt|AcctRpt|DbtCdtNtfctn)[\s>]/.test(text);
}
