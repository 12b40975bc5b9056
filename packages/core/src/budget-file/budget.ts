import { backupBeforeMigration } from '../backups/before-migration.ts';
import type { Emit } from '../handlers-core/events.ts';
import type { Platform, SqliteDatabase } from '../platform/index.ts';
import { prepareDatabase } from '../schema/prepare.ts';
import { SYNCED_PREFS } from '../schema/synced-tables.ts';
import { BudgetDb, type BudgetDbDeps } from '../sync/budget-db.ts';
import type { UndoEvent } from '../undo/undo-manager.ts';
import { type BudgetPrefs, DB_FILE, readPrefs, writePrefs } from './prefs.ts';

/** What a budget needs from its host. */
export interface BudgetEnv {
  platform: Platform;
  /** The folder holding one sub-folder per budget. */
  documentDir: string;
  emit?: Emit;
}

export type OpenErrorType =
  'budget-not-found' | 'opening-budget' | 'out-of-sync-migrations' | 'loading-budget';

export interface OpenError {
  error: { type: OpenErrorType; message: string };
}

/**
 * Per-budget state owned by another module (the sheet, the rules cache, the sync client),
 * created on first use and disposed when the budget closes:
 *
 *   const RulesSlot = defineBudgetSlot('rules', (budget) => new RulesCache(budget));
 *   budget.get(RulesSlot).run(tx);
 */
export interface BudgetSlot<T> {
  readonly name: string;
  create(budget: Budget): T;
  dispose?(value: T): void | Promise<void>;
}

export function defineBudgetSlot<T>(
  name: string,
  create: (budget: Budget) => T,
  dispose?: (value: T) => void | Promise<void>,
): BudgetSlot<T> {
  return { name, create, dispose };
}

/**
 * One open budget: its folder, its prefs (`metadata.json`), and its database with the write
 * path (`budget.db`). Several can be open at once; nothing is global.
 */
export class Budget {
  private readonly slots = new Map<BudgetSlot<unknown>, unknown>();
  private prefsWrite: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    readonly env: BudgetEnv,
    /** The budget folder, or null for an in-memory budget. */
    readonly dir: string | null,
    private currentPrefs: BudgetPrefs,
    readonly db: BudgetDb,
  ) {
    db.onChange((event) => {
      if (event.tables.length > 0) {
        env.emit?.('tables-changed', {
          tables: [...event.tables],
          source: event.source,
          undo: event.undo,
        });
      }
      if (Object.keys(event.prefs).length === 0) return;
      this.currentPrefs = { ...this.currentPrefs, ...event.prefs };
      this.queuePrefsWrite();
      if (event.source === 'remote') {
        env.emit?.('prefs-updated', { prefs: { ...event.prefs } });
      }
    }, 'tables');
  }

  get id(): string {
    return this.currentPrefs.id;
  }

  get prefs(): Readonly<BudgetPrefs> {
    return this.currentPrefs;
  }

  get sqlite(): SqliteDatabase {
    return this.db.sqlite;
  }

  /** Open `<documentDir>/<id>`: prefs, migrations, views, clock. */
  static async open(env: BudgetEnv, id: string): Promise<Budget | OpenError> {
    const { fs, sqlite, log } = env.platform;
    const mark = (name: string) => env.platform.mark?.(`open:${name}`);
    const fail = (type: OpenErrorType, message: string): OpenError => ({
      error: { type, message },
    });
    if (!id || id.includes('/') || id.includes('\\') || id === '.' || id === '..') {
      return fail('budget-not-found', `No budget with id ${id}`);
    }
    const dir = fs.join(env.documentDir, id);
    // Read beside the folder's check, not after it: in a browser each is a few round trips to
    // the browser's process (issue 29). readPrefs never rejects (a missing file gives the
    // defaults), so a read left behind by a failure below is only dropped.
    const reading = readPrefs(fs, dir, id);
    if (!(await fs.exists(dir))) return fail('budget-not-found', `No budget with id ${id}`);
    const dbPath = fs.join(dir, DB_FILE);
    if (!(await fs.exists(dbPath))) return fail('opening-budget', `${id} has no ${DB_FILE}`);
    const prefs = await reading;
    mark('prefs-read');

    let database: SqliteDatabase;
    try {
      database = sqlite.open(dbPath);
    } catch (err) {
      return fail('opening-budget', `Cannot open ${dbPath}: ${String(err)}`);
    }
    mark('file-opened');
    await backupBeforeMigration({ fs, log, now: env.platform.clock.now() }, dir, database);
    let db: BudgetDb;
    try {
      mark('backup-checked');
      const prepared = prepareDatabase(database);
      mark('schema-prepared');
      if (!prepared.ok) {
        database.close();
        return fail(
          prepared.error === 'out-of-sync-migrations' ? 'out-of-sync-migrations' : 'opening-budget',
          prepared.message,
        );
      }
      if (prepared.newerMigrations.length > 0) {
        log.info('Opened a budget written by a newer Actual', { extra: prepared.newerMigrations });
      }
      const { replayed } = prepared.catchUp;
      const { folded } = prepared.extensions;
      if (replayed > 0 || folded.length > 0) {
        log.info('Applied kept values to columns the file did not have', { replayed, folded });
      }
      db = BudgetDb.open(database, budgetDbDeps(env), {
        resetClock: prefs.resetClock === true,
        columns: prepared.columns,
      });
      mark('db-opened');
    } catch (err) {
      database.close();
      log.error('Loading the budget failed', { id, error: String(err) });
      return fail('loading-budget', String(err));
    }
    const budget = new Budget(env, dir, prefs, db);
    if (prefs.resetClock) await budget.savePrefs({ resetClock: false });
    return budget;
  }

  /** A budget in memory only (tests, imports in progress). Prefs live in the object. */
  static memory(env: BudgetEnv, prefs: BudgetPrefs): Budget {
    const database = env.platform.sqlite.open(':memory:');
    const prepared = prepareDatabase(database, { create: true });
    if (!prepared.ok) throw new Error(prepared.message);
    const db = BudgetDb.open(database, budgetDbDeps(env), { columns: prepared.columns });
    return new Budget(env, null, { ...prefs }, db);
  }

  /**
   * Change prefs and write `metadata.json`. `budgetName` and `budgetType` also sync as
   * `prefs` messages (unless `avoidSync`).
   */
  async savePrefs(
    patch: Partial<BudgetPrefs>,
    options: { avoidSync?: boolean } = {},
  ): Promise<void> {
    this.assertOpen();
    const { id: _ignored, ...rest } = patch;
    const synced: Record<string, string> = {};
    for (const key of SYNCED_PREFS) {
      const value = rest[key];
      if (typeof value === 'string' && !options.avoidSync) synced[key] = value;
    }
    this.currentPrefs = { ...this.currentPrefs, ...rest };
    // The message path also writes the file (through the change listener above).
    if (Object.keys(synced).length > 0) this.db.setSyncedPrefs(synced);
    this.queuePrefsWrite();
    await this.prefsWrite;
  }

  /** The module-owned state for `slot`, created on first use. */
  get<T>(slot: BudgetSlot<T>): T {
    this.assertOpen();
    if (!this.slots.has(slot)) this.slots.set(slot, slot.create(this));
    return this.slots.get(slot) as T;
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Dispose slots (newest first), finish the prefs write, close the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const [slot, value] of [...this.slots].reverse()) {
      await slot.dispose?.(value);
    }
    this.slots.clear();
    await this.prefsWrite;
    this.db.close();
  }

  private queuePrefsWrite(): void {
    const dir = this.dir;
    if (dir === null) return;
    const { fs, log } = this.env.platform;
    this.prefsWrite = this.prefsWrite
      .then(() => writePrefs(fs, dir, this.currentPrefs))
      .catch((err: unknown) => log.error('Writing metadata.json failed', { error: String(err) }));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`Budget ${this.id} is closed`);
  }
}

function budgetDbDeps(env: BudgetEnv): BudgetDbDeps {
  const { clock, random, log } = env.platform;
  return {
    clock,
    random,
    log,
    emitUndo: env.emit ? (event: UndoEvent) => env.emit?.('undo-event', event) : undefined,
  };
}
