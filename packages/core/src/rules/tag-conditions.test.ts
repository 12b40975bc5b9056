import { beforeEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { runQuery } from '../query/exec.ts';
import { q } from '../query/query.ts';
import { openTestBudget } from '../query/test-helpers/budget-db.ts';
import { seeder } from '../query/test-helpers/seed.ts';
import { compileCondition, validateRule } from './compile.ts';
import { evalCondition } from './evaluate.ts';
import { getValidOps, opLabel } from './fields.ts';
import { makeFiltersFromConditions } from './filters.ts';

/**
 * Tags in conditions, as Actual 26.9 has them (its `hasTags` and `hasAnyTag` on notes): a
 * filter finds the exact tag as core's parser reads notes; a rule compares without case.
 * Coffer's 'has no tag' is for filters only.
 */
const NOTES: Record<string, string | undefined> = {
  trip: 'hotel #trip',
  tripEnd: '#trip, dinner',
  trips: 'bus #trips',
  doubled: 'not a tag ##trip',
  glued: 'train#trip#food',
  upper: 'museum #Trip',
  food: '#food only',
  star: 'odd #a*b name',
  dollar: 'cash #$',
  tab: 'tabbed #trip\tend',
  none: undefined,
};

let db: SqliteDatabase;
beforeEach(() => {
  db = openTestBudget();
  const s = seeder(db);
  s.account('a', 'Checking');
  Object.entries(NOTES).forEach(([id, notes], i) =>
    s.tx({ id, account: 'a', date: '2024-05-01', amount: -100 * (i + 1), notes, sort_order: i }),
  );
});

function found(op: string, value: string): string[] {
  const { filters, errors } = makeFiltersFromConditions([{ field: 'notes', op, value }]);
  expect(errors).toEqual([]);
  const rows = runQuery(db, q('transactions').filter({ $and: filters }).select('id')).data as {
    id: string;
  }[];
  return rows.map((r) => r.id).sort();
}

function ruleMatches(op: string, value: string): string[] {
  const compiled = compileCondition({ field: 'notes', op, value });
  if (!compiled.ok) throw new Error(compiled.error);
  return Object.entries(NOTES)
    .filter(([id, notes]) => evalCondition(compiled.value, { id, notes }))
    .map(([id]) => id)
    .sort();
}

describe('has tag in a filter (exact, as Actual filters)', () => {
  it('finds the whole tag, never a longer one or a doubled #', () => {
    expect(found('hasTags', '#trip')).toEqual(['glued', 'tab', 'trip']);
    expect(found('hasTags', 'trip,')).toEqual(['tripEnd']);
    expect(found('hasTags', '#Trip')).toEqual(['upper']);
  });

  it('reads the glob signs and a $ in a name as themselves', () => {
    expect(found('hasTags', '#a*b')).toEqual(['star']);
    expect(found('hasTags', '#$')).toEqual(['dollar']);
  });

  it('all tags of the value, any of them, or none', () => {
    expect(found('hasTags', '#trip #food')).toEqual(['glued']);
    expect(found('hasAnyTag', '#trip #food')).toEqual(['food', 'glued', 'tab', 'trip']);
    expect(found('doesNotHaveTags', '#trip')).toEqual(
      Object.keys(NOTES)
        .filter((id) => !['glued', 'tab', 'trip'].includes(id))
        .sort(),
    );
  });
});

describe('has tag in a rule (case ignored, as Actual rules)', () => {
  it('matches the tag in any case', () => {
    expect(ruleMatches('hasTags', '#TRIP')).toEqual(['glued', 'tab', 'trip', 'upper']);
    expect(ruleMatches('hasAnyTag', 'food nothing')).toEqual(['food', 'glued']);
  });

  it("a rule may not hold 'has no tag', nor a tag test on the imported payee", () => {
    const rule = (field: string, op: string) => ({
      conditions: [{ field, op, value: '#trip' }],
      actions: [{ op: 'set', field: 'notes', value: 'x' }],
    });
    expect(validateRule(rule('notes', 'hasTags'))).toBeNull();
    expect(validateRule(rule('notes', 'doesNotHaveTags'))?.conditionErrors).toEqual(['internal']);
    expect(validateRule(rule('imported_payee', 'hasTags'))?.conditionErrors).toEqual(['internal']);
  });

  it('an empty value, or one without a tag, is refused', () => {
    const error = (value: unknown) => {
      const c = compileCondition({ field: 'notes', op: 'hasTags', value });
      return c.ok ? null : c.error;
    };
    expect(error(null)).toBe('no-null');
    expect(error('')).toBe('no-empty-string');
    expect(error('# ##')).toBe('no-tag');
  });
});

describe('the editors offer the tag operators on notes only', () => {
  it('rules get has tag and has any tag; filters also has no tag', () => {
    const tagOps = (ops: string[]) => ops.filter((op) => /Tag/.test(op));
    expect(tagOps(getValidOps({ field: 'notes' }))).toEqual(['hasTags', 'hasAnyTag']);
    expect(tagOps(getValidOps({ field: 'notes' }, 'filter'))).toEqual([
      'hasTags',
      'hasAnyTag',
      'doesNotHaveTags',
    ]);
    expect(tagOps(getValidOps({ field: 'imported_payee' }, 'filter'))).toEqual([]);
    expect(['hasTags', 'hasAnyTag', 'doesNotHaveTags'].map((op) => opLabel(op))).toEqual([
      'has tag',
      'has any tag',
      'has no tag',
    ]);
  });
});
