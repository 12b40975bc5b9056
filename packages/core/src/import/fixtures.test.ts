import { readFile, readdir } from 'node:fs/promises';

import { describe, expect, it } from 'vitest';

import { applyCsvMapping } from '../importers/parse/index.ts';
import { fixturePath } from '../importers/parse/test-helpers/fixtures.ts';
import type { FileSystem } from '../platform/index.ts';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';
import { titleCase } from './title.ts';

/** Just enough of a real file system for `transactions-parse-file` to read fixtures. */
const diskFs: FileSystem = {
  join: (...parts) => parts.join('/'),
  exists: async () => true,
  readFile: async (path) => new Uint8Array(await readFile(path)),
  readText: (path) => readFile(path, 'utf8'),
  mkdir: async () => undefined,
  writeFile: async () => undefined,
  remove: async () => undefined,
  removeDir: async () => undefined,
  listDir: (path) => readdir(path),
  copyFile: async () => undefined,
};

interface Parsed {
  errors: { message: string }[];
  transactions: {
    date: string;
    amount: number;
    payee_name: string | null;
    imported_payee: string | null;
    imported_id?: string;
    notes: string | null;
    subtransactions?: unknown[];
  }[];
  format?: string;
}
interface Imported {
  errors: { message: string }[];
  added: string[];
  updated: string[];
}

async function setup() {
  const f = await openAppCore();
  f.platform.fs = diskFs;
  const send = (name: string, args?: unknown) => f.core.sendUnknown(name, args);
  let accounts = 0;
  const newAccount = async () =>
    (await send('account-create', { name: `Account ${++accounts}` })) as string;
  /** The account's top-level rows (split children left out) with their payee names. */
  const stored = (account: string) =>
    f.sql.all<{ date: number; amount: number; imported: string | null; payee: string | null }>(
      `SELECT t.date, t.amount, t.imported_description AS imported, p.name AS payee
       FROM transactions t LEFT JOIN payees p ON p.id = t.description
       WHERE t.acct = ? AND t.tombstone = 0 AND t.isChild = 0`,
      [account],
    );
  return { f, send, newAccount, stored };
}

const asInt = (date: string) => Number(date.replaceAll('-', ''));
const key = (date: number, amount: number, imported: string | null) =>
  `${date}|${amount}|${imported ?? ''}`;

const FILE_KINDS = ['qif', 'ofx', 'qfx', 'camt'];

describe('fixtures imported end to end', async () => {
  const files: string[] = [];
  for (const dir of FILE_KINDS) {
    for (const name of (await readdir(fixturePath(dir))).sort()) files.push(`${dir}/${name}`);
  }

  it.each(files)('%s', async (file) => {
    const { f, send, newAccount, stored } = await setup();
    const parsed = (await send('transactions-parse-file', {
      filepath: fixturePath(file),
      options: {},
    })) as Parsed;
    const account = await newAccount();
    const before = f.snapshot();
    const result = (await send('transactions-import', {
      accountId: account,
      transactions: parsed.transactions,
    })) as Imported;
    expect(result.errors).toEqual([]);

    if (parsed.errors.length > 0 || parsed.transactions.length === 0) {
      // A failed parse hands over nothing, so nothing is written.
      expect(parsed.transactions).toEqual([]);
      expect(result.added).toEqual([]);
      expect(f.snapshot()).toBe(before);
      return;
    }
    // Every parsed transaction is in the account, with its date, amount and imported payee.
    const rows = stored(account);
    expect(rows.map((r) => key(r.date, r.amount, r.imported)).sort()).toEqual(
      parsed.transactions
        .map((t) =>
          key(asInt(t.date), t.amount, (t.imported_payee || t.payee_name)?.trim() || null),
        )
        .sort(),
    );
    // Payees are the file's names, title-cased, one per name whatever its case.
    const names = new Map(
      parsed.transactions
        .filter((t) => t.payee_name?.trim())
        .map((t) => [t.payee_name!.trim().toLowerCase(), titleCase(t.payee_name!.trim())]),
    );
    const payees = new Set(rows.map((r) => r.payee).filter((p): p is string => p !== null));
    expect([...payees].map((p) => p.toLowerCase()).sort()).toEqual(
      [...names.values()].map((n) => n.toLowerCase()).sort(),
    );

    // The same file again matches everything: nothing new.
    const again = (await send('transactions-import', {
      accountId: account,
      transactions: parsed.transactions,
    })) as Imported;
    expect(again.errors).toEqual([]);
    expect(again.added).toEqual([]);
    expect(stored(account)).toHaveLength(rows.length);
  });
});

describe('CSV fixtures through a column mapping', () => {
  it('maps, imports categories by name, and remembers the settings per account', async () => {
    const { f, send, newAccount, stored } = await setup();
    const file = fixturePath('csv/actual-e2e-test.csv');
    const parsed = (await send('transactions-parse-file', {
      filepath: file,
      options: { delimiter: ',', hasHeaderRow: true },
    })) as { errors: unknown[]; transactions: Record<string, string>[]; fields: string[] };
    expect(parsed.errors).toEqual([]);
    const mapping = {
      date: 'Date',
      amount: 'Amount',
      payee: 'Payee',
      notes: 'Notes',
      category: 'Category',
    };
    const mapped = applyCsvMapping(parsed.transactions, mapping, { dateFormat: 'yyyy mm dd' });
    expect(mapped.errors).toEqual([]);
    const account = await newAccount();
    const result = (await send('transactions-import', {
      accountId: account,
      transactions: mapped.transactions,
    })) as Imported;
    expect(result.errors).toEqual([]);
    expect(result.added).toHaveLength(8);
    const rows = stored(account);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(7 * 178776 - 33000000);
    // Read from the file: the first row is a deposit on 2024-08-02.
    expect(rows).toContainEqual({
      date: 20240802,
      amount: 178776,
      imported: 'Deposit',
      payee: 'Deposit',
    });

    const { importSettingsPrefs, readImportSettings } = await import('./settings.ts');
    await send(
      'save-prefs',
      importSettingsPrefs(account, 'csv', {
        mappings: mapping,
        delimiter: ',',
        hasHeaderRow: true,
        dateFormat: 'yyyy mm dd',
        flipAmount: false,
      }),
    );
    const prefs = (await send('load-prefs')) as Record<string, unknown>;
    expect(prefs[`csv-mappings-${account}`]).toBe(JSON.stringify(mapping));
    expect(readImportSettings(prefs, account, 'csv')).toEqual({
      mappings: mapping,
      delimiter: ',',
      hasHeaderRow: true,
      dateFormat: 'yyyy mm dd',
      flipAmount: false,
    });
    expect(readImportSettings(prefs, 'other-account', 'csv').mappings).toBeNull();
    expect(f.budget.prefs[`parse-date-${account}-csv`]).toBe('yyyy mm dd');
  });

  it('a row the mapping cannot read is left out and the others import', async () => {
    const { f, send, newAccount } = await setup();
    const parsed = (await send('transactions-parse-file', {
      filepath: fixturePath('csv/bank2ynab-test_delimiter_tab.csv'),
      options: { delimiter: '\t', hasHeaderRow: false },
    })) as { transactions: Record<string, string>[]; lines: number[] };
    const mapped = applyCsvMapping(
      parsed.transactions,
      { date: '0', payee: '1', inflow: '3', outflow: '4' },
      { dateFormat: 'dd mm yyyy', decimalSeparator: ',' },
      parsed.lines,
    );
    expect(mapped.errors.map((e) => e.line)).toEqual([71]);
    const account = await newAccount();
    const result = (await send('transactions-import', {
      accountId: account,
      transactions: mapped.transactions,
    })) as { added: string[]; errors: unknown[] };
    expect(result.errors).toEqual([]);
    expect(result.added).toHaveLength(73);
    // A transaction the importer refuses (no date) still writes nothing at all.
    const before = f.snapshot();
    const refused = (await send('transactions-import', {
      accountId: account,
      transactions: [...mapped.transactions.slice(0, 3), { amount: 100 }],
    })) as { added: string[]; errors: unknown[] };
    expect(refused.errors).toHaveLength(1);
    expect(f.snapshot()).toBe(before);
  });
});

describe('transactions-parse-file', () => {
  it('guesses a CSV delimiter, names each row’s line, and says how QIF dates were read', async () => {
    const { send } = await setup();
    const sparkasse = (await send('transactions-parse-file', {
      filepath: fixturePath('csv/bank2ynab-sparkasse-umsatz.CSV'),
    })) as Parsed & { delimiter: string; lines: number[]; fields: string[] };
    expect(sparkasse.delimiter).toBe(';');
    expect(sparkasse.fields).toContain('Buchungstag');
    expect(sparkasse.lines).toEqual([2]);
    const tab = (await send('transactions-parse-file', {
      filepath: 'x.tsv',
      contents: new TextEncoder().encode('a,b\tc\n1\t2\n'),
    })) as Parsed & { delimiter: string; fields: string[] };
    expect([tab.delimiter, tab.fields]).toEqual(['\t', ['a,b', 'c']]);
    const qif = (await send('transactions-parse-file', {
      filepath: fixturePath('qif/actual-data-with-categories.qif'),
    })) as Parsed & { dateFormat: string };
    expect(qif.dateFormat).toBe('mm dd yyyy');
    const dayFirst = (await send('transactions-parse-file', {
      filepath: 'x.qif',
      contents: new TextEncoder().encode('!Type:Bank\nD25/12/2023\nT-1\n^\n'),
    })) as Parsed & { dateFormat: string };
    expect([dayFirst.dateFormat, dayFirst.transactions]).toMatchObject([
      'dd mm yyyy',
      [{ date: '2023-12-25' }],
    ]);
  });

  it('takes the bytes from the caller, and reports unreadable and unknown files', async () => {
    const { send } = await setup();
    const bytes = new TextEncoder().encode('!Type:Bank\nD01/02/2024\nT-12.50\nPShop\n^\n');
    const parsed = (await send('transactions-parse-file', {
      filepath: 'upload.qif',
      options: null,
      contents: bytes,
    })) as Parsed;
    expect(parsed.errors).toEqual([]);
    expect(parsed.transactions).toMatchObject([{ amount: -1250, payee_name: 'Shop' }]);
    expect(
      await send('transactions-parse-file', { filepath: '/no/such/file.qif', options: {} }),
    ).toMatchObject({ errors: [{ message: 'Error reading file' }], transactions: [] });
    expect(await send('transactions-parse-file', { filepath: 'x.pdf', contents: bytes })).toEqual({
      errors: [{ message: 'Invalid file type' }],
      transactions: [],
    });
  });
});
