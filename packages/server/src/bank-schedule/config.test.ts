import { describe, expect, it } from 'vitest';
import { ConfigError, loadCommand, resolveConfig } from '../config.ts';

describe('the scheduled bank sync setting', () => {
  it('is off unless configured', () => {
    expect(resolveConfig({}, '/tmp').bankSchedule).toEqual({
      enabled: false,
      intervalMinutes: 240,
    });
  });

  it('is turned on with its interval by COFFER_BANK_SYNC_MINUTES', () => {
    const command = loadCommand([], { COFFER_BANK_SYNC_MINUTES: '120' }, '/tmp');
    expect(command.kind === 'serve' && command.config.bankSchedule).toEqual({
      enabled: true,
      intervalMinutes: 120,
    });
  });

  it('refuses an interval providers would not allow, saying which values are', () => {
    expect(() => loadCommand([], { COFFER_BANK_SYNC_MINUTES: '5' }, '/tmp')).toThrow(ConfigError);
    expect(() => loadCommand([], { COFFER_BANK_SYNC_MINUTES: 'hourly' }, '/tmp')).toThrow(
      'Invalid bank sync minutes in the environment (60 to 10080): hourly',
    );
  });
});
