import { describe, expect, it } from 'vitest';
import { parseDate } from '../../../util/format.ts';
import { localToday, readDateText } from './calendar.ts';

describe('calendar', () => {
  it('reads the local date', () => {
    expect(localToday(new Date(2024, 4, 9, 23, 30))).toBe('2024-05-09');
  });
});

describe('readDateText', () => {
  it('reads full dates, this year when left out, 20xx for two digits, blank as null', () => {
    const read = (t: string, f = 'MM/dd/yyyy') =>
      readDateText(t, f, '2024-06-15', parseDate as (t: string, f: string) => string | null);
    expect(read('03/04/2024')).toBe('2024-03-04');
    expect(read('3/4')).toBe('2024-03-04');
    expect(read('3/4/25')).toBe('2025-03-04');
    expect(read('04.03.2024', 'dd.MM.yyyy')).toBe('2024-03-04');
    expect(read('2024-03-04', 'yyyy-MM-dd')).toBe('2024-03-04');
    expect(read('03-04', 'yyyy-MM-dd')).toBe('2024-03-04');
    expect(read('')).toBeNull();
    expect(read('02/30/2024')).toBeUndefined();
    expect(read('soon')).toBeUndefined();
  });
});
