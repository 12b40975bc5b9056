import { describe, expect, it } from 'vitest';
import { intervalLabel } from '../components/settings/BankSchedule.tsx';
import { heldNotice, linksKey, notScheduledNotice } from './held-rows.ts';

describe('held bank rows', () => {
  it('says how many transactions came in, one or several', () => {
    expect(heldNotice(1)).toBe('1 transaction came in from your bank');
    expect(heldNotice(12)).toBe('12 transactions came in from your bank');
  });

  it('names the accounts the schedule leaves out, one or several, and says what to do', () => {
    expect(notScheduledNotice(['Savings'])).toBe(
      'Savings isn’t fetched by the server’s scheduled bank sync: on a shared budget only its owner can add accounts to the schedule. Sync it from its account page.',
    );
    expect(notScheduledNotice(['Card', 'Savings', 'Visa'])).toMatch(
      /^Card, Savings and Visa aren’t fetched .* Sync them from their account pages\.$/,
    );
  });

  it('changes its links key when an account is linked, unlinked or closed, not otherwise', () => {
    const linked = [
      { id: 'b', account_id: 'ACT-2', closed: 0 },
      { id: 'a', account_id: 'ACT-1', closed: 0 },
      { id: 'c', account_id: null, closed: 0 },
    ];
    const key = linksKey(linked);
    expect(key).toBe('a:ACT-1,b:ACT-2');
    expect(linksKey([...linked].reverse())).toBe(key);
    expect(linksKey(linked.map((a) => (a.id === 'b' ? { ...a, account_id: null } : a)))).toBe(
      'a:ACT-1',
    );
    expect(linksKey(linked.map((a) => (a.id === 'a' ? { ...a, closed: 1 } : a)))).toBe('b:ACT-2');
  });

  it('names the schedule’s interval, the offered ones and any other an admin configured', () => {
    expect(intervalLabel(60)).toBe('every hour');
    expect(intervalLabel(1440)).toBe('once a day');
    expect(intervalLabel(180)).toBe('every 3 hours');
    expect(intervalLabel(90)).toBe('every 90 minutes');
  });
});
