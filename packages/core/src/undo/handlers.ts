import { defineModule, handler } from '../handlers-core/registry.ts';

/** `undo` / `redo`: step the open budget's history; each pushes `undo-event`. */
export const undoModule = defineModule('undo', {
  undo: handler({
    mutator: true,
    needsBudget: true,
    run(_args: undefined, ctx) {
      ctx.requireBudget().db.undo.undo();
      return 'ok' as const;
    },
  }),
  redo: handler({
    mutator: true,
    needsBudget: true,
    run(_args: undefined, ctx) {
      ctx.requireBudget().db.undo.redo();
      return 'ok' as const;
    },
  }),
});
