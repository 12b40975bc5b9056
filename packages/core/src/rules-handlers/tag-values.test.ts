/**
 * A tag condition whose value names no tag (`#`, `##`, `# #`). Actual 26.9 saves it and then
 * matches every note with it; Coffer refuses it, saying why, in the editor, the handlers and
 * the api. One that arrives from Actual through sync stays stored as it came (nothing lost),
 * is not run, and the rules list and the other rules go on working.
 */
import { describe, expect, it } from 'vitest';
import { ruleErrorText } from '../rules/errors.ts';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';

const NO_TAG = 'A tag needs a name after the #: a # alone would match every note';

async function setup() {
  const f = await openAppCore();
  const send = (name: string, args?: unknown) => f.core.sendUnknown(name, args);
  const account = (await send('account-create', { name: 'Checking' })) as string;
  return { f, send, account };
}

describe('a tag value that names no tag', () => {
  it('is refused on save with a message that says why; an empty one says it is empty', async () => {
    const { f, send } = await setup();
    for (const value of ['#', '##', '# #']) {
      const result = await send('rule-add', {
        stage: null,
        conditionsOp: 'and',
        conditions: [{ field: 'notes', op: 'hasTags', value, type: 'string' }],
        actions: [{ op: 'set', field: 'cleared', value: true }],
      });
      expect(result, value).toEqual({
        error: { conditionErrors: ['no-tag'], actionErrors: null },
      });
    }
    expect(ruleErrorText('no-tag')).toBe(NO_TAG);
    const empty = await send('rule-validate', {
      conditions: [{ field: 'notes', op: 'hasAnyTag', value: '', type: 'string' }],
      actions: [],
    });
    expect(empty).toEqual({ error: { conditionErrors: ['no-empty-string'], actionErrors: null } });
    expect(f.sql.all('SELECT id FROM rules')).toEqual([]);
  });

  it('coming from Actual through sync, is kept as it came and leaves the rules list working', async () => {
    const { f, send, account } = await setup();
    const good = (await send('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'notes', op: 'hasTags', value: '#trip', type: 'string' }],
      actions: [{ op: 'set', field: 'cleared', value: true }],
    })) as { id: string };
    const ts = (n: number) => `2023-08-06T09:59:00.000Z-000${n}-0123456789abcdef`;
    const row = 'from-actual';
    const conditions = JSON.stringify([{ field: 'notes', op: 'hasTags', value: '#', type: 'string' }]); // prettier-ignore
    f.budget.db.applyMessages(
      [
        { timestamp: ts(1), dataset: 'rules', row, column: 'stage', value: null },
        { timestamp: ts(2), dataset: 'rules', row, column: 'conditions_op', value: 'and' },
        { timestamp: ts(3), dataset: 'rules', row, column: 'conditions', value: conditions },
        { timestamp: ts(4), dataset: 'rules', row, column: 'actions', value: JSON.stringify([{ op: 'set', field: 'notes', value: 'every note' }]) }, // prettier-ignore
        { timestamp: ts(5), dataset: 'rules', row, column: 'tombstone', value: 0 },
      ],
      { source: 'remote' },
    );
    // The list answers, with the rule that can run; the other stays stored, untouched.
    const listed = await send('rules-get');
    expect(Array.isArray(listed) && listed.map((r: { id: string }) => r.id)).toEqual([good.id]);
    expect(f.sql.first('SELECT conditions, tombstone FROM rules WHERE id = ?', [row])).toEqual({
      conditions,
      tombstone: 0,
    });
    // Rules still run: the good one marks a tagged transaction; the synced one sets nothing.
    const run = (notes: string) =>
      send('rules-run', { transaction: { account, notes, cleared: false } });
    expect(await run('Hotel #trip')).toMatchObject({ notes: 'Hotel #trip', cleared: true });
    expect(await run('Bread')).toMatchObject({ notes: 'Bread', cleared: false });
    // Opened in the editor and saved as it is, it gets the reason beside its row.
    const saved = await send('rule-update', {
      id: row,
      stage: null,
      conditionsOp: 'and',
      conditions: JSON.parse(conditions),
      actions: [{ op: 'set', field: 'notes', value: 'every note' }],
    });
    expect(saved).toEqual({ error: { conditionErrors: ['no-tag'], actionErrors: null } });
  });
});
