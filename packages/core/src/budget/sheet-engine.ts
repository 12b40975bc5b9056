/**
 * A small reactive spreadsheet. Cells are named 'sheet!name'. Input cells hold values set from
 * outside; dynamic cells are pure functions of other cells. Edits happen inside `batch`; when
 * the outermost batch closes, everything downstream of what changed is recomputed once, in
 * dependency order, and listeners get the cells whose values differ from before the batch.
 *
 * All graph walks are loops over explicit stacks and queues, so a dependency chain of any
 * length (a balance rolling through hundreds of months) cannot overflow the call stack.
 */

export type CellValue = number | boolean | string | null;
export type Compute = (values: readonly CellValue[]) => CellValue;

export interface CellChange {
  name: string;
  value: CellValue;
}

export type ChangeListener = (changes: readonly CellChange[]) => void;

interface Cell {
  readonly name: string;
  readonly sheet: string;
  value: CellValue;
  /** Present for dynamic cells only; full names, without duplicates. */
  deps: string[] | null;
  compute: Compute | null;
  /** Computed at least once since creation (a fresh cell always propagates its first value). */
  settled: boolean;
}

export function splitName(name: string): { sheet: string; cell: string } {
  const i = name.indexOf('!');
  if (i < 0) throw new Error(`cell name without a sheet: ${name}`);
  return { sheet: name.slice(0, i), cell: name.slice(i + 1) };
}

export function cellName(sheet: string, cell: string): string {
  return `${sheet}!${cell}`;
}

export class Spreadsheet {
  private readonly cells = new Map<string, Cell>();
  /** name -> names of dynamic cells that read it. Kept for names that do not exist (yet). */
  private readonly dependents = new Map<string, Set<string>>();
  private readonly sheets = new Map<string, Set<string>>();
  private readonly listeners = new Set<ChangeListener>();

  private depth = 0;
  /** Dynamic cells that must be recomputed whatever their inputs did. */
  private readonly forced = new Set<string>();
  /** Names whose value changed (set, created, deleted) since the last flush. */
  private readonly touched = new Set<string>();
  /** Value of each changed name before the batch started; absent cells read as null. */
  private readonly before = new Map<string, CellValue>();
  private computedInLastFlush = 0;

  /** How many dynamic cells the last recompute evaluated (tests use it to check incrementality). */
  get lastComputeCount(): number {
    return this.computedInLastFlush;
  }

  get size(): number {
    return this.cells.size;
  }

  has(name: string): boolean {
    return this.cells.has(name);
  }

  isInput(name: string): boolean {
    const cell = this.cells.get(name);
    return cell !== undefined && cell.compute === null;
  }

  getValue(name: string): CellValue {
    return this.cells.get(name)?.value ?? null;
  }

  getCell(name: string): CellChange {
    return { name, value: this.getValue(name) };
  }

  getCells(names: readonly string[]): CellChange[] {
    return names.map((n) => this.getCell(n));
  }

  /** The short names of the cells in one sheet, in creation order. */
  getCellNamesInSheet(sheet: string): string[] {
    return [...(this.sheets.get(sheet) ?? [])];
  }

  getSheetNames(): string[] {
    return [...this.sheets.keys()];
  }

  /** Every cell as [name, value], for a persistent cache. */
  entries(): [string, CellValue][] {
    const out: [string, CellValue][] = [];
    for (const cell of this.cells.values()) out.push([cell.name, cell.value]);
    return out;
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs `fn` as one edit: recompute and notification happen once, when the outermost ends. */
  batch<T>(fn: () => T): T {
    this.depth++;
    try {
      return fn();
    } finally {
      this.depth--;
      if (this.depth === 0) this.flush();
    }
  }

  /**
   * Creates (or replaces) an input cell. With `cached` equal to `value` the cell counts as
   * unchanged, so dependents restored from the same cache are not recomputed.
   */
  createInput(name: string, value: CellValue, cached?: CellValue): void {
    this.batch(() => {
      const existing = this.cells.get(name);
      if (existing) this.removeCell(existing);
      const cell = this.addCell(name, null, null);
      cell.value = value;
      cell.settled = true;
      if (cached === undefined || cached !== value) this.markTouched(name, existing?.value ?? null);
      else this.noteBefore(name, existing?.value ?? null);
    });
  }

  /**
   * Creates (or replaces) a dynamic cell. With `cached`, the cell starts from that value and is
   * only recomputed when something it reads changes.
   */
  createDynamic(name: string, deps: readonly string[], compute: Compute, cached?: CellValue): void {
    this.batch(() => {
      const existing = this.cells.get(name);
      if (existing) this.removeCell(existing);
      this.noteBefore(name, existing?.value ?? null);
      const cell = this.addCell(name, [...new Set(deps)], compute);
      for (const dep of cell.deps ?? []) this.link(dep, name);
      if (cached !== undefined) {
        cell.value = cached;
        cell.settled = true;
        if (existing && existing.value !== cached) this.touched.add(name);
      } else {
        this.forced.add(name);
      }
    });
  }

  /** Sets an input cell, creating it when missing. Setting a dynamic cell is a bug. */
  set(name: string, value: CellValue): void {
    const cell = this.cells.get(name);
    if (!cell) {
      this.createInput(name, value);
      return;
    }
    if (cell.compute) throw new Error(`cannot set dynamic cell ${name}`);
    if (cell.value === value) return;
    this.batch(() => {
      this.markTouched(name, cell.value);
      cell.value = value;
    });
  }

  addDependencies(name: string, deps: readonly string[]): void {
    const cell = this.dynamicCell(name);
    this.batch(() => {
      for (const dep of deps) {
        if (cell.deps?.includes(dep)) continue;
        cell.deps?.push(dep);
        this.link(dep, name);
      }
      this.forced.add(name);
    });
  }

  removeDependencies(name: string, deps: readonly string[]): void {
    const cell = this.dynamicCell(name);
    const drop = new Set(deps);
    this.batch(() => {
      cell.deps = (cell.deps ?? []).filter((d) => !drop.has(d));
      for (const dep of drop) this.unlink(dep, name);
      this.forced.add(name);
    });
  }

  deleteCell(name: string): void {
    const cell = this.cells.get(name);
    if (!cell) return;
    this.batch(() => {
      this.markTouched(name, cell.value);
      this.removeCell(cell);
    });
  }

  deleteSheet(sheet: string): void {
    const names = this.sheets.get(sheet);
    if (!names) return;
    this.batch(() => {
      for (const short of [...names]) this.deleteCell(cellName(sheet, short));
    });
  }

  // ---- internals ----

  private dynamicCell(name: string): Cell {
    const cell = this.cells.get(name);
    if (!cell?.compute) throw new Error(`no dynamic cell ${name}`);
    return cell;
  }

  private addCell(name: string, deps: string[] | null, compute: Compute | null): Cell {
    const { sheet, cell: short } = splitName(name);
    const cell: Cell = { name, sheet, value: null, deps, compute, settled: false };
    this.cells.set(name, cell);
    let names = this.sheets.get(sheet);
    if (!names) this.sheets.set(sheet, (names = new Set()));
    names.add(short);
    return cell;
  }

  private removeCell(cell: Cell): void {
    for (const dep of cell.deps ?? []) this.unlink(dep, cell.name);
    this.cells.delete(cell.name);
    this.forced.delete(cell.name);
    const names = this.sheets.get(cell.sheet);
    names?.delete(splitName(cell.name).cell);
    if (names && names.size === 0) this.sheets.delete(cell.sheet);
  }

  private link(dep: string, name: string): void {
    let set = this.dependents.get(dep);
    if (!set) this.dependents.set(dep, (set = new Set()));
    set.add(name);
  }

  private unlink(dep: string, name: string): void {
    const set = this.dependents.get(dep);
    if (!set) return;
    set.delete(name);
    if (set.size === 0) this.dependents.delete(dep);
  }

  private noteBefore(name: string, value: CellValue): void {
    if (!this.before.has(name)) this.before.set(name, value);
  }

  private markTouched(name: string, oldValue: CellValue): void {
    this.noteBefore(name, oldValue);
    this.touched.add(name);
  }

  /** Recomputes everything downstream of the edits, in dependency order, then notifies. */
  private flush(): void {
    this.computedInLastFlush = 0;
    try {
      const affected = this.collectAffected();
      if (affected.size > 0) this.recompute(affected);
    } catch (err) {
      this.before.clear();
      throw err;
    } finally {
      this.forced.clear();
      this.touched.clear();
    }

    const changes: CellChange[] = [];
    for (const [name, old] of this.before) {
      const value = this.getValue(name);
      if (value !== old) changes.push({ name, value });
    }
    this.before.clear();
    if (changes.length === 0) return;
    for (const listener of [...this.listeners]) listener(changes);
  }

  private collectAffected(): Set<Cell> {
    const affected = new Set<Cell>();
    const stack: string[] = [...this.forced];
    for (const name of this.touched) {
      for (const d of this.dependents.get(name) ?? []) stack.push(d);
    }
    while (stack.length > 0) {
      const name = stack.pop() as string;
      const cell = this.cells.get(name);
      if (!cell?.compute || affected.has(cell)) continue;
      affected.add(cell);
      for (const d of this.dependents.get(name) ?? []) stack.push(d);
    }
    return affected;
  }

  /** Kahn's algorithm over the affected cells; a cell is evaluated only if an input moved. */
  private recompute(affected: Set<Cell>): void {
    const pending = new Map<Cell, number>();
    const ready: Cell[] = [];
    for (const cell of affected) {
      let n = 0;
      for (const dep of cell.deps ?? []) {
        const d = this.cells.get(dep);
        if (d && affected.has(d)) n++;
      }
      pending.set(cell, n);
      if (n === 0) ready.push(cell);
    }

    const changed = this.touched;
    let done = 0;
    while (ready.length > 0) {
      const cell = ready.pop() as Cell;
      done++;
      const deps = cell.deps ?? [];
      if (this.forced.has(cell.name) || deps.some((d) => changed.has(d))) {
        this.computedInLastFlush++;
        const value = (cell.compute as Compute)(deps.map((d) => this.getValue(d)));
        if (value !== cell.value || !cell.settled) {
          this.noteBefore(cell.name, cell.value);
          cell.value = value;
          changed.add(cell.name);
        }
        cell.settled = true;
      }
      for (const d of this.dependents.get(cell.name) ?? []) {
        const dc = this.cells.get(d);
        if (!dc || !affected.has(dc)) continue;
        const left = (pending.get(dc) as number) - 1;
        pending.set(dc, left);
        if (left === 0) ready.push(dc);
      }
    }
    if (done !== affected.size) {
      throw new Error(`dependency cycle among ${affected.size - done} cells`);
    }
  }
}
