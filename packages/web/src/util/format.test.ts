import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, parseAmount, parseDate } from './format.ts';

describe('formatAmount', () => {
  it('groups thousands and shows two decimals in each format', () => {
    expect(formatAmount(123456789, { format: 'comma-dot', hideFraction: false })).toBe(
      '1,234,567.89',
    );
    expect(formatAmount(123456789, { format: 'dot-comma', hideFraction: false })).toBe(
      '1.234.567,89',
    );
    expect(formatAmount(123456789, { format: 'space-comma', hideFraction: false })).toBe(
      '1\u00a0234\u00a0567,89',
    );
    expect(formatAmount(123456789, { format: 'space-dot', hideFraction: false })).toBe(
      '1\u00a0234\u00a0567.89',
    );
    expect(formatAmount(1234567899, { format: 'comma-dot-in', hideFraction: false })).toBe(
      '1,23,45,678.99',
    );
  });
  it('hides the fraction by rounding and keeps the sign', () => {
    expect(formatAmount(-150, { format: 'comma-dot', hideFraction: true })).toBe('-2');
    expect(formatAmount(-5, { format: 'comma-dot', hideFraction: false })).toBe('-0.05');
    expect(formatAmount(-40, { format: 'comma-dot', hideFraction: true })).toBe('0');
    expect(formatAmount(0, { format: 'dot-comma', hideFraction: false })).toBe('0,00');
  });
  it('throws on non-integer cents', () => {
    expect(() => formatAmount(1.5, { format: 'comma-dot', hideFraction: false })).toThrow();
  });
});

describe('parseAmount', () => {
  it('uses the last separator as the decimal point', () => {
    expect(parseAmount('1,234.5')).toBe(123450);
    expect(parseAmount('1.234,56')).toBe(123456);
    expect(parseAmount('1.234')).toBe(123400);
    expect(parseAmount('(12)')).toBe(-1200);
    expect(parseAmount('-$3.10')).toBe(-310);
    expect(parseAmount('abc')).toBeNull();
  });
});

describe('dates', () => {
  it('formats and parses every date format', () => {
    expect(formatDate('2023-08-09', 'MM/dd/yyyy')).toBe('08/09/2023');
    expect(formatDate('2023-08-09', 'dd.MM.yyyy')).toBe('09.08.2023');
    expect(parseDate('09/08/2023', 'dd/MM/yyyy')).toBe('2023-08-09');
    expect(parseDate('2023-02-30', 'yyyy-MM-dd')).toBeNull();
  });
});
