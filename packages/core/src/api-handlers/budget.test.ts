import { beforeEach, describe, expect, it } from 'vitest';
import { isHandlerError } from '../handlers-core/errors.ts';
import { q } from '../query/query.ts';
import { type ApiFixture, type Row, openApiCore } from './test-helpers/api-core.ts';

let f: ApiFixture;
let ok: ApiFixture['ok'];
let send: ApiFixture['send'];
beforeEach(async () => {
  f = await openApiCore();
  ({ ok, send } = f);
});

describe('query', () => {
  it('runs a serialized query', async () => {
    const result = await ok<{ data: Row[]; dependencies: string[] }>('api/query', {
      query: q('category_groups').filter({ is_income: true }).select(['name']).serialize(),
    });
    expect(result.data.map((g) => g.name)).toEqual(['Income']);
    expect(result.dependencies).toEqual(['category_groups']);
  });

  it('reports a query it cannot compile as an APIError naming the problem', async () => {
    const result = await send('api/query', {
      query: q('transactions').filter({ nonsense: 1 }).serialize(),
    });
    expect(isHandlerError(result) && result.error).toMatchObject({ type: 'APIError' });
    expect(isHandlerError(result) && result.error.message).toContain('nonsense');
  });
});

describe('batches', () => {
  it('buffers writes until the batch ends, then applies them at once', async () => {
    await ok('api/batch-budget-start');
    const id = await ok<string>('api/account-create', { account: { name: 'Later' } });
    expect(f.sql.first('SELECT id FROM accounts WHERE id = ?', [id])).toBeUndefined();
    await ok('api/batch-budget-end');
    expect(f.sql.first('SELECT name FROM accounts WHERE id = ?', [id])).toEqual({ name: 'Later' });
  });

  it('refuses a second start and an end without a start', async () => {
    await ok('api/batch-budget-start');
    const again = await send('api/batch-budget-start');
    expect(isHandlerError(again) && again.error.type).toBe('APIError');
    await ok('api/batch-budget-end');
    const extra = await send('api/batch-budget-end');
    expect(isHandlerError(extra) && extra.error.type).toBe('APIError');
  });

  it('keeps each core to its own batch', async () => {
    const other = await openApiCore({ seed: 9 });
    await ok('api/batch-budget-start');
    expect(await other.core.sendUnknown('api/batch-budget-start')).toBe(undefined);
    await ok('api/batch-budget-end');
    expect(await other.core.sendUnknown('api/batch-budget-end')).toBe(undefined);
  });
});

describe('without a budget', () => {
  it('answers every api handler that needs one with no-budget', async () => {
    await f.core.sendUnknown('close-budget');
    for (const name of [
      'api/accounts-get',
      'api/transactions-get',
      'api/query',
      'api/batch-budget-start',
    ]) {
      const result = await send(
        name,
        name === 'api/query' ? { query: q('accounts').serialize() } : {},
      );
      expect(isHandlerError(result) && result.error.type, name).toBe('no-budget');
    }
  });
});
