import type { SqliteDatabase } from '../platform/sqlite.ts';
import { DASHBOARD_TABLE, ensureReportTables, tableExists } from './tables.ts';

/**
 * A card placed on the reports overview. Like Actual's `dashboard`, a card has a type, a place
 * on a 12-column grid and `meta` (a custom report's card names the report: `{id}`).
 */
export interface DashboardWidget {
  id: string;
  type: string;
  width: number;
  height: number;
  x: number;
  y: number;
  meta: Record<string, unknown> | null;
}

interface WidgetRow {
  id: string;
  type: string | null;
  width: number | null;
  height: number | null;
  x: number | null;
  y: number | null;
  meta: string | null;
}

const COLUMNS = 12;
const CARD = { width: 4, height: 2 };

function parseMeta(json: string | null): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(json ?? 'null');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The placed cards, top to bottom and left to right. */
export function getWidgets(db: SqliteDatabase): DashboardWidget[] {
  if (!tableExists(db, DASHBOARD_TABLE)) return [];
  return db
    .all<WidgetRow>(
      `SELECT id, type, width, height, x, y, meta FROM ${DASHBOARD_TABLE}
       WHERE tombstone = 0 AND type IS NOT NULL ORDER BY y, x, id`,
    )
    .map((r) => ({
      id: r.id,
      type: r.type ?? '',
      width: r.width ?? CARD.width,
      height: r.height ?? CARD.height,
      x: r.x ?? 0,
      y: r.y ?? 0,
      meta: parseMeta(r.meta),
    }));
}

/** The first free slot after the last card, left to right, rows of `height`. */
export function nextSlot(widgets: readonly DashboardWidget[]): { x: number; y: number } {
  const last = widgets[widgets.length - 1];
  if (!last) return { x: 0, y: 0 };
  const x = last.x + last.width;
  return x + CARD.width <= COLUMNS ? { x, y: last.y } : { x: 0, y: last.y + last.height };
}

/** Places a card after the others; → its id. */
export function addWidget(
  db: SqliteDatabase,
  widget: { type: string; meta?: Record<string, unknown> | null },
  newId: () => string,
): string {
  ensureReportTables(db);
  const id = newId();
  const { x, y } = nextSlot(getWidgets(db));
  db.run(
    `INSERT INTO ${DASHBOARD_TABLE} (id, type, width, height, x, y, meta, tombstone)
     VALUES (?, ?, ?, ?, ?, ?, ?, 0)`,
    [
      id,
      widget.type,
      CARD.width,
      CARD.height,
      x,
      y,
      widget.meta ? JSON.stringify(widget.meta) : null,
    ],
  );
  return id;
}

export function removeWidget(db: SqliteDatabase, id: string): void {
  if (!tableExists(db, DASHBOARD_TABLE)) return;
  db.run(`UPDATE ${DASHBOARD_TABLE} SET tombstone = 1 WHERE id = ?`, [id]);
}

/** Takes a deleted report's cards off the overview. */
export function removeReportWidgets(db: SqliteDatabase, reportId: string): void {
  for (const w of getWidgets(db)) {
    if (w.type === 'custom-report' && w.meta?.id === reportId) removeWidget(db, w.id);
  }
}
