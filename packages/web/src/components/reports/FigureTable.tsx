import { Amount } from '../kit/ui/AmountInput.tsx';

export interface FigureColumn<R> {
  header: string;
  cents: (row: R) => number;
}

/**
 * A report's table of amounts by period: the first cell names the row and, as a button, opens
 * its transactions in the register (the chart's click, by keyboard); a total row may close it.
 */
export function FigureTable<R>({
  label,
  rowHeader,
  columns,
  rows,
  rowKey,
  rowName,
  onOpen,
  total,
}: {
  label: string;
  rowHeader: string;
  columns: readonly FigureColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  rowName: (row: R) => string;
  onOpen: (row: R) => void;
  /** The total row's figure for each column. */
  total?: readonly number[];
}) {
  return (
    <section className="card report-table-card">
      <table className="report-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="num">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              <th scope="row">
                <button
                  type="button"
                  className="link-button report-row-link"
                  title="Show these transactions"
                  onClick={() => onOpen(r)}
                >
                  {rowName(r)}
                </button>
              </th>
              {columns.map((c) => (
                <td key={c.header}>
                  <Amount cents={c.cents(r)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {total && (
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {total.map((cents, i) => (
                <td key={i}>
                  <Amount cents={cents} />
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </section>
  );
}
