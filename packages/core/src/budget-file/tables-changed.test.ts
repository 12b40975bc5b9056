import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../app.ts';
import { diskPlatform } from '../files/test-helpers/node-platform.ts';
import type { CoreEvents } from '../handlers-core/events.ts';

const platform = diskPlatform({ prefix: 'coffer-events-' });
afterEach(() => platform.cleanup());

describe('tables-changed', () => {
  it('is pushed once per committed write with its tables, for edits and for undo', async () => {
    const core = createAppCore({ platform, documentDir: platform.dir });
    await core.sendUnknown('create-budget', { budgetName: 'Events', avoidUpload: true });
    const seen: Array<CoreEvents['tables-changed']> = [];
    core.events.on('tables-changed', (e) => seen.push(e));

    const id = await core.sendUnknown('account-create', { name: 'Checking', balance: 1000 });
    expect(typeof id).toBe('string');
    expect(seen.length).toBeGreaterThan(0);
    const tables = new Set(seen.flatMap((e) => e.tables));
    expect(tables).toContain('accounts');
    expect(tables).toContain('transactions');
    expect(seen.every((e) => e.source === 'local' && e.undo === null)).toBe(true);

    seen.length = 0;
    await core.sendUnknown('undo');
    expect(seen.map((e) => e.undo)).toContain('undo');
    expect(seen.flatMap((e) => e.tables)).toContain('accounts');

    seen.length = 0;
    await core.sendUnknown('accounts-get');
    expect(seen).toEqual([]);
    // Closed before the folder goes: an open budget's background build still writes into it.
    await core.sendUnknown('close-budget');
    await core.idle();
  });
});
