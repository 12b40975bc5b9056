import { afterAll, describe, expect, it } from 'vitest';
import { compileCondition } from '../../core/src/rules/compile.ts';
import { evalCondition } from '../../core/src/rules/evaluate.ts';
import { makeFiltersFromConditions } from '../../core/src/rules/filters.ts';
import { runQuery } from '../../core/src/query/exec.ts';
import { q } from '../../core/src/query/query.ts';
import { openTestBudget } from '../../core/src/query/test-helpers/budget-db.ts';
import { seeder } from '../../core/src/query/test-helpers/seed.ts';
import { ACTUAL_CURRENT_RUNNER, runActualJob, tempDirs } from './test-helpers/actual-jobs.ts';

/**
 * 'Has tag' as Actual 26.9 reads it (`actual-api-26`, in its own process): for notes with tags
 * in every awkward place, each condition finds the same notes through Coffer's filter as through
 * Actual's (`make-filters-from-conditions` and its query), and a rule holding it matches the
 * same notes in Coffer's engine as in Actual's `rules-run`.
 */
const dirs = tempDirs('coffer-tag-conditions');
afterAll(() => dirs.removeAll());

const NOTES = [
  'hotel #trip',
  '#trip, dinner',
  'bus #trips',
  'not a tag ##trip',
  'train#trip#food',
  'museum #Trip',
  '#food only',
  'odd #a*b name',
  'cash #$ back',
  'tabbed #trip\tend',
  'no tags at all',
];
const CONDITIONS = [
  { field: 'notes', op: 'hasTags', value: '#trip' },
  { field: 'notes', op: 'hasTags', value: '#Trip' },
  { field: 'notes', op: 'hasTags', value: 'trip,' },
  { field: 'notes', op: 'hasTags', value: '#trip #food' },
  { field: 'notes', op: 'hasAnyTag', value: '#trip food' },
  { field: 'notes', op: 'hasTags', value: '#a*b' },
  { field: 'notes', op: 'hasTags', value: '#$' },
];

function coffer(condition: (typeof CONDITIONS)[number]) {
  const db = openTestBudget();
  const s = seeder(db);
  s.account('a', 'Tags');
  NOTES.forEach((notes, i) =>
    s.tx({ id: `t${i}`, account: 'a', date: '2024-05-01', amount: -1, notes, sort_order: i }),
  );
  const { filters } = makeFiltersFromConditions([condition]);
  const rows = runQuery(db, q('transactions').filter({ $and: filters }).select('notes')).data;
  const compiled = compileCondition(condition);
  if (!compiled.ok) throw new Error(compiled.error);
  return {
    found: (rows as { notes: string }[]).map((r) => r.notes).sort(),
    ruled: NOTES.filter((notes) => evalCondition(compiled.value, { notes })).sort(),
  };
}

describe('tag conditions agree with Actual 26.9', () => {
  it('filters and rules match the same notes', () => {
    const dataDir = dirs.make('actual');
    const theirs = runActualJob<{ tagFound: string[][]; tagRuled: string[][] }>(
      ACTUAL_CURRENT_RUNNER,
      {
        dataDir,
        steps: [
          { op: 'local', name: 'tag-conditions' },
          { op: 'tagConditions', notes: NOTES, conditions: CONDITIONS },
        ],
      },
      dataDir,
    );
    CONDITIONS.forEach((condition, i) => {
      const ours = coffer(condition);
      expect({ condition, ...ours }).toEqual({
        condition,
        found: theirs.tagFound[i],
        ruled: theirs.tagRuled[i],
      });
    });
    // The comparison means something only if conditions find notes and tell them apart.
    expect(theirs.tagFound[0]!.length).toBeGreaterThan(1);
    expect(theirs.tagFound[0]).not.toEqual(theirs.tagRuled[1]);
  }, 240_000);
});
