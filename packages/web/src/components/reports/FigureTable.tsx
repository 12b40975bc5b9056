import { Amount } from '../kit/ui/AmountInput.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../kit/ui/Table.tsx';
import { Button } from '../kit/ui/Button.tsx';

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
      <Table className="report-table" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableHeader scope="col">{rowHeader}</TableHeader>
            {columns.map((c) => (
              <TableHeader key={c.header} scope="col" className="num">
                {c.header}
              </TableHeader>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={rowKey(r)}>
              <TableHeader scope="row">
                <Button
                  type="button"
                  variant="link"
                  className="report-row-link"
                  title="Show these transactions"
                  onClick={() => onOpen(r)}
                >
                  {rowName(r)}
                </Button>
              </TableHeader>
              {columns.map((c) => (
                <TableCell key={c.header}>
                  <Amount cents={c.cents(r)} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {total && (
          <tfoot>
            <TableRow>
              <TableHeader scope="row">Total</TableHeader>
              {total.map((cents, i) => (
                <TableCell key={i}>
                  <Amount cents={cents} />
                </TableCell>
              ))}
            </TableRow>
          </tfoot>
        )}
      </Table>
    </section>
  );
}
