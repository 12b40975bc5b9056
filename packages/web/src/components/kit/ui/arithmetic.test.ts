import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT, readAmount, readNumber } from './arithmetic.ts';

const cents = (text: string) => {
  const r = readAmount(text);
  return r.ok ? r.cents : r.error;
};

describe('readNumber', () => {
  it('takes the last separator as the decimal point unless three digits follow it', () => {
    expect(readNumber('1,234.50')).toBe(1234.5);
    expect(readNumber('1.234,50')).toBe(1234.5);
    expect(readNumber('1 234,5')).toBe(1234.5);
    expect(readNumber('1,234')).toBe(1234);
    expect(readNumber('12.3')).toBe(12.3);
    expect(readNumber('1,00,000.33')).toBe(100000.33);
    expect(readNumber('abc')).toBeNull();
  });
});

describe('readAmount', () => {
  it('reads plain numbers in every number format as cents', () => {
    expect(cents('120')).toBe(12000);
    expect(cents('35.50')).toBe(3550);
    expect(cents('1.000,33')).toBe(100033);
    expect(cents('1\u00a0000,33')).toBe(100033);
    expect(cents('$ 12.00')).toBe(1200);
    expect(cents('-7.5')).toBe(-750);
    expect(cents('0.29')).toBe(29);
  });

  it('does arithmetic with precedence, parentheses and a leading =', () => {
    expect(cents('120+35.50')).toBe(15550);
    expect(cents('=300/2')).toBe(15000);
    expect(cents('10-2*3')).toBe(400);
    expect(cents('(10-2)*3')).toBe(2400);
    expect(cents('-5+2')).toBe(-300);
    expect(cents('100/3')).toBe(3333);
    expect(cents('1,5+1,5')).toBe(300);
  });

  it('reads a bracketed plain number as negative, and blank as no amount', () => {
    expect(cents('(12.50)')).toBe(-1250);
    expect(cents('  ')).toBeNull();
    expect(cents('=')).toBeNull();
  });

  it('refuses text that is not a number, broken arithmetic and division by zero', () => {
    expect(cents('abc')).toBe('not-a-number');
    expect(cents('12+')).toBe('not-a-number');
    expect(cents('(1+2')).toBe('not-a-number');
    expect(cents('5/0')).toBe('not-a-number');
    expect(cents('3 apples')).toBe('not-a-number');
  });

  it('refuses magnitudes beyond 2^51 - 1 cents and accepts the bound itself', () => {
    const bound = MAX_AMOUNT / 100;
    expect(cents(String(bound))).toBe(MAX_AMOUNT);
    expect(cents(`-${bound}`)).toBe(-MAX_AMOUNT);
    expect(cents('99999999999999999')).toBe('too-large');
    expect(cents(`${bound}+1`)).toBe('too-large');
  });
});
