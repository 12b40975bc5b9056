import { afterEach, describe, expect, it } from 'vitest';
import { Rendezvous } from './rendezvous.ts';

let r: Rendezvous<string>;

afterEach(() => r.close());

const never = () => undefined;

describe('the consent rendezvous', () => {
  it('hands a result to the poll waiting for it, and keeps one for the poll that comes later', async () => {
    r = new Rendezvous({ pollMs: 60_000, keepMs: 60_000 });
    const waiting = r.wait('a', never);
    r.finish('a', { ok: true, value: 'session a' });
    expect(await waiting).toEqual({ ok: true, value: 'session a' });

    r.finish('b', { ok: false, error: 'bank said no' });
    expect(await r.wait('b', never)).toEqual({ ok: false, error: 'bank said no' });
  });

  it('gives a kept result to one poll only', async () => {
    r = new Rendezvous({ pollMs: 60_000, keepMs: 60_000 });
    r.finish('a', { ok: true, value: 'session a' });
    await r.wait('a', never);
    const second = r.wait('a', never);
    r.finish('a', { ok: true, value: 'session a, again' });
    expect(await second).toEqual({ ok: true, value: 'session a, again' });
  });

  it('ends an older poll of the same consent when a newer one starts', async () => {
    r = new Rendezvous({ pollMs: 60_000, keepMs: 60_000 });
    const older = r.wait('a', never);
    const newer = r.wait('a', never);
    expect((await older).ok).toBe(false);
    r.finish('a', { ok: true, value: 'session a' });
    expect(await newer).toEqual({ ok: true, value: 'session a' });
  });

  it('ends a poll whose client went away, and one that waited too long', async () => {
    r = new Rendezvous({ pollMs: 20, keepMs: 60_000 });
    let cancel = () => undefined as void;
    const gone = r.wait('a', (c) => (cancel = c));
    cancel();
    expect(await gone).toEqual({ ok: false, error: 'The client stopped waiting' });
    expect(await r.wait('b', never)).toEqual({
      ok: false,
      error: 'Timed out waiting for the consent at the bank',
    });
    // The result that comes after its poll gave up waits for the next poll.
    r.finish('b', { ok: true, value: 'late' });
    expect(await r.wait('b', never)).toEqual({ ok: true, value: 'late' });
  });

  it('ends every poll when the server closes', async () => {
    r = new Rendezvous({ pollMs: 60_000, keepMs: 60_000 });
    const waiting = r.wait('a', never);
    r.close();
    expect((await waiting).ok).toBe(false);
  });
});
