/**
 * Whether the server may call an address a user handed it. A SimpleFIN setup token is a URL the
 * user pastes, and the server POSTs to it: without a check, a token could make the server call
 * a cloud metadata service or another link-local endpoint. Loopback and private networks stay
 * allowed, since a self-hosted bridge may live there (and the tests' fake does).
 */
import { lookup } from 'node:dns/promises';
import { isIPv4, isIPv6 } from 'node:net';

export type Lookup = (host: string) => Promise<string[]>;

export const systemLookup: Lookup = async (host) =>
  (await lookup(host, { all: true })).map((a) => a.address);

function ipv4Blocked(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 || // "this network"
    (a === 169 && b === 254) || // link-local, where cloud metadata services answer
    a >= 224 // multicast, reserved, broadcast
  );
}

function ipv6Blocked(ip: string): boolean {
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return ipv4Blocked(mapped[1]!);
  return (
    lower === '::' ||
    /^fe[89ab]/.test(lower) || // link-local
    lower.startsWith('ff') // multicast
  );
}

/** True when the address is one the server never calls on a user's behalf. */
export function isBlockedAddress(ip: string): boolean {
  if (isIPv4(ip)) return ipv4Blocked(ip);
  if (isIPv6(ip)) return ipv6Blocked(ip);
  return true;
}

/** Loopback, private, carrier-grade NAT or unique-local: an address of the server's own network. */
export function isLocalAddress(ip: string): boolean {
  if (isIPv4(ip)) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isLocalAddress(mapped[1]!);
  return lower === '::1' || /^f[cd]/.test(lower);
}

/** Whether every address the URL's host stands for may be called. */
export async function mayCall(url: URL, resolve: Lookup): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIPv4(host) || isIPv6(host)) return !isBlockedAddress(host);
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    // An unknown host is not blocked here: the request itself then fails as unreachable.
    return true;
  }
  return addresses.every((a) => !isBlockedAddress(a));
}
