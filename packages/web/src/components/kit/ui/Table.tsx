import type {
  HTMLAttributes,
  Ref,
  TableHTMLAttributes,
  TdHTMLAttributes,
  ThHTMLAttributes,
} from 'react';

export interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  ref?: Ref<HTMLTableElement>;
}

/**
 * A short native table (a few dozen rows; long lists use `VirtualTable`). Its look is the
 * area's class (`report-table`, `schedule-txns`…); name it with `aria-label` when the page
 * holds more than one.
 */
export function Table(props: TableProps) {
  return <table {...props} />;
}

export function TableHead(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead {...props} />;
}

export function TableBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody {...props} />;
}

export function TableRow(props: HTMLAttributes<HTMLTableRowElement>) {
  return <tr {...props} />;
}

export interface TableHeaderProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** Required, so a screen reader knows which cells a header names. */
  scope: 'col' | 'row' | 'colgroup' | 'rowgroup';
}

export function TableHeader(props: TableHeaderProps) {
  return <th {...props} />;
}

export function TableCell(props: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td {...props} />;
}
