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
import type { NetWorthMonth } from '../data/net-worth.ts';
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

function NetWorthTip({ active, payload }: TooltipContentProps) {
  const row = payload?.[0]?.payload as NetWorthMonth | undefined;
  if (!active || !row) return null;
  return (
    <TipBox
      title={monthTitle(row.month)}
      rows={[
        { name: 'Assets', value: row.assets, color: INCOME },
        { name: 'Debts', value: row.debts, color: EXPENSE },
        { name: 'Net worth', value: row.net, color: LINE },
        { name: 'Change', value: row.change },
      ]}
    />
  );
}

/** Assets up and debts down as bars, net worth as a line; a click on a month opens it. */
export function NetWorthChart({
  months,
  height = 300,
  onMonth,
}: {
  months: readonly NetWorthMonth[];
  height?: number;
  onMonth?: (month: string) => void;
}) {
  const { compact } = useChartFormat();
  const many = months.length > 36;
  const open = (d: { payload?: NetWorthMonth }) => d.payload && onMonth?.(d.payload.month);
  return (
    <ComposedChart
      responsive
      style={{ width: '100%', height }}
      data={months as NetWorthMonth[]}
      margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      stackOffset="sign"
    >
      <CartesianGrid stroke={GRID} vertical={false} />
      <XAxis
        dataKey="month"
        tick={labelTick}
        stroke={AXIS}
        tickFormatter={(m: string) => monthTitle(m, true)}
        minTickGap={16}
      />
      <YAxis tick={amountTick} stroke={AXIS} tickFormatter={compact} width={56} />
      <ReferenceLine y={0} stroke={AXIS} />
      <Tooltip content={NetWorthTip} cursor={{ fill: 'var(--table-row-hover)' }} />
      <Bar
        dataKey="assets"
        name="Assets"
        stackId="nw"
        fill={INCOME}
        fillOpacity={0.55}
        isAnimationActive={false}
        cursor={onMonth ? 'pointer' : undefined}
        onClick={open}
        maxBarSize={many ? 8 : 40}
      />
      <Bar
        dataKey="debts"
        name="Debts"
        stackId="nw"
        fill={EXPENSE}
        fillOpacity={0.55}
        isAnimationActive={false}
        cursor={onMonth ? 'pointer' : undefined}
        onClick={open}
        maxBarSize={many ? 8 : 40}
      />
      <Line
        dataKey="net"
        name="Net worth"
        stroke={LINE}
        strokeWidth={2}
        dot={many ? false : { r: 3 }}
        isAnimationActive={false}
      />
    </ComposedChart>
  );
}
