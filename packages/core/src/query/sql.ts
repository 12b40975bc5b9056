import type { SqlValue } from '../platform/sqlite.ts';

/**
 * SQL is built from fragments that carry their own bound values, so user values never enter
 * the SQL text. Fragments only ever concatenate in reading order, which keeps each `?` lined up
 * with its value however a query is later assembled (sub-selects, repeated joins, CASE arms).
 */

/** A named parameter (`':name'` in AQL); its type is inferred while compiling. */
export interface ParamRef {
  readonly name: string;
  type: string | null;
}

export type Bindable = SqlValue | ParamRef;

export interface Sql {
  readonly text: string;
  readonly values: readonly Bindable[];
}

export const EMPTY: Sql = { text: '', values: [] };

/** Trusted SQL text (keywords, generated aliases, schema column names). */
export function raw(text: string): Sql {
  return { text, values: [] };
}

/** One bound value. */
export function bind(value: Bindable): Sql {
  return { text: '?', values: [value] };
}

/** Tagged template: interpolations must be fragments, never strings. */
export function sql(strings: TemplateStringsArray, ...parts: Sql[]): Sql {
  let text = strings[0] ?? '';
  const values: Bindable[] = [];
  parts.forEach((part, i) => {
    text += part.text + (strings[i + 1] ?? '');
    values.push(...part.values);
  });
  return { text, values };
}

export function joinSql(parts: readonly Sql[], separator: string): Sql {
  return {
    text: parts.map((p) => p.text).join(separator),
    values: parts.flatMap((p) => p.values),
  };
}

export function isParamRef(value: Bindable): value is ParamRef {
  return typeof value === 'object' && value !== null && !(value instanceof Uint8Array);
}

const PLAIN_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Names in the schema or in selections that SQLite would read as keywords.
const KEYWORDS = new Set([
  'group', 'order', 'select', 'from', 'where', 'limit', 'offset', 'index', 'table', 'values',
  'default', 'case', 'when', 'then', 'else', 'end', 'and', 'or', 'not', 'in', 'is', 'null', 'as',
  'on', 'join', 'by', 'having', 'distinct', 'all', 'union', 'to', 'key', 'check', 'references',
  'transaction', 'exists', 'between', 'like', 'collate', 'cast', 'escape', 'set', 'into',
]); // prettier-ignore

/** Quotes an identifier when SQLite needs it to (a keyword, or any unusual character). */
export function ident(name: string): string {
  if (PLAIN_IDENTIFIER.test(name) && !KEYWORDS.has(name.toLowerCase())) return name;
  return `"${name.replace(/"/g, '""')}"`;
}
