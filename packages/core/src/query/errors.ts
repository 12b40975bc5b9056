/**
 * A query the compiler cannot turn into SQL. The message ends with the expression stack: the
 * innermost failing expression first, then each enclosing one, then the query method it came
 * from (`filter(…)`, `select(…)`), so a script author sees which part to fix.
 */
export class CompileError extends Error {
  override name = 'CompileError';
}

/** A named parameter missing at run time or not convertible to the type the query needs. */
export class QueryParamError extends Error {
  override name = 'QueryParamError';
}

export type StackKind =
  'filter' | 'select' | 'groupBy' | 'orderBy' | 'expr' | 'function' | 'op' | 'value';

export interface StackEntry {
  kind: StackKind;
  value: unknown;
}

function pretty(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  const flat = JSON.stringify(value) ?? String(value);
  if (flat.length <= 70) return flat;
  return (JSON.stringify(value, null, 2) ?? flat).split('\n').join('\n  ');
}

/** Adds the expression stack to an error raised while compiling. */
export function withExpressionStack(error: CompileError, stack: readonly StackEntry[]): Error {
  const [root, ...inner] = stack;
  if (!root) return error;
  const lines = inner.reverse().map((entry) => pretty(entry.value));
  const rootArgs =
    Array.isArray(root.value) && root.value.length === 1 ? root.value[0] : root.value;
  lines.push(`${root.kind}(${pretty(rootArgs)})`);
  error.message = `${error.message}\n\nExpression stack:\n  ${lines.join('\n  ')}`;
  return error;
}
