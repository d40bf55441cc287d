/**
 * TRUST_PROXY, checked at start-up (decision 010; issue 42 finding 13): the proxies whose `X-Forwarded-For` the store
 * believes. Every per-address limit counts the address they pass on, so a value that trusts the clients themselves
 * makes those limits vanish: `true`, a hop count above the proxies a store really has (a client writes the rest of
 * the header), or ranges covering the public internet (`0.0.0.0/1,128.0.0.0/1`). The list is also compiled with
 * proxy-addr, as Fastify will compile it, so a value it cannot read stops the start here with a sentence instead of
 * a raw error later.
 */
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';

/** The most proxies in a row a hop count may name (a CDN, a load balancer and nginx are three). */
export const MAX_PROXY_HOPS = 5;

/**
 * The widest range of public addresses TRUST_PROXY may name: a /24 (IPv4) or a /48 (IPv6), the smallest block
 * routed on the internet and one site's allocation, so a store's own proxies. A wider public range (a cloud's or a
 * CDN's) holds other people's machines, each of which could then choose its address: behind a CDN, give the hop
 * count. Private, loopback, link-local and shared (CGNAT) ranges may be of any size.
 */
export const PUBLIC_RANGE_PREFIX = { ipv4: 24, ipv6: 48 } as const;

/** Address space no client on the internet sends from: any range inside one of these may be trusted. */
const NOT_PUBLIC = [
  ...['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10'],
  ...['::1/128', 'fc00::/7', 'fe80::/10'],
].map((r) => ipaddr.parseCIDR(r));

/** proxy-addr's names for ranges, all of them private: loopback, link-local, unique local. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const HOW =
  'give the number of proxies in front of the store (e.g. 1) or their addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)';

/** An address with an optional prefix length in digits (proxy-addr also reads netmasks; the store does not). */
function parseEntry(entry: string) {
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length || !ipaddr.isValid(address) || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return null;
  let ip = ipaddr.parse(address);
  let prefix = bits === undefined ? (ip.kind() === 'ipv4' ? 32 : 128) : Number(bits);
  if (prefix > (ip.kind() === 'ipv4' ? 32 : 128)) return null;
  // An IPv4-mapped range (::ffff:10.0.0.0/104) trusts IPv4 clients: it is judged as the IPv4 range it spans.
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress() && prefix >= 96) {
    ip = ip.toIPv4Address();
    prefix -= 96;
  }
  return { ip, prefix };
}

/** Whether the range holds an address a client on the internet could send from. */
const coversPublic = (ip: ipaddr.IPv4 | ipaddr.IPv6, prefix: number) =>
  !NOT_PUBLIC.some(([net, bits]) => net.kind() === ip.kind() && prefix >= bits && ip.match(net, bits));

/** Why TRUST_PROXY cannot be used, as a sentence naming it; undefined when it can (or is unset). */
export function trustProxyProblem(value: string): string | undefined {
  if (value === '') return undefined;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_PROXY_HOPS
      ? undefined
      : `TRUST_PROXY=${value} believes ${value} proxies in a row, so a client could choose its own address by writing the rest of X-Forwarded-For; give the number of proxies really in front of the store, at most ${MAX_PROXY_HOPS} (e.g. 1)`;
  }
  if (value === 'true') return `TRUST_PROXY=true would let any client choose its own address; ${HOW}`;
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (RANGE_NAMES.includes(entry)) continue;
    const range = parseEntry(entry);
    if (!range)
      return `TRUST_PROXY must be a number of proxies or their addresses: "${entry}" is neither; ${HOW}`;
    const widest = PUBLIC_RANGE_PREFIX[range.ip.kind()];
    if (range.prefix < widest && coversPublic(range.ip, range.prefix))
      return `TRUST_PROXY must not trust public internet addresses wider than a /${widest}: ${entry} would let anyone sending from there choose the address every per-address limit counts; list your proxies' own addresses (private ranges such as 10.0.0.0/8 may be any size), or give the number of proxies in front of the store (e.g. 1)`;
  }
  try {
    proxyAddr.compile(entries);
  } catch (err) {
    return `TRUST_PROXY=${value} cannot be read as proxy addresses (${err instanceof Error ? err.message : String(err)}); ${HOW}`;
  }
  return undefined;
}
