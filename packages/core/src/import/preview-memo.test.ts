import { describe, expect, it } from 'vitest';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';
import type { PreviewResult } from './preview.ts';
import type { ImportResult } from './reconcile.ts';

const FILE = [
  { date: '2023-08-01', amount: -100, payee_name: 'One', imported_id: 'a' },
  { date: '2023-08-02', amount: -200, payee_name: 'Two', notes: 'memo' },
  { date: '2023-08-03', amount: -300, payee_name: 'Three' },
];

async function setup() {
  const f = await openAppCore();
  const send = (name: string, args?: unknown) => f.core.sendUnknown(name, args);
  const account = (await send('account-create', { name: 'Checking' })) as string;
  const preview = async (transactions: unknown[]) => {
    const answer = (await send('transactions-import-preview', {
      accountId: account,
      transactions,
    })) as PreviewResult;
    return answer.previewToken;
  };
  const importRows = (transactions: unknown[], previewToken?: string | null) =>
    send('transactions-import', {
      accountId: account,
      transactions,
      previewToken,
    }) as Promise<ImportResult>;
  /** The account's rows as a user sees them (ids differ between two budgets). */
  const rows = () =>
    f.sql.all(
      `SELECT t.date, t.amount, p.name AS payee, t.notes, t.imported_id, t.cleared
       FROM v_transactions_internal_alive t LEFT JOIN payees p ON p.id = t.payee
       WHERE t.account = ? ORDER BY t.date, t.amount`,
      [account],
    );
  return { f, send, account, preview, importRows, rows };
}

describe('an import that names its preview', () => {
  it('leaves what an import without a preview leaves', async () => {
    const plain = await setup();
    const previewed = await setup();
    for (const side of [plain, previewed]) {
      await side.send('transactions-batch-update', {
        added: [{ account: side.account, date: '2023-08-03', amount: -300 }],
      });
    }
    const token = await previewed.preview(FILE);
    expect(token).toEqual(expect.any(String));
    const a = await plain.importRows(FILE);
    const b = await previewed.importRows(FILE, token);
    expect([b.added.length, b.updated.length, b.matched.length]).toEqual([
      a.added.length,
      a.updated.length,
      a.matched.length,
    ]);
    expect(b.matched.length).toBe(1);
    expect(previewed.rows()).toEqual(plain.rows());
  });

  it('works the import out again when the budget changed after the preview', async () => {
    const { send, account, preview, importRows, rows } = await setup();
    const token = await preview(FILE);
    // Entered by hand after the preview: the import must match it, not add a second one.
    await send('transactions-batch-update', {
      added: [{ account, date: '2023-08-02', amount: -200, notes: 'by hand' }],
    });
    const result = await importRows(FILE, token);
    expect(result.added).toHaveLength(2);
    expect(result.matched).toHaveLength(1);
    expect(rows()).toHaveLength(3);
  });

  it('works the import out again for rows other than the ones previewed', async () => {
    const { preview, importRows, rows } = await setup();
    const token = await preview(FILE);
    const changed = FILE.map((t) => ({ ...t, amount: t.amount * 2 }));
    await importRows(changed, token);
    expect(rows().map((r) => (r as { amount: number }).amount)).toEqual([-200, -400, -600]);
  });

  it('uses a preview once: the same token again imports afresh, matching what it wrote', async () => {
    const { preview, importRows, rows } = await setup();
    const token = await preview(FILE);
    await importRows(FILE, token);
    const again = await importRows(FILE, token);
    expect(again.added).toHaveLength(0);
    expect(again.matched).toHaveLength(3);
    expect(rows()).toHaveLength(3);
  });
});
