import { describe, expect, it } from 'vitest';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';
import type { CustomReportInput } from './custom-reports.ts';
import { type DashboardWidget, nextSlot } from './dashboard.ts';
import { DASHBOARD_TABLE, REPORTS_TABLE } from './tables.ts';

const spendingByPayee: CustomReportInput = {
  name: 'Spending by payee',
  startDate: '2023-01-01',
  endDate: '2023-06-30',
  isDateStatic: false,
  dateRange: 'Last 6 months',
  mode: 'total',
  groupBy: 'Payee',
  balanceType: 'Payment',
  graphType: 'BarGraph',
  showEmpty: false,
  showOffBudget: false,
  showHidden: false,
  showUncategorized: true,
  conditions: [{ field: 'notes', op: 'contains', value: 'trip', type: 'string' }],
  conditionsOp: 'and',
};

const tables = (sql: { all<T>(s: string): T[] }) =>
  sql
    .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .map((r) => r.name);

describe('saved custom reports', () => {
  it('saves, lists, updates and deletes a report, outside the sync log', async () => {
    const f = await openAppCore();
    expect(await f.core.send('reports-get')).toEqual([]);
    // Reading creates nothing: the file keeps 23.8's tables until a report is saved.
    expect(tables(f.sql)).not.toContain(REPORTS_TABLE);
    const messages = () => f.sql.first<{ n: number }>('SELECT COUNT(*) AS n FROM messages_crdt')!.n;
    const before = messages();

    const id = (await f.core.send('report/create', spendingByPayee)) as string;
    expect(typeof id).toBe('string');
    expect(tables(f.sql)).toEqual(expect.arrayContaining([REPORTS_TABLE, DASHBOARD_TABLE]));
    expect(await f.core.send('reports-get')).toEqual([{ ...spendingByPayee, id }]);
    expect(await f.core.send('report/get', { id })).toEqual({ ...spendingByPayee, id });
    // Stored under Actual's later column names.
    expect(
      f.sql.first(`SELECT group_by, balance_type, graph_type, conditions FROM ${REPORTS_TABLE}`),
    ).toEqual({
      group_by: 'Payee',
      balance_type: 'Payment',
      graph_type: 'BarGraph',
      conditions: JSON.stringify(spendingByPayee.conditions),
    });

    const other = (await f.core.send('report/create', {
      ...spendingByPayee,
      name: 'A budget view',
      balanceType: 'Budgeted',
      groupBy: 'Group',
    })) as string;
    expect(
      ((await f.core.send('reports-get')) as Array<{ name: string }>).map((r) => r.name),
    ).toEqual(['A budget view', 'Spending by payee']);

    expect(
      await f.core.send('report/update', {
        ...spendingByPayee,
        id,
        name: 'Trips by payee',
        graphType: 'DonutGraph',
      }),
    ).toBe('ok');
    expect(await f.core.send('report/get', { id })).toMatchObject({
      name: 'Trips by payee',
      graphType: 'DonutGraph',
    });

    expect(await f.core.send('report/delete', { id: other })).toBe('ok');
    expect(((await f.core.send('reports-get')) as unknown[]).length).toBe(1);
    expect(await f.core.send('report/get', { id: other })).toMatchObject({
      error: { type: 'report-not-found' },
    });
    expect(messages()).toBe(before);
  });

  it('refuses a missing or taken name and an inverted range, saving nothing', async () => {
    const f = await openAppCore();
    await f.core.send('report/create', spendingByPayee);
    expect(await f.core.send('report/create', { ...spendingByPayee, name: '  ' })).toEqual({
      error: { type: 'report-name-required', message: 'Report name is required' },
    });
    expect(
      await f.core.send('report/create', { ...spendingByPayee, name: 'spending BY payee ' }),
    ).toEqual({
      error: {
        type: 'report-name-exists',
        message: 'There is already a report named spending BY payee',
      },
    });
    expect(
      await f.core.send('report/create', {
        ...spendingByPayee,
        name: 'Backwards',
        startDate: '2023-06-01',
        endDate: '2023-01-31',
      }),
    ).toMatchObject({ error: { type: 'report-invalid' } });
    expect(
      await f.core.sendUnknown('report/create', { ...spendingByPayee, groupBy: 'Weather' }),
    ).toMatchObject({ error: { type: 'APIError' } });
    expect(
      await f.core.send('report/update', { ...spendingByPayee, id: 'nope', name: 'x' }),
    ).toMatchObject({ error: { type: 'report-not-found' } });
    expect(((await f.core.send('reports-get')) as unknown[]).length).toBe(1);
  });

  it('places report cards on the overview in order and removes them with the report', async () => {
    const f = await openAppCore();
    expect(await f.core.send('dashboard-get')).toEqual([]);
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) {
      ids.push((await f.core.send('report/create', { ...spendingByPayee, name })) as string);
    }
    const cards: string[] = [];
    for (const id of ids) {
      cards.push(
        (await f.core.send('dashboard-add-widget', {
          type: 'custom-report',
          meta: { id },
        })) as string,
      );
    }
    const placed = (await f.core.send('dashboard-get')) as DashboardWidget[];
    expect(placed.map((w) => [w.meta?.id, w.x, w.y])).toEqual([
      [ids[0], 0, 0],
      [ids[1], 4, 0],
      [ids[2], 8, 0],
      [ids[3], 0, 2],
    ]);
    expect(await f.core.send('dashboard-remove-widget', { id: cards[1]! })).toBe('ok');
    await f.core.send('report/delete', { id: ids[2]! });
    const left = (await f.core.send('dashboard-get')) as DashboardWidget[];
    expect(left.map((w) => w.meta?.id)).toEqual([ids[0], ids[3]]);
  });

  it('puts the next card after the last one, wrapping at twelve columns', () => {
    const card = (x: number, y: number) => ({
      id: '',
      type: '',
      width: 4,
      height: 2,
      x,
      y,
      meta: null,
    });
    expect(nextSlot([])).toEqual({ x: 0, y: 0 });
    expect(nextSlot([card(0, 0)])).toEqual({ x: 4, y: 0 });
    expect(nextSlot([card(0, 0), card(8, 0)])).toEqual({ x: 0, y: 2 });
  });
});
