import { parseAmount } from './amount.ts';
import { decodeBytes, peekAscii, xmlDeclaredEncoding } from './charset.ts';
import { dateErrorMessage, formatDate, noAmountMessage } from './date.ts';
import { parseSgml } from './sgml.ts';
import type { XNode } from './tree.ts';
import { collect, findAll, kid, kids, textAt } from './tree.ts';
import type { ParseError, ParsedTransaction, TransactionsResult } from './types.ts';
import { fail, lineError } from './types.ts';
import { parseXml } from './xml.ts';

/** OFX aggregates, so a file that never closes them still nests correctly. */
const CONTAINERS: ReadonlySet<string> = new Set(
  (
    'OFX SIGNONMSGSRSV1 SONRS STATUS FI BANKMSGSRSV1 STMTTRNRS STMTRS BANKACCTFROM ' +
    'BANKTRANLIST STMTTRN LEDGERBAL AVAILBAL CREDITCARDMSGSRSV1 CCSTMTTRNRS CCSTMTRS ' +
    'CCACCTFROM INVSTMTMSGSRSV1 INVSTMTTRNRS INVSTMTRS INVACCTFROM INVTRANLIST INVBANKTRAN ' +
    'CURRENCY ORIGCURRENCY PAYEE BANKACCTTO CCACCTTO'
  ).split(' '),
);

const STATEMENT_WRAPPERS: readonly [string, string][] = [
  ['STMTTRNRS', 'STMTRS'],
  ['CCSTMTTRNRS', 'CCSTMTRS'],
  ['INVSTMTTRNRS', 'INVSTMTRS'],
];

export interface OfxOptions {
  encoding?: string | undefined;
}

/** The charset an OFX file declares: SGML `ENCODING`/`CHARSET` headers or the XML prolog. */
export function ofxDeclaredCharset(head: string): string | null {
  const xml = xmlDeclaredEncoding(head);
  if (xml) return xml;
  const encoding = /^\s*ENCODING\s*:\s*(\S+)/im.exec(head)?.[1] ?? '';
  if (/^utf-?8$/i.test(encoding)) return 'utf-8';
  return /^\s*CHARSET\s*:\s*(\S+)/im.exec(head)?.[1] ?? null;
}

/** An OFX date-time ("20190123120000.000[-5:EST]") to the calendar date it names. */
export function ofxDate(text: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(text.trim());
  return m ? formatDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

function ofxAmount(text: string): number | null {
  // OFX allows a comma as the decimal point, and never a grouping separator.
  const decimal = text.includes(',') && !text.includes('.') ? ',' : '.';
  return parseAmount(text, { decimalSeparator: decimal });
}

function statusErrors(found: Map<string, XNode[]>): ParseError[] {
  const errors: ParseError[] = [];
  const failed = (status: XNode | undefined): boolean =>
    textAt(status, 'SEVERITY').toUpperCase() === 'ERROR';
  const describe = (status: XNode | undefined): string => {
    const code = textAt(status, 'CODE');
    const message = textAt(status, 'MESSAGE');
    return `${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`;
  };
  for (const sonrs of found.get('SONRS') ?? []) {
    const status = kid(sonrs, 'STATUS');
    if (failed(status)) errors.push(lineError(`Sign-on error${describe(status)}`, status?.line));
  }
  for (const [wrapper, statement] of STATEMENT_WRAPPERS) {
    for (const node of found.get(wrapper) ?? []) {
      const status = kid(node, 'STATUS');
      if (failed(status) && kids(node, statement).length === 0) {
        errors.push(lineError(`Statement error${describe(status)}`, status?.line));
      }
    }
  }
  return errors;
}

function readTransaction(trn: XNode, errors: ParseError[]): ParsedTransaction | null {
  const rawDate = textAt(trn, 'DTPOSTED') || textAt(trn, 'DTUSER');
  if (rawDate === '') {
    errors.push(lineError('Transaction has no date', trn.line));
    return null;
  }
  const date = ofxDate(rawDate);
  if (date === null) {
    errors.push(lineError(dateErrorMessage(rawDate), trn.line));
    return null;
  }
  const amountText = textAt(trn, 'TRNAMT');
  const amount = amountText === '' ? null : ofxAmount(amountText);
  if (amount === null) {
    errors.push(lineError(noAmountMessage(date), trn.line));
    return null;
  }
  const name = textAt(trn, 'NAME') || textAt(trn, 'PAYEE', 'NAME');
  const memo = textAt(trn, 'MEMO');
  const payee = name || memo || null;
  const result: ParsedTransaction = {
    amount,
    amountText,
    date,
    payee_name: payee,
    imported_payee: payee,
    // A memo that stood in for the missing name is not repeated as a note.
    notes: name && memo ? memo : null,
    line: trn.line,
  };
  const fitid = textAt(trn, 'FITID');
  if (fitid) result.imported_id = fitid;
  const checkNumber = textAt(trn, 'CHECKNUM');
  if (checkNumber) result.check_number = checkNumber;
  return result;
}

/**
 * OFX 1.x (SGML) and 2.x (XML) statements, QFX included: bank, credit-card and the cash
 * lines (INVBANKTRAN) of investment statements, from every statement in the file, in file
 * order. Security trades are not cash-account transactions and are left out.
 */
export function parseOfx(bytes: Uint8Array, options: OfxOptions = {}): TransactionsResult {
  const decoded = decodeBytes(bytes, {
    encoding: options.encoding,
    declared: ofxDeclaredCharset(peekAscii(bytes)),
  });
  const { encoding } = decoded;
  // Mac (CR) and doubled (CR CR LF) line ends count as lines too.
  const text = decoded.text.replace(/\r\r\n|\r\n|\r/g, '\n');
  const start = /<OFX[\s>]/i.exec(text);
  if (!start)
    return fail('ofx', [{ message: 'Not an OFX file: no <OFX> element found' }], encoding);

  const isXml = /^\s*<\?xml/i.test(text.replace(/^\uFEFF/, ''));
  let tree = isXml ? parseXml(text, true) : undefined;
  if (!tree || tree.error) tree = parseSgml(text, CONTAINERS);
  if (tree.error) return fail('ofx', [tree.error], encoding);

  const ofx = findAll(tree.root, 'OFX')[0];
  if (!ofx) return fail('ofx', [{ message: 'Not an OFX file: no <OFX> element found' }], encoding);
  const found = collect(ofx, ['SONRS', 'STMTTRN', ...STATEMENT_WRAPPERS.map(([w]) => w)]);
  const errors = statusErrors(found);
  const transactions: ParsedTransaction[] = [];
  for (const trn of found.get('STMTTRN') ?? []) {
    const parsed = readTransaction(trn, errors);
    if (parsed) transactions.push(parsed);
  }
  // A record that cannot be read is reported by line; the rest of the statement still counts.
  return { format: 'ofx', errors, transactions, encoding };
}
