import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client's address stands for, in every per-address limit (sign-in, codes, SMS, discount guesses,
 * the map's searches). An IPv4 address is itself; an IPv6 address is its /64, the block one line or one rented
 * server is given whole, so changing the last 64 bits for every guess counts as one address
 * (`2001:db8:1:2::/64`). An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is the IPv4 address.
 * Anything else (no address, a name) is returned as given.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const bare = ip.split('%', 1)[0]!;
  if (!isIPv6(bare)) return ip;
  const [head, tail = ''] = bare.toLowerCase().split('::') as [string, string?];
  const left = head ? head.split(':') : [];
  const right = bare.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail (`64:ff9b::192.0.2.1`) is two groups, past the /64 either way.
  const groups = bare.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
