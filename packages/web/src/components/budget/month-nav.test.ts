import { describe, expect, it } from 'vitest';
import {
  canMove,
  chooseMonth,
  firstShownMonth,
  monthOf,
  monthsFrom,
  monthsThatFit,
  settledChoice,
  shownMonthCount,
} from './month-nav.ts';

const bounds = { start: '2023-10', end: '2025-05' };

describe('month navigation', () => {
  it('reads the month of a local date', () => {
    expect(monthOf(new Date(2024, 0, 31))).toBe('2024-01');
  });

  it('fits months to the width and caps the saved choice by it', () => {
    expect(monthsThatFit(300)).toBe(1);
    expect(monthsThatFit(1040)).toBe(2);
    expect(monthsThatFit(1500)).toBe(4);
    expect(monthsThatFit(100_000)).toBe(12);
    expect(shownMonthCount(undefined, 3)).toBe(1);
    expect(shownMonthCount(3, 2)).toBe(2);
    expect(shownMonthCount(2, 4)).toBe(2);
    expect(shownMonthCount(0, 4)).toBe(1);
  });

  it('starts at the URL month or the current one, kept within the bounds', () => {
    expect(firstShownMonth(null, '2024-05', 2, bounds)).toBe('2024-05');
    expect(firstShownMonth('2024-01', '2024-05', 2, bounds)).toBe('2024-01');
    expect(firstShownMonth('junk', '2024-05', 1, null)).toBe('2024-05');
    expect(firstShownMonth('2025-05', '2024-05', 3, bounds)).toBe('2025-03');
    expect(firstShownMonth('2020-01', '2024-05', 3, bounds)).toBe('2023-10');
  });

  it('lists the shown months and says when the arrows may move', () => {
    expect(monthsFrom('2024-11', 3)).toEqual(['2024-11', '2024-12', '2025-01']);
    expect(canMove('2025-03', 3, 1, bounds)).toBe(false);
    expect(canMove('2025-02', 3, 1, bounds)).toBe(true);
    expect(canMove('2023-10', 1, -1, bounds)).toBe(false);
    expect(canMove('2023-11', 1, -1, bounds)).toBe(true);
    expect(canMove('2023-11', 1, -1, null)).toBe(false);
  });

  it('shows a chosen month until the URL shows it, and follows a URL moved elsewhere', () => {
    const shown = (c: ReturnType<typeof settledChoice>, url: string | null) =>
      settledChoice(c, url)?.month ?? url;
    const first = chooseMonth(null, '2024-05', '2024-06');
    expect(shown(first, '2024-05')).toBe('2024-06');
    expect(settledChoice(first, '2024-06')).toBeNull();
    // A second choice before the URL has caught up: the first's month is older too.
    const second = chooseMonth(first, '2024-05', '2024-07');
    expect(shown(second, '2024-05')).toBe('2024-07');
    expect(shown(second, '2024-06')).toBe('2024-07');
    expect(shown(second, '2024-07')).toBe('2024-07');
    // An undo takes the URL to a month of its own: the URL wins.
    expect(shown(second, '2023-12')).toBe('2023-12');
    // A URL without a month (the page opened bare) counts as an older one too.
    expect(shown(chooseMonth(null, null, '2024-02'), null)).toBe('2024-02');
    // Once settled, a new choice starts afresh.
    expect(chooseMonth(second, '2024-07', '2024-08').older).toEqual(['2024-07']);
  });
});
