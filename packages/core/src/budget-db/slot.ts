import { isBudgetType } from '../budget/index.ts';
import { backgroundHold } from '../budget-file/background-hold.ts';
import { defineBudgetSlot, type Budget } from '../budget-file/budget.ts';
import { BudgetEngine } from './engine.ts';

/** The live budget sheet of an open budget, created on first use and closed with it. */
export const BudgetEngineSlot = defineBudgetSlot(
  'budget-engine',
  (budget) => {
    const { platform, emit } = budget.env;
    const type = budget.prefs.budgetType;
    return BudgetEngine.open({
      db: budget.db,
      budgetType: isBudgetType(type) ? type : 'rollover',
      now: () => platform.clock.now(),
      random: platform.random,
      timers: platform.timers,
      push: emit ? (changes) => emit('cells-changed', changes) : undefined,
      log: platform.log,
      // The months on screen answer first; the others follow on the timers or when read.
      lazy: true,
      hold: backgroundHold(budget),
      mark: (name) => platform.mark?.(name),
    });
  },
  (engine) => engine.close(),
);

export function budgetEngine(budget: Budget): BudgetEngine {
  return budget.get(BudgetEngineSlot);
}
