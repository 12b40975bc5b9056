import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import type { SqlValue } from '@coffer/core';
import { browser } from '../src/browser-types.ts';
import { createWebPlatform } from '../src/platform.ts';
import { readPoolSnapshot } from '../src/storage/pool-files.ts';
import { ALL_SUMS_TABLE } from '../../core/src/month-sums/slot.ts';
import { ACCOUNT_ORDER } from '../../core/src/query-handler/account-order.ts';
import { SEARCH_INDEX_TABLE } from '../../core/src/search/slot.ts';
import { TAG_INDEX } from '../../core/src/tags/slot.ts';
import { type DerivedDiff, readDerivedDiffs, writeDerivedDiffs } from './import-floor-derived.ts';

/**
 * The floor of an import in this browser (bench/import/web.ts): the rows and messages the
 * core's import wrote, written again straight into a copy of the budget as it was before, with
 * the same wasm SQLite on OPFS (a pool of its own, the same page cache) and nothing else: no
 * parsing, rules, matching, undo, budget sheet or derived data. The same writes as the Node
 * floor (bench/import/floor.mjs), in one transaction. A `derived` floor (the cold floor's
 * second) also writes what the import left in the derived tables the write path keeps in step
 * (import-floor-derived.ts); the Node floor has none, as the api's import keeps none of them
 * (its CPU profile shows none of their code).
 *
 * `snapshot` copies the budget's database (read from its pool's files, which the core keeps
 * open) twice before the import; `prepare` copies it again after and reads what the import
 * wrote; each `write` writes that into one of the first copies, timed, as a task of its own so
 * a trace gives its CPU alone (bench/import/web.ts); `finish` removes the copies. `derived`
 * says which of the derived tables the core builds in the background after an open are current
 * in the file, so the bench imports once they are, as into a budget open for a while (the
 * import keeps them in step then; before, it left them to the build).
 *
 * The cold floor: `export` (after `prepare`) answers the file as it was before the import and
 * what the import wrote; `load`, in a fresh browser's worker that has run nothing else, puts
 * them in place, so its `write` is the same writes into the same file with SQLite's wasm and
 * the driver's JS as cold as the import's were (bench/import/README.md says why).
 */
export type FloorRequest =
  | {
      phase: 'derived' | 'snapshot' | 'prepare' | 'export' | 'finish';
      /** e.g. `/documents/<id>`. */
      budgetDir: string;
    }
  | {
      phase: 'load';
      budgetDir: string;
      /** `export`'s answer from the import's browser. */
      exported: FloorExport;
    }
  | {
      phase: 'write';
      budgetDir: string;
      /**
       * Keep the indexes live (as this floor did before; kept so figures compare with earlier
       * runs) instead of building them again as the write path does (the floor).
       */
      live: boolean;
      /** Also the derived tables' rows the import left (import-floor-derived.ts). */
      derived?: boolean;
    };

const MESSAGE_CHUNK = 100;
/** The write path's BULK_ROWS (packages/core/src/sync/bulk-indexes.ts). */
const BULK_ROWS = 20_000;
const ROW_CHUNK = 500;
const insertMessagesSql = (n: number) =>
  'INSERT INTO messages_crdt (timestamp, dataset, row, column, value) VALUES ' +
  Array<string>(n).fill('(?, ?, ?, ?, ?)').join(', ');

async function floorPlatform() {
  const sqlite3 = await sqlite3InitModule();
  const platform = await createWebPlatform({ sqlite3, mode: 'opfs', onRefused: () => undefined });
  const dir = platform.fs.join(platform.documentDir, 'import-floor');
  await platform.fs.mkdir(dir);
  // Held until `finish`: a folder no request uses is let go after a grace period, and a write
  // then found it unstaged (the cold floor's trace took longer to start than that).
  const release = await platform.store.stage(dir);
  return { platform, dir, release };
}

type Floor = Awaited<ReturnType<typeof floorPlatform>>;

async function readBudget(floor: Floor, budgetDir: string): Promise<Uint8Array> {
  const storage = browser.navigator?.storage;
  if (!storage?.getDirectory) throw new Error('No origin-private file system');
  const root = await storage.getDirectory();
  const files = await readPoolSnapshot(root, budgetDir, floor.platform.timers);
  const bytes = files.get('db.sqlite');
  if (!bytes) throw new Error(`No db.sqlite in ${budgetDir} (found ${[...files.keys()]})`);
  return bytes;
}

async function writeCopy(floor: Floor, bytes: Uint8Array, name: string): Promise<string> {
  const path = floor.platform.fs.join(floor.dir, name);
  await floor.platform.fs.writeFile(path, bytes);
  return path;
}

async function copyBudget(floor: Floor, budgetDir: string, name: string): Promise<string> {
  return writeCopy(floor, await readBudget(floor, budgetDir), name);
}

/**
 * Bytes as base64: the export crosses the test driver's protocol (JSON) to the other browser.
 * In slices, as `String.fromCharCode` takes its bytes as arguments.
 */
function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

function fromBase64(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The derived tables the core keeps in step once built (its background builds after an open). */
const DERIVED = {
  sums: ALL_SUMS_TABLE,
  accountOrder: ACCOUNT_ORDER,
  notesIndex: SEARCH_INDEX_TABLE,
  tagIndex: TAG_INDEX,
};

/** Which derived tables are current in a copy of the budget's file. */
async function derivedState(floor: Floor, budgetDir: string): Promise<Record<string, boolean>> {
  const path = await copyBudget(floor, budgetDir, 'derived.sqlite');
  const db = floor.platform.sqlite.open(path);
  try {
    return Object.fromEntries(
      Object.entries(DERIVED).map(([name, table]) => [name, table.isCurrent(db)]),
    );
  } finally {
    db.close();
    await floor.platform.fs.remove(path);
  }
}

/** What the import wrote: its messages, the rows they touched as it left them, the clock. */
export interface FloorWrites {
  messages: FloorMessage[];
  tables: FloorTable[];
  clock: string;
  /** What the derived tables took (written only by a `derived` floor). */
  derived: DerivedDiff[];
}

/** The cold floor's input, as JSON: the file before the import (base64) and its writes. */
export interface FloorExport {
  before: string;
  writes: FloorWrites;
}

/** A value JSON carries unchanged (a blob would not be: none is written by an import). */
function checkJsonValue(value: SqlValue, where: string): void {
  if (value !== null && typeof value !== 'string' && typeof value !== 'number') {
    throw new Error(`${where}: a ${typeof value} value cannot be exported as JSON`);
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new Error(`${where}: ${value} cannot be exported as JSON`);
  }
}

function exportWrites(writes: FloorWrites, before: Uint8Array): FloorExport {
  for (const m of writes.messages) checkJsonValue(m.value, 'messages_crdt');
  for (const { table, columns, rows } of writes.tables) {
    for (const row of rows) for (const c of columns) checkJsonValue(row[c] ?? null, table);
  }
  for (const { table, put } of writes.derived) {
    for (const row of put) for (const value of row) checkJsonValue(value, table);
  }
  return { before: toBase64(before), writes };
}

/** What the import wrote, read from a copy of the budget after it (and the one before it). */
function readWrites(
  floor: Floor,
  beforePath: string,
  afterPath: string,
  newest: string,
): FloorWrites {
  const after = floor.platform.sqlite.open(afterPath);
  const messages = after.all<FloorMessage>(
    'SELECT timestamp, dataset, row, column, value FROM messages_crdt WHERE timestamp > ? ORDER BY timestamp',
    [newest],
  );
  const idsByTable = new Map<string, Set<string>>();
  for (const m of messages) {
    let ids = idsByTable.get(m.dataset);
    if (!ids) idsByTable.set(m.dataset, (ids = new Set()));
    ids.add(m.row);
  }
  const tables: FloorTable[] = [];
  for (const [table, ids] of idsByTable) {
    const list = [...ids];
    const rows: Record<string, SqlValue>[] = [];
    for (let i = 0; i < list.length; i += ROW_CHUNK) {
      rows.push(
        ...after.all<Record<string, SqlValue>>(
          `SELECT * FROM "${table}" WHERE id IN (SELECT value FROM json_each(?))`,
          [JSON.stringify(list.slice(i, i + ROW_CHUNK))],
        ),
      );
    }
    if (rows.length > 0) tables.push({ table, columns: Object.keys(rows[0]!), rows });
  }
  const clock = after.first<{ clock: string }>(
    'SELECT clock FROM messages_clock WHERE id = 1',
  )!.clock;
  const before = floor.platform.sqlite.open(beforePath);
  const derived = readDerivedDiffs(before, after);
  before.close();
  after.close();
  return { messages, tables, clock, derived };
}

/** One floor per worker: the copies made before the import, and the log's newest message then. */
export function createImportFloor() {
  let state: {
    floor: Floor;
    before: string;
    /** The file before the import, for `export` (`before` is written by the floor). */
    beforeBytes: Uint8Array;
    /** Null in a cold floor's worker, which writes no live floor. */
    live: string | null;
    /** The copy a `derived` floor writes into (a cold floor's only). */
    withDerived: string | null;
    newest: string;
    writes?: FloorWrites;
  } | null = null;

  /** One platform for every step (each of its starts installs a pool of its own). */
  let platform: Promise<Floor> | null = null;
  const floorOnce = () => (platform ??= floorPlatform());

  async function snapshot(budgetDir: string) {
    const floor = await floorOnce();
    const beforeBytes = await readBudget(floor, budgetDir);
    const before = await writeCopy(floor, beforeBytes, 'before.sqlite');
    const live = await writeCopy(floor, beforeBytes, 'before-live.sqlite');
    const db = floor.platform.sqlite.open(before);
    const newest = db.first<{ t: string }>('SELECT MAX(timestamp) AS t FROM messages_crdt')!.t;
    db.close();
    state = { floor, before, beforeBytes, live, withDerived: null, newest };
    return { newest };
  }

  /**
   * The cold floor's set-up: the file and the writes in place, and nothing opened in SQLite,
   * so the timed `write` is the first SQL this worker runs.
   */
  async function load(exported: FloorExport) {
    const floor = await floorOnce();
    const beforeBytes = fromBase64(exported.before);
    const before = await writeCopy(floor, beforeBytes, 'before.sqlite');
    const withDerived = await writeCopy(floor, beforeBytes, 'before-derived.sqlite');
    state = {
      floor,
      before,
      beforeBytes,
      live: null,
      withDerived,
      newest: '',
      writes: exported.writes,
    };
    return { floorMessages: exported.writes.messages.length };
  }

  async function prepare(budgetDir: string) {
    if (!state) throw new Error('snapshot first');
    const afterPath = await copyBudget(state.floor, budgetDir, 'after.sqlite');
    state.writes = readWrites(state.floor, state.before, afterPath, state.newest);
    return { floorMessages: state.writes.messages.length };
  }

  function write(live: boolean, derived: boolean) {
    if (!state?.writes) throw new Error('prepare first');
    const { messages, tables, clock } = state.writes;
    const path = derived ? state.withDerived : live ? state.live : state.before;
    if (path === null)
      throw new Error(`this worker has no copy for that floor (${live}, ${derived})`);
    const withDerived = derived ? state.writes.derived : null;
    const { ms, rebuilt } = writeFloor(
      state.floor,
      path,
      messages,
      tables,
      clock,
      !live,
      withDerived,
    );
    return live ? { floorLiveMs: ms } : { floorMs: ms, floorRebuilt: rebuilt };
  }

  async function finish() {
    if (state) {
      await state.floor.platform.fs.removeDir(state.floor.dir);
      state.floor.release();
    }
    state = null;
    return {};
  }

  return async (req: FloorRequest): Promise<Record<string, unknown>> => {
    if (req.phase === 'derived') return derivedState(await floorOnce(), req.budgetDir);
    if (req.phase === 'snapshot') return snapshot(req.budgetDir);
    if (req.phase === 'prepare') return prepare(req.budgetDir);
    if (req.phase === 'export') {
      if (!state?.writes) throw new Error('prepare first');
      return { ...exportWrites(state.writes, state.beforeBytes) };
    }
    if (req.phase === 'load') return load(req.exported);
    if (req.phase === 'write') return write(req.live, req.derived === true);
    return finish();
  };
}

interface FloorMessage {
  timestamp: string;
  dataset: string;
  row: string;
  column: string;
  value: SqlValue;
}

interface FloorTable {
  table: string;
  columns: string[];
  rows: Record<string, SqlValue>[];
}

/**
 * Writes the messages, rows and clock into the file at `path` in one transaction, timed. With
 * `bulk`, a table taking at least BULK_ROWS rows, no fewer than it holds, has its indexes
 * dropped and built again after the writes, by the write path's rule (bulk-indexes.ts): the
 * cheapest known way to the same file, so the floor does not pay for work Coffer skips.
 */
function writeFloor(
  floor: Floor,
  path: string,
  messages: readonly FloorMessage[],
  tables: readonly FloorTable[],
  clock: string,
  bulk: boolean,
  derived: readonly DerivedDiff[] | null,
): { ms: number; rebuilt: string[] } {
  const db = floor.platform.sqlite.open(path);
  const adding = new Map(tables.map(({ table, rows }) => [table, rows.length]));
  adding.set('messages_crdt', messages.length);
  const rebuilt: { name: string; sql: string }[] = [];
  const t0 = performance.now();
  db.transaction(() => {
    if (bulk) {
      for (const [table, count] of adding) {
        if (count < BULK_ROWS) continue;
        const held = db.first<{ n: number | null }>(`SELECT max(rowid) AS n FROM "${table}"`)?.n;
        if (count < (held ?? 0)) continue;
        rebuilt.push(
          ...db.all<{ name: string; sql: string }>(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
            [table],
          ),
        );
      }
      if (rebuilt.length > 0)
        db.exec(rebuilt.map(({ name }) => `DROP INDEX "${name}";`).join('\n'));
    }
    for (let i = 0; i < messages.length; i += MESSAGE_CHUNK) {
      const part = messages.slice(i, i + MESSAGE_CHUNK);
      const params: SqlValue[] = [];
      for (const m of part) params.push(m.timestamp, m.dataset, m.row, m.column, m.value);
      db.run(insertMessagesSql(part.length), params);
    }
    for (const { table, columns, rows } of tables) {
      const sql =
        `INSERT OR REPLACE INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) ` +
        `VALUES (${columns.map(() => '?').join(', ')})`;
      for (const row of rows)
        db.run(
          sql,
          columns.map((c) => row[c] ?? null),
        );
    }
    db.run('INSERT OR REPLACE INTO messages_clock (id, clock) VALUES (1, ?)', [clock]);
    if (rebuilt.length > 0) db.exec(rebuilt.map(({ sql }) => `${sql};`).join('\n'));
    if (derived) writeDerivedDiffs(db, derived);
  });
  const ms = performance.now() - t0;
  db.close();
  return { ms, rebuilt: rebuilt.map(({ name }) => name) };
}
