import { describe, expect, it } from 'vitest';
import { pageAt } from './pages.ts';

describe('the page a path opens on', () => {
  it('fetches ahead the budget, the register and reports, nothing else', () => {
    expect(['/', '/budget', '/accounts', '/accounts/a1', '/reports/net-worth'].map(pageAt)).toEqual(
      ['budget', 'budget', 'accounts', 'accounts', 'reports'],
    );
    expect(['/rules', '/settings', '/schedules'].map(pageAt)).toEqual([null, null, null]);
  });
});
