import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import type { SpendingGroup } from '../data/spending.ts';
import {
  amountTick,
  AXIS,
  EXPENSE,
  GRID,
  labelTick,
  MUTED,
  PALETTE,
  TipBox,
  useChartFormat,
} from './chart-kit.tsx';

function GroupTip({ active, payload }: TooltipContentProps) {
  const g = payload?.[0]?.payload as SpendingGroup | undefined;
  if (!active || !g) return null;
  return (
    <TipBox
      title={g.name}
      rows={[
        { name: 'Spent', value: g.spent, color: EXPENSE },
        { name: 'Budgeted', value: g.budgeted, color: PALETTE[0] },
        { name: 'Period before', value: g.previous, color: MUTED },
      ]}
    />
  );
}

/** Each group's spending beside its budget and the period before; a click opens a group. */
export function SpendingChart({
  groups,
  onGroup,
}: {
  groups: readonly SpendingGroup[];
  onGroup?: (group: SpendingGroup) => void;
}) {
  const { compact } = useChartFormat();
  const click = (d: { payload?: SpendingGroup }) => d.payload && onGroup?.(d.payload);
  return (
    <BarChart
      responsive
      layout="vertical"
      style={{ width: '100%', height: Math.max(160, groups.length * 56 + 60) }}
      data={groups as SpendingGroup[]}
      margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
      barGap={1}
    >
      <CartesianGrid stroke={GRID} horizontal={false} />
      <XAxis type="number" tick={amountTick} stroke={AXIS} tickFormatter={compact} />
      <YAxis type="category" dataKey="name" tick={labelTick} stroke={AXIS} width={120} />
      <Tooltip content={GroupTip} cursor={{ fill: 'var(--table-row-hover)' }} />
      <Legend itemSorter={null} />
      {(
        [
          ['spent', 'Spent', EXPENSE],
          ['budgeted', 'Budgeted', PALETTE[0]],
          ['previous', 'Period before', MUTED],
        ] as const
      ).map(([key, name, fill]) => (
        <Bar
          key={key}
          dataKey={key}
          name={name}
          fill={fill}
          isAnimationActive={false}
          cursor={onGroup ? 'pointer' : undefined}
          onClick={click}
          maxBarSize={14}
        />
      ))}
    </BarChart>
  );
}
