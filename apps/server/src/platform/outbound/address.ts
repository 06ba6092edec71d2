import { BlockList, isIP } from 'node:net';

/**
 * Which addresses the server may call when a tenant (or the operator) names a service address: public unicast only.
 * Any tenant's Super Admin can type an address (free-trial registration makes that anyone), so loopback, private,
 * link-local, shared (CGNAT), multicast, reserved and unspecified ranges would turn the server into a probe of its
 * own network. IPv4-mapped IPv6 (::ffff:a.b.c.d) is checked as the IPv4 address it is.
 */
const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the host itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  refused.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated): ::127.0.0.1
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  refused.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail turned into two groups). */
export function ipv6Groups(address: string): number[] {
  let text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  return tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The IPv4 address an IPv6 one carries in its last 32 bits when it is a translation of it (NAT64, 6to4), else undefined. */
function embeddedIpv4(groups: number[]): string | undefined {
  const quad = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // 64:ff9b::/96 (NAT64 well-known prefix) and 64:ff9b:1::/48 (local-use NAT64).
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return quad(groups[6], groups[7]);
  // 2002::/16 (6to4): the IPv4 address follows the prefix.
  if (groups[0] === 0x2002) return quad(groups[1], groups[2]);
  return undefined;
}

/** Whether an IP address (as DNS or a URL gives it) is a public unicast address the server may call. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  const family = isIP(ip);
  if (family === 4) return !refused.check(ip, 'ipv4');
  if (family !== 6) return false;
  if (refused.check(ip, 'ipv6')) return false;
  const inner = embeddedIpv4(ipv6Groups(ip));
  return inner === undefined || !refused.check(inner, 'ipv4');
}

/** One entry of OUTBOUND_ALLOW_HOSTS: a host name or an address range, with or without a port. */
export type AllowEntry = { host: string; port?: number } | { range: BlockList; port?: number };

/**
 * Parses OUTBOUND_ALLOW_HOSTS: comma-separated host names (`llm.office.lan`), addresses or CIDR ranges
 * (`10.0.0.0/8`, `fd00::/8`), each optionally with a port (`localhost:11434`, `[::1]:8000`, `10.1.2.3:443`).
 * Answers the entries, or the text of the first one that is none of these.
 */
export function parseAllowList(text: string): AllowEntry[] | { invalid: string } {
  const entries: AllowEntry[] = [];
  for (const raw of text.split(',').map((s) => s.trim().toLowerCase())) {
    if (!raw) continue;
    const entry = allowEntry(raw);
    if (!entry) return { invalid: raw };
    entries.push(entry);
  }
  return entries;
}

const HOST_NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9])?)*$/;

function allowEntry(raw: string): AllowEntry | undefined {
  // [v6]:port, then addr/bits, then a bare IPv6 address, then host or IPv4 with an optional :port.
  const m =
    /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(raw) ?? /^([^/]+)\/(\d{1,3})$/.exec(raw) ?? (isIP(raw) === 6 ? [raw, raw] : /^([^:]+)(?::(\d{1,5}))?$/.exec(raw));
  if (!m) return undefined;
  const [, bare, suffix] = m;
  const isRange = raw.includes('/');
  const port = suffix !== undefined && !isRange ? Number(suffix) : undefined;
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  const family = isIP(bare);
  if (family === 0) return !isRange && !raw.startsWith('[') && HOST_NAME.test(bare) ? { host: bare, port } : undefined;
  const max = family === 4 ? 32 : 128;
  const bits = isRange ? Number(suffix) : max;
  if (bits > max) return undefined;
  const range = new BlockList();
  range.addSubnet(bare, bits, family === 4 ? 'ipv4' : 'ipv6');
  return { range, port };
}

/**
 * Whether a call to `host`:`port` that reaches `address` is allowed: a public address always is; another only when
 * an allow entry names the host (as written in the URL) or a range holding the address, and its port if it gives one.
 */
export function addressAllowed(allow: readonly AllowEntry[], host: string, port: number, address: string): boolean {
  if (isPublicAddress(address)) return true;
  const ip = address.replace(/^\[|\]$/g, '');
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(ip) === 4 ? 'ipv4' : 'ipv6';
  return allow.some((e) => (e.port === undefined || e.port === port) && ('host' in e ? e.host === name : isIP(ip) !== 0 && e.range.check(ip, family)));
}
