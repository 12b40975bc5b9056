import { monthTitle } from '@coffer/core/ui';
import type { ReportGraphType } from '@coffer/core/ui';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ReferenceLine,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import { chartRows, type CustomData, type CustomRow, OTHER_KEY } from '../data/custom.ts';
import {
  amountTick,
  AXIS,
  GRID,
  labelTick,
  MUTED,
  PALETTE,
  TipBox,
  useChartFormat,
} from './chart-kit.tsx';

/** How many rows each chart draws (the table always has them all). */
export const CHART_LIMITS = { BarGraph: 20, LineGraph: 6, DonutGraph: 8 } as const;

const colorOf = (row: CustomRow, i: number) =>
  row.key === OTHER_KEY ? MUTED : PALETTE[i % PALETTE.length]!;

function RowTip({ active, payload }: TooltipContentProps) {
  const row = payload?.[0]?.payload as CustomRow | undefined;
  if (!active || !row) return null;
  return <TipBox title={row.label} rows={[{ name: 'Total', value: row.total }]} />;
}

function MonthTip({ active, payload, label }: TooltipContentProps) {
  if (!active || !payload?.length) return null;
  return (
    <TipBox
      title={monthTitle(String(label))}
      rows={payload.map((p) => ({
        name: String(p.name),
        value: Number(p.value) || 0,
        color: String(p.color ?? ''),
      }))}
    />
  );
}

export interface CustomChartProps {
  data: CustomData;
  graphType: Exclude<ReportGraphType, 'TableGraph'>;
  isInterval: boolean;
  height?: number;
  /** A click on a row's bar or slice, or on a month of a row's line. */
  onPick?: (row: CustomRow, month?: string) => void;
  compactView?: boolean;
}

/** A custom report drawn as bars, lines or a donut (the table is CustomTable). */
export function CustomChart({
  data,
  graphType,
  isInterval,
  height = 340,
  onPick,
  compactView = false,
}: CustomChartProps) {
  const { compact } = useChartFormat();
  const pointer = onPick ? 'pointer' : undefined;

  if (graphType === 'DonutGraph') {
    // A donut shows shares: only rows on the same side as the total make sense as slices.
    const rows = chartRows(
      { ...data, rows: data.rows.filter((r) => Math.sign(r.total) === Math.sign(data.total)) },
      CHART_LIMITS.DonutGraph,
    );
    return (
      <PieChart responsive style={{ width: '100%', height }}>
        <Tooltip content={RowTip} />
        <Pie
          data={rows.map((r) => ({ ...r, value: Math.abs(r.total) }))}
          dataKey="value"
          nameKey="label"
          innerRadius="55%"
          outerRadius="85%"
          isAnimationActive={false}
          cursor={pointer}
          onClick={(d: { payload?: CustomRow }) => d.payload && onPick?.(d.payload)}
        >
          {rows.map((r, i) => (
            <Cell key={r.key ?? 'none'} fill={colorOf(r, i)} stroke="var(--card-bg)" />
          ))}
        </Pie>
        {!compactView && (
          <Legend verticalAlign="middle" align="right" layout="vertical" itemSorter={null} />
        )}
      </PieChart>
    );
  }

  if (graphType === 'LineGraph') {
    const rows = isInterval
      ? [{ key: 'total', label: 'Total', total: data.total, byMonth: data.totalsByMonth }]
      : chartRows(data, CHART_LIMITS.LineGraph, { withOther: false });
    const points = data.months.map((month, i) => ({
      month,
      ...Object.fromEntries(rows.map((r, j) => [`s${j}`, r.byMonth[i] ?? 0])),
    }));
    return (
      <LineChart
        responsive
        style={{ width: '100%', height }}
        data={points}
        margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
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
        <Tooltip content={MonthTip} />
        {!compactView && rows.length > 1 && <Legend itemSorter={null} />}
        {rows.map((r, j) => (
          <Line
            key={r.key ?? 'none'}
            dataKey={`s${j}`}
            name={r.label}
            stroke={colorOf(r, j)}
            strokeWidth={2}
            dot={data.months.length > 36 ? false : { r: 2 }}
            isAnimationActive={false}
            activeDot={{
              r: 5,
              cursor: pointer,
              onClick: (_e: unknown, p: unknown) => {
                const index = (p as { index?: number }).index;
                if (index !== undefined && !isInterval) onPick?.(r, data.months[index]);
              },
            }}
          />
        ))}
      </LineChart>
    );
  }

  const rows = chartRows(data, CHART_LIMITS.BarGraph, { keepAll: isInterval, withOther: false });
  return (
    <BarChart
      responsive
      style={{ width: '100%', height }}
      data={rows}
      margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
    >
      <CartesianGrid stroke={GRID} vertical={false} />
      <XAxis
        dataKey="label"
        tick={labelTick}
        stroke={AXIS}
        interval={compactView ? 'preserveStartEnd' : rows.length > 12 ? 'preserveStartEnd' : 0}
        minTickGap={8}
        tickFormatter={(l: string) => (l.length > 14 ? `${l.slice(0, 13)}…` : l)}
      />
      <YAxis tick={amountTick} stroke={AXIS} tickFormatter={compact} width={56} />
      <ReferenceLine y={0} stroke={AXIS} />
      <Tooltip content={RowTip} cursor={{ fill: 'var(--table-row-hover)' }} />
      <Bar
        dataKey="total"
        name="Total"
        isAnimationActive={false}
        cursor={pointer}
        maxBarSize={48}
        onClick={(d: { payload?: CustomRow }) => d.payload && onPick?.(d.payload)}
      >
        {rows.map((r, i) => (
          <Cell key={r.key ?? 'none'} fill={isInterval ? PALETTE[0] : colorOf(r, i)} />
        ))}
      </Bar>
    </BarChart>
  );
}
