import { describe, expect, it } from 'vitest';
import {
  categoryDrop,
  categoryDropOnGroup,
  categoryStep,
  groupDrop,
  groupStep,
  type OrderedGroup,
} from './category-order.ts';

const cats = (...ids: string[]) => ids.map((id) => ({ id }));
const groups: OrderedGroup[] = [
  { id: 'bills', is_income: 0, categories: cats('rent', 'power', 'water') },
  { id: 'fun', is_income: 0, categories: cats('games') },
  { id: 'empty', is_income: 0, categories: [] },
  { id: 'income', is_income: 1, categories: cats('salary', 'bonus') },
];

describe('moving categories', () => {
  it('drops before or after another category, across groups of the same kind', () => {
    expect(categoryDrop(groups, 'water', 'rent', 'top')).toEqual({
      id: 'water',
      groupId: 'bills',
      targetId: 'rent',
    });
    expect(categoryDrop(groups, 'rent', 'power', 'bottom')).toEqual({
      id: 'rent',
      groupId: 'bills',
      targetId: 'water',
    });
    expect(categoryDrop(groups, 'rent', 'water', 'bottom')).toEqual({
      id: 'rent',
      groupId: 'bills',
      targetId: null,
    });
    expect(categoryDrop(groups, 'games', 'power', 'top')).toEqual({
      id: 'games',
      groupId: 'bills',
      targetId: 'power',
    });
  });

  it('refuses no-op drops and drops into the other kind', () => {
    expect(categoryDrop(groups, 'rent', 'power', 'top')).toBeNull();
    expect(categoryDrop(groups, 'power', 'rent', 'bottom')).toBeNull();
    expect(categoryDrop(groups, 'rent', 'rent', 'top')).toBeNull();
    expect(categoryDrop(groups, 'rent', 'salary', 'top')).toBeNull();
    expect(categoryDrop(groups, 'nope', 'rent', 'top')).toBeNull();
  });

  it('drops on a group row as its first category', () => {
    expect(categoryDropOnGroup(groups, 'water', 'fun')).toEqual({
      id: 'water',
      groupId: 'fun',
      targetId: 'games',
    });
    expect(categoryDropOnGroup(groups, 'water', 'empty')).toEqual({
      id: 'water',
      groupId: 'empty',
      targetId: null,
    });
    expect(categoryDropOnGroup(groups, 'rent', 'bills')).toBeNull();
    expect(categoryDropOnGroup(groups, 'salary', 'fun')).toBeNull();
  });

  it('steps up and down, crossing into the neighbouring group at an edge', () => {
    expect(categoryStep(groups, 'power', -1)).toEqual({
      id: 'power',
      groupId: 'bills',
      targetId: 'rent',
    });
    expect(categoryStep(groups, 'rent', 1)).toEqual({
      id: 'rent',
      groupId: 'bills',
      targetId: 'water',
    });
    expect(categoryStep(groups, 'power', 1)).toEqual({
      id: 'power',
      groupId: 'bills',
      targetId: null,
    });
    expect(categoryStep(groups, 'water', 1)).toEqual({
      id: 'water',
      groupId: 'fun',
      targetId: 'games',
    });
    expect(categoryStep(groups, 'games', -1)).toEqual({
      id: 'games',
      groupId: 'bills',
      targetId: null,
    });
    expect(categoryStep(groups, 'rent', -1)).toBeNull();
    // The last expense group has nothing below of the same kind; income stays income.
    expect(categoryStep(groups, 'salary', -1)).toBeNull();
    expect(categoryStep(groups, 'bonus', 1)).toBeNull();
  });
});

describe('moving groups', () => {
  it('drops and steps among the expense groups only', () => {
    expect(groupDrop(groups, 'empty', 'bills', 'top')).toEqual({ id: 'empty', targetId: 'bills' });
    expect(groupDrop(groups, 'bills', 'empty', 'bottom')).toEqual({ id: 'bills', targetId: null });
    expect(groupDrop(groups, 'bills', 'fun', 'top')).toBeNull();
    expect(groupDrop(groups, 'bills', 'income', 'top')).toBeNull();
    expect(groupStep(groups, 'fun', -1)).toEqual({ id: 'fun', targetId: 'bills' });
    expect(groupStep(groups, 'bills', 1)).toEqual({ id: 'bills', targetId: 'empty' });
    expect(groupStep(groups, 'fun', 1)).toEqual({ id: 'fun', targetId: null });
    expect(groupStep(groups, 'bills', -1)).toBeNull();
    expect(groupStep(groups, 'empty', 1)).toBeNull();
    expect(groupStep(groups, 'income', -1)).toBeNull();
  });
});
