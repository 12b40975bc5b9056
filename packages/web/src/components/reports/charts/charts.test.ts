import { describe, expect, it } from 'vitest';
import { periodLabel } from './CashFlowChart.tsx';
import { compactAmount } from './chart-kit.tsx';
import { periodColumns } from './CustomTable.tsx';

describe('chart labels', () => {
  it('writes axis amounts in whole units, thousands and millions', () => {
    expect(compactAmount(95000)).toBe('950');
    expect(compactAmount(123456)).toBe('1.2k');
    expect(compactAmount(-4500000)).toBe('-45k');
    expect(compactAmount(123456789)).toBe('1.2M');
    expect(compactAmount(123456789, ',')).toBe('1,2M');
    expect(compactAmount(0)).toBe('0');
  });

  it('names months and days', () => {
    expect(periodLabel('2024-03')).toBe('March 2024');
    expect(periodLabel('2024-03', true)).toBe('Mar 2024');
    expect(periodLabel('2024-03-05')).toBe('Mar 5, 2024');
    expect(periodLabel('2024-03-05', true)).toBe('Mar 5');
  });

  it('splits a time table by month up to a year, by year beyond', () => {
    expect(periodColumns(['2024-01', '2024-02']).map((p) => [p.label, p.months])).toEqual([
      ['Jan 2024', [0]],
      ['Feb 2024', [1]],
    ]);
    const long = Array.from({ length: 14 }, (_, i) =>
      i < 2 ? `2023-1${i + 1}` : `2024-${String(i - 1).padStart(2, '0')}`,
    );
    expect(periodColumns(long).map((p) => [p.label, p.months.length])).toEqual([
      ['2023', 2],
      ['2024', 12],
    ]);
  });
});
