import { afterAll, describe, expect, it } from 'vitest';
import { FIELD_TYPES, TYPE_OPS } from '../../core/src/rules/fields.ts';
import { RULE_ERROR_TEXTS, ruleErrorText } from '../../core/src/rules/errors.ts';
import { ApiClient } from './client.ts';
import { ACTUAL_CURRENT_RUNNER, runActualJob, tempDirs } from './test-helpers/actual-jobs.ts';

/**
 * Which empty rule values are refused is Actual 26.9's choice: every field × operator with an
 * empty value (nothing, an empty text, an empty list) goes through today's Actual's `rule-add`
 * (`actual-api-26`, in its own process) and through Coffer's api `rule-add`, and both must
 * refuse the same ones, with the same text beside the row where Actual's code has one in the
 * spec. A code of Actual's outside the spec's table (its `not-string`, its `internal` for a
 * text list) is a refusal all the same; for an empty value Coffer says the spec's 'Value cannot
 * be empty'.
 */
const dirs = tempDirs('coffer-rule-oracle');
afterAll(() => dirs.removeAll());

type Row = Record<string, unknown>;
interface Case {
  what: string;
  rule: { stage: null; conditionsOp: 'and'; conditions: Row[]; actions: Row[] };
  row: 'conditions' | 'actions';
}
interface RuleError {
  conditionErrors?: Array<string | null> | null;
  actionErrors?: Array<string | null> | null;
}

const EMPTY: ReadonlyArray<readonly [string, unknown]> = [
  ['nothing', null],
  ['an empty text', ''],
  ['an empty list', []],
];
const KEEP_CONDITION = { field: 'notes', op: 'is', value: 'kept', type: 'string' };
const KEEP_ACTION = { op: 'set', field: 'notes', value: 'kept', type: 'string' };

function cases(): Case[] {
  const out: Case[] = [];
  for (const [field, type] of Object.entries(FIELD_TYPES)) {
    for (const op of TYPE_OPS[type]) {
      for (const [name, value] of EMPTY) {
        out.push({
          what: `${field} ${op} ${name}`,
          rule: {
            stage: null,
            conditionsOp: 'and',
            conditions: [{ field, op, value, type }],
            actions: [KEEP_ACTION],
          },
          row: 'conditions',
        });
      }
    }
    for (const [name, value] of EMPTY.slice(0, 2)) {
      out.push({
        what: `set ${field} to ${name}`,
        rule: {
          stage: null,
          conditionsOp: 'and',
          conditions: [KEEP_CONDITION],
          actions: [{ op: 'set', field, value, type }],
        },
        row: 'actions',
      });
    }
  }
  return out;
}

/**
 * Where Coffer refuses on purpose what Actual saves: a `set` action must write a value of the
 * field's kind into an amount, a date or a cleared flag. Nothing there would leave a
 * transaction without its amount or date (Actual checks no action value but the account's).
 */
const STRICTER = new Set([
  'set amount to nothing',
  'set amount to an empty text',
  'set date to nothing',
  'set date to an empty text',
  'set cleared to nothing',
  'set cleared to an empty text',
]);

/**
 * Operators Actual 26.9 refuses for a field whatever the value (`internal`, also for
 * `['a']`): a question of operators, not of empty values, so these are left out.
 */
const NOT_AN_EMPTY_VALUE_QUESTION = /^notes (oneOf|notOneOf) /;

/** The row's text, as the editor would show it: null when the row was accepted. */
function rowText(error: RuleError | null | undefined, row: Case['row'], actual = false) {
  const code = (row === 'conditions' ? error?.conditionErrors : error?.actionErrors)?.[0];
  if (!code) return null;
  if (actual && !(code in RULE_ERROR_TEXTS)) return ruleErrorText('no-null');
  return ruleErrorText(code);
}

describe('empty rule values: Coffer refuses what Actual 26.9 refuses', () => {
  it('every field × operator, and every set action', async () => {
    const all = cases();
    const actual = runActualJob<{ ruleErrors: Array<RuleError | null> }>(
      ACTUAL_CURRENT_RUNNER,
      {
        dataDir: dirs.make('actual'),
        steps: [
          { op: 'local', name: 'Oracle' },
          { op: 'ruleAdd', rules: all.map((c) => c.rule) },
        ],
      },
      dirs.make('job'),
    );

    const coffer = new ApiClient();
    await coffer.init({ dataDir: dirs.make('coffer') });
    try {
      await coffer.lib.send('create-budget', { budgetName: 'Oracle' });
      const theirs: Record<string, string | null> = {};
      const ours: Record<string, string | null> = {};
      for (const [i, c] of all.entries()) {
        if (NOT_AN_EMPTY_VALUE_QUESTION.test(c.what)) continue;
        const res = (await coffer.lib.send('rule-add', c.rule)) as { error?: RuleError };
        ours[c.what] = rowText(res?.error, c.row);
        theirs[c.what] = rowText(actual.ruleErrors[i], c.row, true);
        if (STRICTER.has(c.what)) {
          // Actual saves these; Coffer refuses them with a row text.
          expect({ [c.what]: theirs[c.what] }).toEqual({ [c.what]: null });
          expect(ours[c.what]).not.toBeNull();
          ours[c.what] = theirs[c.what] = 'refused by Coffer on purpose';
        }
      }
      expect(ours).toEqual(theirs);
      // The oracle did refuse something of each kind, so the comparison says something.
      const texts = new Set(Object.values(theirs));
      expect(texts).toContain('Value cannot be empty');
      expect(texts).toContain('Invalid date format');
      expect(texts).toContain('Value must be a number');
      expect(texts).toContain(null);
    } finally {
      await coffer.shutdown();
    }
  }, 300_000);
});
