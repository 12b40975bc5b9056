import { describe, expect, test } from 'vitest';
import {
  DATE_FORMATS,
  dateErrorMessage,
  detectDateFormat,
  formatDate,
  looksLikeDate,
  looksLikeDateColumn,
  noAmountMessage,
  parseDate,
  possibleDateFormats,
} from './date.ts';
import type { DateFormat } from './types.ts';

describe('parseDate', () => {
  test.each<[string, DateFormat, string | null]>([
    ['2019-01-23', 'yyyy mm dd', '2019-01-23'],
    ['2025.12.04', 'yyyy mm dd', '2025-12-04'],
    ['2024/2/9', 'yyyy mm dd', '2024-02-09'],
    ['20240209', 'yyyy mm dd', '2024-02-09'],
    ['24-02-09', 'yy mm dd', '2024-02-09'],
    ['240209', 'yy mm dd', '2024-02-09'],
    ['01/23/2019', 'mm dd yyyy', '2019-01-23'],
    ['6/12/15', 'mm dd yy', '2015-06-12'],
    ['12/19/18', 'mm dd yy', '2018-12-19'],
    ['01232019', 'mm dd yyyy', '2019-01-23'],
    ['23.01.2019', 'dd mm yyyy', '2019-01-23'],
    ['10/02/2018', 'dd mm yyyy', '2018-02-10'],
    ['22.02.18', 'dd mm yy', '2018-02-22'],
    ['99.01.01', 'yy mm dd', '2099-01-01'],
    ['27 Feb 2018', 'dd mm yyyy', '2018-02-27'],
    ['5 März 2020', 'dd mm yyyy', '2020-03-05'],
    ['Sept. 3, 2021', 'mm dd yyyy', '2021-09-03'],
    ['2018-02-25 12:34:56 +0000', 'yyyy mm dd', '2018-02-25'],
    ['2024-01-02T10:00:00.000+01:00', 'yyyy mm dd', '2024-01-02'],
    ['01/10/2019 06:50 PM', 'mm dd yyyy', '2019-01-10'],
    ['2024-02-29', 'yyyy mm dd', '2024-02-29'],
    ['2023-02-29', 'yyyy mm dd', null],
    ['2100-02-29', 'yyyy mm dd', null],
    ['2000-02-29', 'yyyy mm dd', '2000-02-29'],
    ['2019-13-01', 'yyyy mm dd', null],
    ['2019-04-31', 'yyyy mm dd', null],
    ['2019-00-10', 'yyyy mm dd', null],
    ['13/01/2019', 'mm dd yyyy', null],
    ['1/2/345', 'mm dd yyyy', null],
    ['', 'yyyy mm dd', null],
    ['A null transaction, just to confuse things', 'dd mm yyyy', null],
    ['2019-01', 'yyyy mm dd', null],
    ['2019-01-02-03', 'yyyy mm dd', null],
    ['1st Jan 2020', 'dd mm yyyy', null],
    ['32 Jan 2020', 'dd mm yyyy', null],
    ['2020 Foo 12', 'yyyy mm dd', null],
  ])('%j as %s', (text, format, expected) => {
    expect(parseDate(text, format)).toBe(expected);
  });

  test('two-digit years are 20xx for the UI formats and pivot for Quicken files', () => {
    expect(parseDate('6/ 1/94', 'mm dd yy')).toBe('2094-06-01');
    expect(parseDate('6/ 1/94', 'mm dd yy', { twoDigitYears: 'pivot' })).toBe('1994-06-01');
    expect(parseDate("1/ 5'98", 'mm dd yy', { twoDigitYears: 'pivot' })).toBe('1998-01-05');
    expect(parseDate("12/25' 3", 'mm dd yy', { twoDigitYears: 'pivot' })).toBe('2003-12-25');
    expect(parseDate("12/25' 3", 'mm dd yy')).toBeNull();
    expect(parseDate('1/1/68', 'mm dd yy', { twoDigitYears: 'pivot' })).toBe('2068-01-01');
    expect(parseDate('1/1/69', 'mm dd yy', { twoDigitYears: 'pivot' })).toBe('1969-01-01');
  });

  test('the year width follows the text unless asked to be strict', () => {
    expect(parseDate('22.02.18', 'dd mm yyyy')).toBe('2018-02-22');
    expect(parseDate('22.02.2018', 'dd mm yy')).toBe('2018-02-22');
    expect(parseDate('22.02.18', 'dd mm yyyy', { strictYear: true })).toBeNull();
    expect(parseDate('22.02.2018', 'dd mm yy', { strictYear: true })).toBeNull();
  });

  test('formatDate validates the calendar', () => {
    expect(formatDate(2024, 2, 29)).toBe('2024-02-29');
    expect(formatDate(2023, 2, 29)).toBeNull();
    expect(formatDate(999, 1, 1)).toBeNull();
    expect(formatDate(2024, 1, 1.5)).toBeNull();
  });
});

describe('guessing formats', () => {
  test('looksLikeDate', () => {
    expect(looksLikeDate('2019-01-23')).toBe(true);
    expect(looksLikeDate('27 Feb 2018')).toBe(true);
    expect(looksLikeDate('31/12/2020')).toBe(true);
    expect(looksLikeDate('-12.34')).toBe(false);
    expect(looksLikeDate('Payee Name')).toBe(false);
    expect(looksLikeDate('')).toBe(false);
  });

  test('looksLikeDateColumn needs at least half of the filled cells to be dates', () => {
    expect(looksLikeDateColumn(['2019-01-01', '', '2019-01-02'])).toBe(true);
    expect(looksLikeDateColumn(['2019-01-01', 'x', 'y'])).toBe(false);
    expect(looksLikeDateColumn(['', ''])).toBe(false);
  });

  test('detectDateFormat picks the first format that reads every sample', () => {
    expect(detectDateFormat(['2019-01-23', '2019-12-01'])).toBe('yyyy mm dd');
    expect(detectDateFormat(['01/09/2017', '20/09/2017'])).toBe('dd mm yyyy');
    expect(detectDateFormat(['01/09/2017', '12/31/2017'])).toBe('mm dd yyyy');
    expect(detectDateFormat(['6/12/15', '6/13/15'])).toBe('mm dd yy');
    expect(detectDateFormat(['13/12/15', '31/12/15'])).toBe('dd mm yy');
    expect(detectDateFormat(['99/12/31'])).toBe('yy mm dd');
    expect(detectDateFormat(['hello'])).toBeNull();
    expect(detectDateFormat([])).toBeNull();
    expect(possibleDateFormats(['01/02/2017'])).toEqual(['mm dd yyyy', 'dd mm yyyy']);
  });

  test('the spec error texts and formats', () => {
    expect(dateErrorMessage('13/13/13')).toBe(
      'Unable to parse date 13/13/13 with given date format',
    );
    expect(noAmountMessage('2020-01-01')).toBe('Transaction on 2020-01-01 has no amount');
    expect(DATE_FORMATS).toEqual([
      'yyyy mm dd',
      'yy mm dd',
      'mm dd yyyy',
      'mm dd yy',
      'dd mm yyyy',
      'dd mm yy',
    ]);
  });
});
