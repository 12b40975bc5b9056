import { describe, expect, it } from 'vitest';
import { accountModel, categoryGroupModel, categoryModel, payeeModel } from './models.ts';

describe('API models', () => {
  it('turns stored flags into booleans and cat_group into group_id', () => {
    expect(
      accountModel.toExternal({ id: 'a', name: 'A', offbudget: 1, closed: 0, sort_order: 3 }),
    ).toEqual({ id: 'a', name: 'A', offbudget: true, closed: false });
    expect(
      categoryGroupModel.toExternal({
        id: 'g',
        name: 'G',
        is_income: 0,
        hidden: 1,
        categories: [
          { id: 'c', name: 'C', is_income: 0, hidden: null, cat_group: 'g', tombstone: 0 },
        ],
      }),
    ).toEqual({
      id: 'g',
      name: 'G',
      is_income: false,
      hidden: true,
      categories: [{ id: 'c', name: 'C', is_income: false, hidden: false, group_id: 'g' }],
    });
    expect(
      payeeModel.toExternal({ id: 'p', name: 'P', transfer_acct: null, category: 'x' }),
    ).toEqual({
      id: 'p',
      name: 'P',
      transfer_acct: null,
    });
  });

  it('maps fields from scripts back to stored names and values, leaving absent ones absent', () => {
    expect(accountModel.fromExternal({ name: 'A', offbudget: true })).toEqual({
      name: 'A',
      offbudget: 1,
    });
    expect(accountModel.fromExternal({ closed: false })).toEqual({ closed: 0 });
    expect(categoryModel.fromExternal({ name: 'C', group_id: 'g' })).toEqual({
      name: 'C',
      cat_group: 'g',
    });
    expect(categoryModel.fromExternal({ hidden: true })).toEqual({ hidden: true });
  });
});
