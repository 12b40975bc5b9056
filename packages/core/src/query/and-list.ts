/** Filters as a flat AND list, for the register's page paths that read one shape of filter. */

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The filters as a flat AND list (`$and` opened), or null when one holds an `$or`. */
export function andList(filters: readonly unknown[]): Record<string, unknown>[] | null {
  const out: Record<string, unknown>[] = [];
  for (const f of filters) {
    if (!f) continue;
    if (Array.isArray(f)) {
      const inner = andList(f);
      if (!inner) return null;
      out.push(...inner);
      continue;
    }
    if (!isObject(f)) return null;
    for (const [key, value] of Object.entries(f)) {
      if (key === '$or') return null;
      if (key === '$and') {
        const inner = andList(Array.isArray(value) ? value : [value]);
        if (!inner) return null;
        out.push(...inner);
      } else out.push({ [key]: value });
    }
  }
  return out;
}
