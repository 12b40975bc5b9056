import { describe, expect, it } from 'vitest';
import { isBlockedAddress, isLocalAddress, mayCall } from './address-check.ts';

describe('addresses the server calls for a user', () => {
  it.each([
    ['169.254.169.254', true],
    ['0.0.0.0', true],
    ['255.255.255.255', true],
    ['239.1.2.3', true],
    ['fe80::1', true],
    ['::ffff:169.254.169.254', true],
    ['::', true],
    ['127.0.0.1', false],
    ['10.0.0.7', false],
    ['192.168.1.20', false],
    ['93.184.216.34', false],
    ['::1', false],
    ['2001:db8::1', false],
  ])('%s blocked: %s', (ip, blocked) => {
    expect(isBlockedAddress(ip)).toBe(blocked);
  });

  it('refuses a host name when any of its addresses is blocked', async () => {
    const resolve = async (host: string) =>
      host === 'metadata.example' ? ['10.0.0.1', '169.254.169.254'] : ['93.184.216.34'];
    expect(await mayCall(new URL('https://metadata.example/claim'), resolve)).toBe(false);
    expect(await mayCall(new URL('https://bridge.example/claim'), resolve)).toBe(true);
    expect(await mayCall(new URL('http://[fe80::1]/claim'), resolve)).toBe(false);
  });

  it.each([
    ['127.0.0.1', true],
    ['::ffff:127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.0.9', true],
    ['100.100.1.1', true],
    ['fd12::1', true],
    ['::1', true],
    ['172.32.0.1', false],
    ['93.184.216.34', false],
    ['2001:db8::1', false],
  ])('%s is on the local network: %s', (ip, local) => {
    expect(isLocalAddress(ip)).toBe(local);
  });
});
