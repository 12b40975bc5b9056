import { describe, expect, it } from 'vitest';

import { titleCase } from './title.ts';

describe('titleCase', () => {
  it.each([
    ['COUNTY WASTE', 'County Waste'],
    ['bank of america', 'Bank of America'],
    ['the home depot', 'The Home Depot'],
    ['OF MICE AND MEN', 'Of Mice and Men'],
    ["MCDONALD'S #123", "Mcdonald's #123"],
    ['7-eleven store', '7-Eleven Store'],
    ['shell - gas for car', 'Shell - Gas for Car'],
    ['pay: to the order', 'Pay: To the Order'],
    ['bar (in the city)', 'Bar (In the City)'],
    ['bar(in the city)', 'Bar(in the City)'],
    ['amazon.com*mk', 'Amazon.Com*Mk'],
    ['x  (y', 'X  (Y'],
    ['a --b', 'A --B'],
    ['(b', '(b'],
    ['u.s.a. bank', 'U.S.A. Bank'],
    ['at&t', 'At&T'],
    ['in-n-out burger', 'In-N-Out Burger'],
    ["o'reilly auto", "O'reilly Auto"],
    ['github api payment', 'GitHub API Payment'],
    ['node.js meetup', 'Node.js Meetup'],
    ['café crème', 'Café Crème'],
    ['rock’n’roll bar', 'Rock’n’Roll Bar'],
    ['  spaced   out  ', '  Spaced   Out  '],
    ['a', 'A'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(titleCase(input)).toBe(expected);
  });
});
