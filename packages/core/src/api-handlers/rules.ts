import { isHandlerError } from '../handlers-core/errors.ts';
import { handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { apiError } from './errors.ts';

type Row = Record<string, unknown>;

/** A rule the rules module refused: its per-condition and per-action problems, as one error. */
function refused(what: string, result: unknown) {
  if (isHandlerError(result)) return result;
  if (result && typeof result === 'object' && 'error' in result) {
    return apiError(`${what}: ${JSON.stringify((result as { error: unknown }).error)}`);
  }
  return null;
}

/** Rules in the API's shapes, on top of the `rule-*` handlers. */
export function ruleHandlers() {
  return {
    'api/rules-get': handler({
      needsBudget: true,
      run: (_args: undefined, ctx) => ctx.call('rules-get'),
    }),

    'api/payee-rules-get': handler({
      args: v.object({ id: v.string() }),
      needsBudget: true,
      run: ({ id }, ctx) => ctx.call('payees-get-rules', { id }),
    }),

    // → the rule as given, with its new id.
    'api/rule-create': handler({
      args: v.object({ rule: v.object({}) }),
      mutator: true,
      needsBudget: true,
      async run({ rule }, ctx) {
        const result = await ctx.call('rule-add', rule);
        const problem = refused('The rule was not created', result);
        if (problem) return problem;
        return { id: (result as { id: string }).id, ...(rule as Row) };
      },
    }),

    // → the rule as given.
    'api/rule-update': handler({
      args: v.object({ rule: v.object({ id: v.string() }) }),
      mutator: true,
      needsBudget: true,
      async run({ rule }, ctx) {
        const problem = refused('The rule was not updated', await ctx.call('rule-update', rule));
        return problem ?? rule;
      },
    }),

    // → false when the rule belongs to a schedule and stays.
    'api/rule-delete': handler({
      args: v.object({ id: v.string() }),
      mutator: true,
      needsBudget: true,
      run: ({ id }, ctx) => ctx.call('rule-delete', id),
    }),
  };
}
