import { monthTitle } from '@coffer/core/ui';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import type { CashFlowPeriod, Interval } from '../data/cash-flow.ts';
import {
  amountTick,
  AXIS,
  EXPENSE,
  GRID,
  INCOME,
  labelTick,
  LINE,
  TipBox,
  useChartFormat,
} from './chart-kit.tsx';
import { sharedZeroScales } from './shared-zero.ts';

/** `2024-03` → 'March 2024', `2024-03-05` → 'Mar 5, 2024'. */
export function periodLabel(period: string, short = false): string {
  if (period.length === 7) return monthTitle(period, short);
  const day = Number(period.slice(8, 10));
  return short
    ? `${monthTitle(period.slice(0, 7), true).slice(0, 3)} ${day}`
    : `${monthTitle(period.slice(0, 7), true).slice(0, 3)} ${day}, ${period.slice(0, 4)}`;
}

function CashFlowTip({ active, payload }: TooltipContentProps) {
  const row = payload?.[0]?.payload as CashFlowPeriod | undefined;
  if (!active || !row) return null;
  return (
    <TipBox
      title={periodLabel(row.period)}
      rows={[
        { name: 'Income', value: row.income, color: INCOME },
        { name: 'Expenses', value: row.expenses, color: EXPENSE },
        { name: 'Net', value: row.net },
        { name: 'Balance', value: row.balance, color: LINE },
      ]}
    />
  );
}

export type FlowKind = 'income' | 'expenses';

/**
 * Income up and expenses down per period, the balance as a line on its own axis (it is usually
 * much larger than a month's flows). Both axes put zero at the same height, so a zero balance
 * reads as zero on the flows' zero line. A click on a bar opens those transactions.
 */
export function CashFlowChart({
  periods,
  interval,
  height = 300,
  showBalance = true,
  onBar,
}: {
  periods: readonly CashFlowPeriod[];
  interval: Interval;
  height?: number;
  showBalance?: boolean;
  onBar?: (period: string, kind: FlowKind) => void;
}) {
  const { compact } = useChartFormat();
  const thin = periods.length > 36;
  const scales = showBalance
    ? sharedZeroScales(
        {
          min: Math.min(0, ...periods.map((p) => p.expenses)),
          max: Math.max(0, ...periods.map((p) => p.income)),
        },
        {
          min: Math.min(0, ...periods.map((p) => p.balance)),
          max: Math.max(0, ...periods.map((p) => p.balance)),
        },
        // Cents: the axis labels whole units.
        100,
      )
    : null;
  const click = (kind: FlowKind) => (d: { payload?: CashFlowPeriod }) =>
    d.payload && onBar?.(d.payload.period, kind);
  return (
    <ComposedChart
      responsive
      style={{ width: '100%', height }}
      data={periods as CashFlowPeriod[]}
      margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      stackOffset="sign"
    >
      <CartesianGrid stroke={GRID} vertical={false} />
      <XAxis
        dataKey="period"
        tick={labelTick}
        stroke={AXIS}
        tickFormatter={(p: string) => periodLabel(p, true)}
        minTickGap={interval === 'day' ? 24 : 16}
      />
      <YAxis
        yAxisId="flow"
        tick={amountTick}
        stroke={AXIS}
        tickFormatter={compact}
        width={56}
        {...(scales && { domain: scales.left.domain, ticks: scales.left.ticks })}
      />
      {scales && (
        <YAxis
          yAxisId="balance"
          orientation="right"
          tick={amountTick}
          stroke={AXIS}
          tickFormatter={compact}
          width={56}
          domain={scales.right.domain}
          ticks={scales.right.ticks}
        />
      )}
      <ReferenceLine yAxisId="flow" y={0} stroke={AXIS} />
      <Tooltip content={CashFlowTip} cursor={{ fill: 'var(--table-row-hover)' }} />
      <Bar
        yAxisId="flow"
        dataKey="income"
        name="Income"
        stackId="flow"
        fill={INCOME}
        isAnimationActive={false}
        cursor={onBar ? 'pointer' : undefined}
        onClick={click('income')}
        maxBarSize={thin ? 8 : 32}
      />
      <Bar
        yAxisId="flow"
        dataKey="expenses"
        name="Expenses"
        stackId="flow"
        fill={EXPENSE}
        isAnimationActive={false}
        cursor={onBar ? 'pointer' : undefined}
        onClick={click('expenses')}
        maxBarSize={thin ? 8 : 32}
      />
      {showBalance && (
        <Line
          yAxisId="balance"
          dataKey="balance"
          name="Balance"
          stroke={LINE}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      )}
    </ComposedChart>
  );
}
