import { isIPv4, isIPv6 } from 'node:net';

/** The IPv6 prefix a client is counted by unless IPV6_PREFIX_BITS says otherwise. */
export const DEFAULT_IPV6_PREFIX_BITS = 64;

/** Longest key kept for an address that does not parse (a proxy writing something odd). */
const MAX_RAW_KEY = 100;

/** The 8 16-bit groups of a valid IPv6 address (dotted IPv4 tail included). */
function hextets(addr: string): number[] {
  let s = addr;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    s = `${s.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split('::');
  const part = (p: string | undefined) => (p ? p.split(':').map((h) => parseInt(h, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/** RFC 5952 text of 8 groups: lower case, the longest run of two or more zero groups as `::`. */
function formatV6(groups: number[]): string {
  let best = { at: -1, len: 1 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > best.len) best = { at: i, len: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.len).join(':')}`;
}

/** The address part of what a proxy or the socket reports: without a port, brackets or zone. */
function bareAddress(raw: string): string {
  const s = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(s);
  if (bracketed) return bracketed[1];
  const v4port = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(s);
  if (v4port) return v4port[1];
  return s;
}

/** Addresses whose key `clientKey` remembers at most (all are forgotten at once past it), and their longest text. */
const KNOWN_KEYS = 10_000;
const KNOWN_KEY_LENGTH = 64;
const known = { bits: DEFAULT_IPV6_PREFIX_BITS, keys: new Map<string, string>() };

/**
 * The key a client is counted under by every per-IP limit and budget: its address without a
 * port (`203.0.113.77:40001`, `[2001:db8::1]:443`, as some proxies write them), an IPv4-mapped
 * IPv6 address (`::ffff:203.0.113.50`) as plain IPv4, and an IPv6 address as its network of
 * `prefixBits` (default /64: one subscriber gets a whole /64, so walking through it buys no new
 * allowance), written `2001:db8:7:1::/64`. Anything else is kept as given (trimmed, lower case).
 */
export function clientKey(raw: string | undefined, prefixBits: number = DEFAULT_IPV6_PREFIX_BITS): string {
  if (raw === undefined || raw.length > KNOWN_KEY_LENGTH) return keyOf(raw, prefixBits);
  // A pure function of its arguments, asked about the same addresses again and again: remembered.
  if (known.bits !== prefixBits) {
    known.bits = prefixBits;
    known.keys.clear();
  }
  let key = known.keys.get(raw);
  if (key === undefined) {
    key = keyOf(raw, prefixBits);
    if (known.keys.size >= KNOWN_KEYS) known.keys.clear();
    known.keys.set(raw, key);
  }
  return key;
}

/** `clientKey`, worked out. */
function keyOf(raw: string | undefined, prefixBits: number): string {
  const addr = bareAddress(raw ?? '')
    .replace(/%[^%]*$/, '')
    .toLowerCase();
  if (!addr) return 'unknown';
  if (isIPv4(addr)) return addr;
  if (!isIPv6(addr)) return addr.slice(0, MAX_RAW_KEY);
  const groups = hextets(addr);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  }
  const bits = Math.max(0, Math.min(128, Math.trunc(prefixBits)));
  if (bits === 128) return formatV6(groups);
  const masked = groups.map((g, i) => {
    const keep = Math.max(0, Math.min(16, bits - i * 16));
    return keep === 0 ? 0 : g & ((0xffff << (16 - keep)) & 0xffff);
  });
  return `${formatV6(masked)}/${bits}`;
}
