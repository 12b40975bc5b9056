import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  Cell,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import { EXPENSE, INCOME, LINE, PALETTE, TipBox } from './chart-kit.tsx';

const HEIGHT = 96;

export interface MiniPoint {
  label: string;
  value: number;
  /** A second series (expenses beside income). */
  other?: number;
}

function MiniTip({ active, payload }: TooltipContentProps) {
  const p = payload?.[0]?.payload as (MiniPoint & { names?: [string, string?] }) | undefined;
  if (!active || !p) return null;
  const [first, second] = p.names ?? ['Value'];
  return (
    <TipBox
      title={p.label}
      rows={[
        { name: first, value: p.value },
        ...(second && p.other !== undefined ? [{ name: second, value: p.other }] : []),
      ]}
    />
  );
}

/** A line with its area: how a balance moved. */
export function MiniArea({ points, name }: { points: readonly MiniPoint[]; name: string }) {
  const data = points.map((p) => ({ ...p, names: [name] }));
  return (
    <AreaChart
      responsive
      accessibilityLayer={false}
      style={{ width: '100%', height: HEIGHT }}
      data={data}
      margin={{ top: 4, right: 2, bottom: 0, left: 2 }}
    >
      <YAxis hide domain={['auto', 'auto']} />
      <XAxis dataKey="label" hide />
      <Tooltip content={MiniTip} />
      <Area
        dataKey="value"
        stroke={LINE}
        strokeWidth={2}
        fill={LINE}
        fillOpacity={0.15}
        isAnimationActive={false}
      />
    </AreaChart>
  );
}

/** Pairs of bars, up and down: money in and out. */
export function MiniFlow({
  points,
  names,
}: {
  points: readonly MiniPoint[];
  names: [string, string];
}) {
  const data = points.map((p) => ({ ...p, names }));
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      style={{ width: '100%', height: HEIGHT }}
      data={data}
      margin={{ top: 4, right: 2, bottom: 0, left: 2 }}
      stackOffset="sign"
    >
      <XAxis dataKey="label" hide />
      <YAxis hide />
      <Tooltip content={MiniTip} cursor={{ fill: 'var(--table-row-hover)' }} />
      <Bar dataKey="value" stackId="f" fill={INCOME} isAnimationActive={false} maxBarSize={28} />
      <Bar dataKey="other" stackId="f" fill={EXPENSE} isAnimationActive={false} maxBarSize={28} />
    </BarChart>
  );
}

/** A few labelled bars side by side (the largest categories, a report's rows). */
export function MiniBars({ points, name }: { points: readonly MiniPoint[]; name: string }) {
  const data = points.map((p) => ({ ...p, names: [name] }));
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      style={{ width: '100%', height: HEIGHT }}
      data={data}
      margin={{ top: 4, right: 2, bottom: 0, left: 2 }}
    >
      <XAxis dataKey="label" hide />
      <YAxis hide />
      <Tooltip content={MiniTip} cursor={{ fill: 'var(--table-row-hover)' }} />
      <Bar dataKey="value" isAnimationActive={false} maxBarSize={40}>
        {data.map((p, i) => (
          <Cell key={p.label} fill={PALETTE[i % PALETTE.length]} />
        ))}
      </Bar>
    </BarChart>
  );
}
