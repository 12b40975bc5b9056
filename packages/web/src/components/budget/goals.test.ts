import { parseNote } from '@coffer/core/ui';
import { describe, expect, it } from 'vitest';
import { goalLine, goalProgress, noteWithGoal, readGoal, templateAmount } from './goals.ts';

describe('goal form ↔ template lines', () => {
  it('writes amounts the template syntax reads', () => {
    expect(templateAmount(5000)).toBe('50');
    expect(templateAmount(123456)).toBe('1234.56');
    expect(templateAmount(1205)).toBe('12.05');
    expect(templateAmount(-150)).toBe('-1.50');
  });

  it('writes one line per kind, and the core parser reads back the same goal', () => {
    const forms = [
      { kind: 'monthly', amount: 12550, cap: null },
      { kind: 'monthly', amount: 5000, cap: 30000 },
      { kind: 'cap', cap: 15000 },
      { kind: 'by', amount: 120000, month: '2025-03' },
      { kind: 'percent', percent: 12.5, source: 'all income', previous: true },
      { kind: 'percent', percent: 10, source: 'Salary', previous: false },
    ] as const;
    expect(forms.map(goalLine)).toEqual([
      '#template 125.50',
      '#template 50 up to 300',
      '#template up to 150',
      '#template 1200 by 2025-03',
      '#template 12.5% of previous all income',
      '#template 10% of Salary',
    ]);
    for (const form of forms) {
      const line = goalLine(form);
      expect(parseNote(line).errors).toEqual([]);
      expect(readGoal(`groceries\n${line}`)).toEqual({ form, other: [] });
    }
  });

  it('leaves lines the form cannot show to the note', () => {
    expect(readGoal(null)).toEqual({ form: null, other: [] });
    expect(readGoal('#template schedule Rent')).toEqual({
      form: null,
      other: ['#template schedule Rent'],
    });
    expect(readGoal('#template 10\n#template-2 20').other).toHaveLength(2);
    expect(readGoal('#template 10 by 2025-13').form).toBeNull();
    expect(readGoal('#template up to 50 hold').form).toBeNull();
  });

  it('replaces only the goal lines of a note', () => {
    const note = 'Weekly shop\n#template 400\n#cleanup source\n';
    expect(noteWithGoal(note, { kind: 'cap', cap: 20000 })).toBe(
      'Weekly shop\n#cleanup source\n#template up to 200',
    );
    expect(noteWithGoal(note, null)).toBe('Weekly shop\n#cleanup source');
    expect(noteWithGoal('#template 5', null)).toBeNull();
    expect(noteWithGoal(null, { kind: 'monthly', amount: 100, cap: null })).toBe('#template 1');
  });

  it('measures progress by what is budgeted or by the balance', () => {
    const f = { budgeted: 2500, balance: 9000 };
    expect(goalProgress('#template 50', f)).toBe(0.5);
    expect(goalProgress('#template 20\n#template 30', f)).toBe(0.5);
    expect(goalProgress('#template up to 180', f)).toBe(0.5);
    expect(goalProgress('#template 360 by 2030-01', f)).toBe(0.25);
    expect(goalProgress('#goal 45\n#template 100', f)).toBe(1);
    expect(goalProgress('#template 10% of all income', f)).toBeNull();
    expect(goalProgress('plain note', f)).toBeNull();
    expect(goalProgress('#template 50', { budgeted: -10, balance: 0 })).toBe(0);
  });
});
