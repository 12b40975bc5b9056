import { type ReactNode, useMemo } from 'react';
import { useAppState } from '../../../store/context.ts';
import { useFormat } from '../../../store/use-format.ts';
import { isNumberFormat } from '../../../util/format.ts';

/** Series colours (theme tokens in reports.css), in the order series take them. */
export const PALETTE = [
  'var(--chart-1)',
  'var(--chart-2)',
  'var(--chart-3)',
  'var(--chart-4)',
  'var(--chart-5)',
  'var(--chart-6)',
  'var(--chart-7)',
  'var(--chart-8)',
];
export const INCOME = 'var(--chart-income)';
export const EXPENSE = 'var(--chart-expense)';
export const LINE = 'var(--chart-line)';
export const MUTED = 'var(--chart-muted)';
export const GRID = 'var(--card-border)';
export const AXIS = 'var(--page-text-subdued)';

/**
 * An axis label: whole units, thousands as k and millions as M, with the user's decimal mark.
 * Pure, for the test.
 */
export function compactAmount(cents: number, decimal = '.'): string {
  const units = cents / 100;
  const abs = Math.abs(units);
  const sign = units < 0 ? '-' : '';
  const text = (n: number, digits: number) =>
    n.toFixed(digits).replace(/\.0+$/, '').replace('.', decimal);
  if (abs >= 1e6) return `${sign}${text(abs / 1e6, abs >= 1e7 ? 0 : 1)}M`;
  if (abs >= 1e3) return `${sign}${text(abs / 1e3, abs >= 1e4 ? 0 : 1)}k`;
  return `${sign}${text(abs, 0)}`;
}

/** Full amounts for tooltips, compact ones for axes, both in the user's number format. */
export function useChartFormat() {
  const fmt = useFormat();
  const format = useAppState((s) => s.prefs?.numberFormat);
  return useMemo(() => {
    const decimal =
      isNumberFormat(format) && (format === 'dot-comma' || format === 'space-comma') ? ',' : '.';
    return { amount: fmt.amount, compact: (cents: number) => compactAmount(cents, decimal) };
  }, [fmt, format]);
}

export interface TipRow {
  name: string;
  value: number;
  color?: string;
}

/**
 * The hover box of every chart: the point's label and each series' value in full, as amounts
 * (so privacy mode blurs them like any other amount).
 */
export function TipBox({ title, rows }: { title: ReactNode; rows: readonly TipRow[] }) {
  const { amount } = useChartFormat();
  return (
    <div className="chart-tip" role="status">
      <div className="chart-tip-title">{title}</div>
      {rows.map((r) => (
        <div key={r.name} className="chart-tip-row">
          {r.color && <span className="chart-tip-swatch" style={{ background: r.color }} />}
          <span className="chart-tip-name">{r.name}</span>
          <span className={`amount${r.value < 0 ? ' negative' : ''}`}>{amount(r.value)}</span>
        </div>
      ))}
    </div>
  );
}

/** Tick text on an amount axis: marked so privacy mode blurs it. */
export const amountTick = { className: 'chart-amount-tick', fill: AXIS, fontSize: 11 };
export const labelTick = { fill: AXIS, fontSize: 11 };
