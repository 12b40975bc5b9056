import { monthTitle } from '@coffer/core/ui';
import { useMemo } from 'react';
import { Amount } from '../../kit/ui/AmountInput.tsx';
import { type Column, gridTemplate, VirtualTable } from '../../kit/ui/VirtualTable.tsx';
import type { CustomData, CustomRow } from '../data/custom.ts';
import { Button } from '../../kit/ui/Button.tsx';

interface Period {
  label: string;
  /** Indexes into the report's months. */
  months: number[];
}

/** Columns for a time table: months up to a year, whole years beyond that. Pure. */
export function periodColumns(months: readonly string[]): Period[] {
  if (months.length <= 12)
    return months.map((m, i) => ({ label: monthTitle(m, true), months: [i] }));
  const years = new Map<string, number[]>();
  months.forEach((m, i) => years.set(m.slice(0, 4), [...(years.get(m.slice(0, 4)) ?? []), i]));
  return [...years].map(([label, idx]) => ({ label, months: idx }));
}

const sumOf = (values: readonly number[], idx: readonly number[]) =>
  idx.reduce((t, i) => t + (values[i] ?? 0), 0);

/**
 * A custom report as a table: one row per group (virtualized: a payee report can have
 * thousands), the total first, and month or year columns when split by time.
 */
export function CustomTable({
  data,
  groupLabel,
  byTime,
  onPick,
}: {
  data: CustomData;
  groupLabel: string;
  byTime: boolean;
  onPick?: (row: CustomRow, month?: string) => void;
}) {
  const periods = useMemo(() => (byTime ? periodColumns(data.months) : []), [byTime, data.months]);
  const columns: Column<CustomRow>[] = [
    {
      id: 'label',
      header: groupLabel,
      width: 'minmax(160px, 2fr)',
      cell: (r) =>
        onPick ? (
          <Button
            type="button"
            variant="link"
            className="report-row-link"
            title="Show these transactions"
            onClick={() => onPick(r)}
          >
            {r.label}
          </Button>
        ) : (
          r.label
        ),
    },
    ...periods.map((p, i): Column<CustomRow> => ({
      id: `p${i}`,
      header: p.label,
      width: 'minmax(88px, 1fr)',
      align: 'right',
      cell: (r) => <Amount cents={sumOf(r.byMonth, p.months)} />,
    })),
    {
      id: 'total',
      header: 'Total',
      width: 'minmax(110px, 1fr)',
      align: 'right',
      cell: (r) => <Amount cents={r.total} />,
    },
  ];
  const template = gridTemplate(columns);
  // Header, total and rows, 32 px and a border each, and the table's own border.
  const height = Math.min(560, 33 * (Math.max(data.rows.length, 1) + 2) + 2);
  return (
    <VirtualTable
      label="Report table"
      className="custom-table"
      style={{ height, minWidth: periods.length > 8 ? periods.length * 96 + 200 : undefined }}
      columns={columns}
      rows={data.rows}
      rowKey={(r) => r.key ?? 'none'}
      rowLabel={(r) => r.label}
      empty="Nothing matches this report."
      top={
        <div
          className="vtable-row custom-total-row"
          role="row"
          aria-label="Total"
          style={{ gridTemplateColumns: template }}
        >
          <div role="cell" className="vtable-cell">
            Total
          </div>
          {periods.map((p, i) => (
            <div key={i} role="cell" className="vtable-cell align-right">
              <Amount cents={sumOf(data.totalsByMonth, p.months)} />
            </div>
          ))}
          <div role="cell" className="vtable-cell align-right">
            <Amount cents={data.total} />
          </div>
        </div>
      }
    />
  );
}
