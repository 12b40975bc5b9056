/** The context the cell makers of `budget-cells.ts` read (kept apart for that file's size). */
import type { Month } from '../calendar/months.ts';
import type { CellValue, Compute, Spreadsheet } from './sheet-engine.ts';
import type { BudgetRow, BudgetType } from './types.ts';

/** Where cell definitions go: the live sheet, or an evaluator that only wants their values. */
export interface CellSink {
  createInput(name: string, value: CellValue, cached?: CellValue): void;
  createDynamic(name: string, deps: readonly string[], compute: Compute, cached?: CellValue): void;
}

type Cached = (name: string) => CellValue | undefined;

/**
 * What the cell makers read: where the cells go and the inputs' values. One class, so the
 * sheet's, a build's and the fold's contexts share one hidden class (spread copies had others,
 * issue 30); the sink is still one of two classes, the sheet or the fold's evaluator.
 */
export class CellContext {
  constructor(
    readonly sheet: Spreadsheet,
    /** Receives the cells `create*` define (the sheet itself, or a fold over unbuilt months). */
    readonly sink: CellSink,
    public type: BudgetType,
    readonly cached: Cached, // a value from the persistent cache, or undefined
    readonly budgetRow: (month: Month, category: string) => BudgetRow | undefined,
    readonly spent: (month: Month, category: string) => number,
    readonly buffered: (month: Month) => number,
  ) {}

  /** The same inputs, with cells going to `sink` and cached values from `cached`. */
  with(sink: CellSink, cached: Cached): CellContext {
    return new CellContext(this.sheet, sink, this.type, cached, this.budgetRow, this.spent, this.buffered); // prettier-ignore
  }
}
