/**
 * The person's today and typed dates. The calendar's arithmetic (days, months, weeks, names)
 * is core's (`@coffer/core/ui`); only what reads the device's clock or a typed text is here.
 */

/** The local calendar date now, as `YYYY-MM-DD` (the person's today, not UTC's). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A typed date in the person's format, also with the year left out (this year) or written with
 * two digits (20xx). Blank is null; undefined when the text is not a real date.
 */
export function readDateText(
  text: string,
  format: string,
  today: string,
  parse: (text: string, format: string) => string | null,
): string | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  const parts = t.split(/[/.\- ]+/).filter(Boolean);
  const order = format.split(/[/.-]/);
  const sep = format.match(/[/.-]/)?.[0] ?? '/';
  if (parts.length === 2) {
    const withYear = order.map((key) => (key === 'yyyy' ? today.slice(0, 4) : parts.shift()));
    return parse(withYear.join(sep), format) ?? undefined;
  }
  if (parts.length === 3) {
    const yearAt = order.indexOf('yyyy');
    if (parts[yearAt]?.length === 2) parts[yearAt] = `20${parts[yearAt]}`;
    return parse(parts.join(sep), format) ?? undefined;
  }
  return undefined;
}
