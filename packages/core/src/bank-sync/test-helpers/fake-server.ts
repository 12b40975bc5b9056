import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GlobalState } from '../../global-state/global-state.ts';
import { type AppFixture, openAppCore } from '../../transactions/test-helpers/app-core.ts';

/** A bank transaction as the Coffer server's `/gocardless/transactions` answers it. */
export type BankTx = Record<string, unknown>;

/**
 * A fake of the Coffer server's `/gocardless/*` routes on 127.0.0.1 (what the core asks), with
 * the answer each test sets: booked and pending rows, or a provider error; and the app core
 * pointed at it, signed in, with an in-memory budget (clock fixed at 2023-08-06).
 */
export interface BankFixture {
  f: AppFixture;
  answer: { booked: BankTx[]; pending: BankTx[]; error: Record<string, unknown> | null };
  send: (name: string, args?: unknown) => Promise<unknown>;
  /** Link the fake's account `acc-1` to a new account, synced once; answers its id. */
  link: () => Promise<string>;
  close: () => Promise<void>;
}

export const bankTx = (
  id: string,
  date: string,
  amount: string,
  payee: string,
  extra: BankTx = {},
): BankTx => ({
  transactionId: id,
  bookingDate: date,
  transactionAmount: { amount, currency: 'EUR' },
  payeeName: payee,
  ...extra,
});

const ok = (data: unknown) => ({ status: 'ok', data });

export async function openBankFixture(): Promise<BankFixture> {
  const answer: BankFixture['answer'] = { booked: [], pending: [], error: null };
  const reply = (path: string): unknown => {
    if (path === '/gocardless/transactions') {
      if (answer.error) return ok(answer.error);
      return ok({
        balances: [{ balanceType: 'interimAvailable', balanceAmount: { amount: '1000.00' } }],
        startingBalance: 100000,
        transactions: { booked: answer.booked, pending: answer.pending },
      });
    }
    if (path === '/gocardless/remove-account') return ok({ summary: 'Requisition deleted' });
    return { status: 'error', reason: 'not-found' };
  };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(reply(req.url ?? '')));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const f = await openAppCore();
  const platform = f.platform as { fetch: typeof fetch; fs: unknown };
  const files = new Map<string, string>();
  platform.fs = {
    ...f.platform.fs,
    join: (...parts: string[]) => parts.join('/'),
    exists: (path: string) => Promise.resolve(files.has(path)),
    readText: (path: string) => Promise.resolve(files.get(path) ?? ''),
    writeFile: (path: string, text: string) => Promise.resolve(void files.set(path, text)),
  };
  platform.fetch = globalThis.fetch;
  const state = await GlobalState.load(f.platform.fs, '/docs/global-store.json', f.platform.log);
  const port = (server.address() as AddressInfo).port;
  await state.set({ 'server-url': `http://127.0.0.1:${port}`, 'user-token': 'tok' });
  const send = (name: string, args?: unknown) => f.core.sendUnknown(name, args);
  return {
    f,
    answer,
    send,
    link: async () => {
      await send('gocardless-accounts-link', {
        requisitionId: 'req-1',
        account: { account_id: 'acc-1', name: 'Main', institution: { name: 'Test Bank' } },
        upgradingId: null,
      });
      return f.sql.first<{ id: string }>("SELECT id FROM accounts WHERE account_id = 'acc-1'")!.id;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
