import { describe, expect, test } from 'vitest';
import {
  amountFromIndicator,
  applyMultiplier,
  flipAmount,
  inflowOutflowToAmount,
  isValidMultiplier,
  parseAmount,
} from './amount.ts';

describe('parseAmount', () => {
  test.each([
    ['12.34', 1234],
    ['-12.34', -1234],
    ['+50,00', 5000],
    ['-1,00', -100],
    ['1,000.00', 100000],
    ['-1,000.00', -100000],
    ['1.000,00', 100000],
    ['1 234,56', 123456],
    ['1\u00a0234,56', 123456],
    ['1\u202f234.56', 123456],
    ["11'373.94", 1137394],
    ['11\u2019373.94', 1137394],
    ['1,00,000.50', 10000050],
    ['$1,036.47', 103647],
    ['-$5.00', -500],
    ['$-5.00', -500],
    ['€ 12', 1200],
    ['-123,45 €', -12345],
    ['EUR 12.50', 1250],
    ['12.50 CHF', 1250],
    ['£3', 300],
    ['(12.34)', -1234],
    ['$(12.34)', -1234],
    ['(1,234.00)', -123400],
    ['12.34-', -1234],
    ['\u221212.34', -1234],
    ['12.34 DR', -1234],
    ['12.34 CR', 1234],
    ['80', 8000],
    ['-330000', -33000000],
    ['.5', 50],
    ['5.', 500],
    ['-3.77000', -377],
    ['-30.000', -3000],
    ['18.150', 1815],
    ['0.005', 1],
    ['-0.005', -1],
    ['0.004', 0],
    ['-0.00', 0],
    ['512.0', 51200],
    ['  7.80 ', 780],
  ])('%s -> %d', (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });

  test('a lone comma with three digits is grouping; with one or two it is decimal', () => {
    expect(parseAmount('1,000')).toBe(100000);
    expect(parseAmount('1,5')).toBe(150);
    expect(parseAmount('-8,78')).toBe(-878);
    expect(parseAmount('1.000')).toBe(100);
    expect(parseAmount('1.000.000')).toBe(100000000);
  });

  test('an explicit decimal separator decides', () => {
    expect(parseAmount('1.000', { decimalSeparator: ',' })).toBe(100000);
    expect(parseAmount('1,000', { decimalSeparator: ',' })).toBe(100);
    expect(parseAmount('1.234,5', { decimalSeparator: ',' })).toBe(123450);
    expect(parseAmount('1,234.5', { decimalSeparator: '.' })).toBe(123450);
    expect(parseAmount('1,2,3', { decimalSeparator: ',' })).toBeNull();
  });

  test.each([
    '',
    '   ',
    'X.XX',
    'XX.XX',
    'abc',
    '-',
    '--5',
    '+-5',
    '(-5)',
    '1e5',
    '12.34.56,7,8',
    '1 2 3 ',
    '€',
    'null',
    '12abcdef',
    '99999999999999999999',
  ])('%j is not an amount', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  test('never returns negative zero', () => {
    expect(Object.is(parseAmount('-0'), 0)).toBe(true);
    expect(Object.is(parseAmount('(0.00)'), 0)).toBe(true);
  });
});

describe('multiplier, flip, inflow/outflow, indicator', () => {
  test('multiplier accepts digits with up to four decimals', () => {
    for (const ok of ['1', '100', '0.5', '1.2345', '.01', '10.'])
      expect(isValidMultiplier(ok)).toBe(true);
    for (const bad of ['', '-1', '1.23456', 'abc', '1,5', '1e3'])
      expect(isValidMultiplier(bad)).toBe(false);
  });

  test('multiplier scales cents and rounds half away from zero', () => {
    expect(applyMultiplier(1234, '100')).toBe(123400);
    expect(applyMultiplier(1234, '0.01')).toBe(12);
    expect(applyMultiplier(150, '0.01')).toBe(2);
    expect(applyMultiplier(-150, '0.01')).toBe(-2);
    expect(applyMultiplier(-149, '0.01')).toBe(-1);
    expect(applyMultiplier(1000, '1.2345')).toBe(1235);
    expect(applyMultiplier(0, '3')).toBe(0);
    expect(Object.is(applyMultiplier(-1, '0.1'), 0)).toBe(true);
    expect(applyMultiplier(100, 'x')).toBeNull();
  });

  test('flip', () => {
    expect(flipAmount(500)).toBe(-500);
    expect(flipAmount(-500)).toBe(500);
    expect(Object.is(flipAmount(0), 0)).toBe(true);
  });

  test('inflow and outflow columns become one signed amount', () => {
    expect(inflowOutflowToAmount('428.03', '')).toBe(42803);
    expect(inflowOutflowToAmount('', '512.0')).toBe(-51200);
    expect(inflowOutflowToAmount('', '-16,52', { decimalSeparator: ',' })).toBe(-1652);
    expect(inflowOutflowToAmount('$20.00', '')).toBe(2000);
    expect(inflowOutflowToAmount('10', '4')).toBe(600);
    expect(inflowOutflowToAmount('', '')).toBeNull();
    expect(inflowOutflowToAmount(null, undefined)).toBeNull();
    expect(inflowOutflowToAmount('X.XX', '')).toBeNull();
    expect(inflowOutflowToAmount('', 'XX.XX')).toBeNull();
  });

  test('an indicator column signs a size-only amount', () => {
    expect(amountFromIndicator(100000, 'debit', 'debit')).toBe(-100000);
    expect(amountFromIndicator(100000, ' Debit ', 'DEBIT')).toBe(-100000);
    expect(amountFromIndicator(-100000, 'credit', 'debit')).toBe(100000);
    expect(Object.is(amountFromIndicator(0, 'debit', 'debit'), 0)).toBe(true);
  });
});
