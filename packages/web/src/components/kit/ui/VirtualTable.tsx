import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { LOAD_MORE_WITHIN, nearEnd } from './near-end.ts';

/** The spec's table constants: row height 32, 5 rows rendered past each edge. */
export const ROW_HEIGHT = 32;
export const OVERSCAN = 5;

export interface Column<R> {
  id: string;
  /** The header text, which is also each cell's column name for screen readers. */
  header: ReactNode;
  /** A CSS grid track: `120px`, `2fr`, `minmax(120px, 1fr)`. */
  width: string;
  align?: 'left' | 'right' | 'center';
  cell: (row: R, index: number) => ReactNode;
  /** A cell's whole text, shown on hover when the column is too narrow for it. */
  title?: (row: R) => string | undefined;
  /** Extra header content (a sort button, a menu). */
  headerExtra?: ReactNode;
  /** aria-sort of this column's header. */
  sort?: 'ascending' | 'descending';
}

export interface VirtualTableHandle {
  scrollToIndex(index: number): void;
  /** The scrolling element (frame-time benchmarks scroll it). */
  element(): HTMLDivElement | null;
}

export interface VirtualTableProps<R> {
  /** The table's accessible name. */
  label: string;
  columns: Column<R>[];
  rows: readonly R[];
  /** Rows in all, when more than those loaded (aria-rowcount). */
  total?: number | null;
  rowKey: (row: R, index: number) => string;
  /** Each row's accessible name (its date and payee, its category...). */
  rowLabel: (row: R, index: number) => string;
  rowHeight?: number;
  /** Called when rows within `nearEndWithin` of the end of those loaded come into view. */
  onNearEnd?: () => void;
  /** How near the end of the loaded rows `onNearEnd` is called; LOAD_MORE_WITHIN by default. */
  nearEndWithin?: number;
  /**
   * Replaces a row's cells (a row in edit mode renders its inputs). Return null for the
   * default cells.
   */
  renderRow?: (row: R, index: number) => ReactNode | null;
  rowProps?: (row: R, index: number) => HTMLAttributes<HTMLDivElement> & { 'data-state'?: string };
  /** Shown above the rows, not virtualized (an add row, scheduled previews). */
  top?: ReactNode;
  empty?: ReactNode;
  role?: 'table' | 'grid';
  className?: string;
  style?: CSSProperties;
  handle?: Ref<VirtualTableHandle>;
}

/** The grid template shared by the header and every row, so columns line up. */
export function gridTemplate(columns: readonly { width: string }[]): string {
  return columns.map((c) => c.width).join(' ');
}

/**
 * How many rows past each edge are rendered. When other rows replace those shown (a view
 * opened, a filter or search shown: the first row shown before is gone, or the table was
 * empty), the first frame draws only the rows in view, and the rows past the edges follow once
 * that frame is painted: at 100,000 transactions the filter by a tag paints a fifth fewer rows
 * before its answer shows (issue 32). A row added above the others (its first row is new, the
 * old first is still there) keeps the edges: a focused row past the view stays mounted.
 */
function useEdgesAfterFirstFrame<R>(rows: readonly R[], rowKey: (row: R, i: number) => string) {
  const firstKey = rows.length > 0 ? rowKey(rows[0]!, 0) : null;
  const [shownFirst, setShownFirst] = useState(firstKey);
  const [overscan, setOverscan] = useState(OVERSCAN);
  if (firstKey !== shownFirst) {
    // Set during the render that shows the rows, so it draws them without the edges.
    setShownFirst(firstKey);
    const replaced = shownFirst === null || !rows.some((r, i) => rowKey(r, i) === shownFirst);
    if (firstKey !== null && replaced) setOverscan(0);
  }
  useEffect(() => {
    if (overscan === OVERSCAN) return;
    // After the frame: a timer set in the frame's own callback runs once it is painted.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setOverscan(OVERSCAN));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [overscan]);
  return overscan;
}

/**
 * A long table: only the rows in view (and 5 past each edge) are in the DOM, at 32 px each.
 * It is a real table to assistive technology: rows carry their index and name, cells their
 * column. Keyboard movement between rows belongs to the page that owns the rows.
 */
export function VirtualTable<R>({
  label,
  columns,
  rows,
  total,
  rowKey,
  rowLabel,
  rowHeight = ROW_HEIGHT,
  onNearEnd,
  nearEndWithin = LOAD_MORE_WITHIN,
  renderRow,
  rowProps,
  top,
  empty,
  role = 'table',
  className,
  style,
  handle,
}: VirtualTableProps<R>) {
  const scroller = useRef<HTMLDivElement>(null);
  const template = gridTemplate(columns);
  const overscan = useEdgesAfterFirstFrame(rows, rowKey);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1]?.index ?? -1;

  useImperativeHandle(handle, () => ({
    scrollToIndex: (index: number) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    element: () => scroller.current,
  }));

  useEffect(() => {
    if (onNearEnd && nearEnd(last, rows.length, nearEndWithin)) onNearEnd();
  }, [last, rows.length, onNearEnd, nearEndWithin]);

  const cellRole = role === 'grid' ? 'gridcell' : 'cell';
  return (
    <div
      className={`vtable ${className ?? ''}`}
      role={role}
      aria-label={label}
      aria-rowcount={(total ?? rows.length) + 1}
      style={style}
    >
      <div className="vtable-head" role="rowgroup">
        <div
          className="vtable-row vtable-header"
          role="row"
          aria-rowindex={1}
          style={{ gridTemplateColumns: template }}
        >
          {columns.map((c) => (
            <div
              key={c.id}
              role="columnheader"
              aria-sort={c.sort}
              className={`vtable-cell align-${c.align ?? 'left'}`}
            >
              {c.header}
              {c.headerExtra}
            </div>
          ))}
        </div>
      </div>
      {/* A read-only table's rows hold nothing to focus, so its scroller takes focus itself:
          the keyboard can scroll it (WCAG 2.1.1). A grid's cells take focus instead. While
          nothing is loaded yet it is busy: a row group may be empty only then. */}
      <div
        ref={scroller}
        className="vtable-body"
        role="rowgroup"
        tabIndex={role === 'table' ? 0 : undefined}
        aria-busy={rows.length === 0 && !empty && !top ? true : undefined}
      >
        {top}
        {rows.length === 0 && empty && (
          // The message is a row of its own: a table holds only rows.
          <div className="vtable-empty" role="row">
            <div role={cellRole} aria-colspan={columns.length}>
              {empty}
            </div>
          </div>
        )}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index]!;
            const custom = renderRow?.(row, item.index) ?? null;
            const extra = rowProps?.(row, item.index) ?? {};
            return (
              <div
                key={rowKey(row, item.index)}
                role="row"
                aria-rowindex={item.index + 2}
                aria-label={rowLabel(row, item.index)}
                {...extra}
                className={`vtable-row ${extra.className ?? ''}`}
                style={{
                  gridTemplateColumns: template,
                  height: rowHeight,
                  transform: `translateY(${item.start}px)`,
                  ...extra.style,
                }}
              >
                {custom ??
                  columns.map((c) => (
                    <div
                      key={c.id}
                      role={cellRole}
                      className={`vtable-cell align-${c.align ?? 'left'}`}
                      data-col={c.id}
                      title={c.title?.(row) || undefined}
                    >
                      {c.cell(row, item.index)}
                    </div>
                  ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
