import { defineModule, handler } from '../handlers-core/registry.ts';
import { fixSplitTransactions } from './fix-splits.ts';

export const toolsModule = defineModule('tools', {
  /** → {numBlankPayees, numCleared, numDeleted}. Not undoable, as in Actual. */
  'tools/fix-split-transactions': handler({
    mutator: true,
    needsBudget: true,
    run: (_args: undefined, ctx) => fixSplitTransactions(ctx.requireBudget()),
  }),
});
