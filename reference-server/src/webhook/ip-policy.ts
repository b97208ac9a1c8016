/**
 * Which resolved addresses a webhook may connect to.
 *
 * Input is an address in the strict textual form a resolver returns: dotted-quad IPv4 (four
 * decimal parts, no leading zeros) or IPv6 text (RFC 4291, an embedded dotted-quad tail
 * allowed). Anything else, including zone ids (`fe80::1%eth0`), is not an address and is
 * refused: the policy fails closed. Host names in URL notation (`127.1`, `0x7f.1`, brackets)
 * are the job of `host-literal.ts`, which normalizes to this form first.
 *
 * IPv4 is a deny list of the IANA special-purpose ranges. IPv6 is an allow list: only global
 * unicast 2000::/3, minus the special ranges inside it. So everything outside 2000::/3 is
 * refused without needing its own entry (::/128, ::1, ::/96 IPv4-compatible, ::ffff:0:0/96
 * IPv4-mapped, 64:ff9b::/96 and 64:ff9b:1::/48 NAT64, 100::/64 discard, fc00::/7 ULA,
 * fe80::/10 link-local, fec0::/10 site-local, ff00::/8 multicast); they are still listed below
 * so the refusal names its range.
 *
 * Decision on IPv6 forms that embed an IPv4 address: IPv4-mapped, IPv4-compatible and NAT64
 * are refused outright, whatever the embedded address (a public receiver has a native
 * address; these forms exist to reach IPv4 through a translator or the local stack and are
 * the classic way to smuggle 127.0.0.1 past a v6 check). 6to4 2002::/16 is judged by its
 * embedded IPv4 (bits 16..47): allowed only when that address is itself public. Teredo
 * 2001::/32 is refused (it sits inside 2001::/23, refused as a whole).
 */

export type AddressFamily = 4 | 6;

export interface ParsedAddress {
  family: AddressFamily;
  /** The address as an unsigned integer of 32 (IPv4) or 128 (IPv6) bits. */
  value: bigint;
}

export interface AddressVerdict {
  public: boolean;
  /** The special-purpose range that refused the address, or why it is not an address. */
  reason?: string;
}

interface Range {
  family: AddressFamily;
  network: bigint;
  prefix: number;
  name: string;
}

const V4_PART = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)$/;
const V6_GROUP = /^[0-9a-fA-F]{1,4}$/;

/** Strict dotted-quad IPv4 (the form `net.isIPv4` accepts); `null` for anything else. */
export function parseIPv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!V4_PART.test(part)) return null;
    value = (value << 8n) | BigInt(Number(part));
  }
  return value;
}

/** RFC 4291 text IPv6 (with an optional dotted-quad tail), no zone id; `null` for anything else. */
export function parseIPv6(text: string): bigint | null {
  if (text.includes('%') || !text.includes(':')) return null;
  let s = text;
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIPv4(tail);
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string): string[] | null => {
    if (half === '') return [];
    const groups = half.split(':');
    return groups.every((g) => V6_GROUP.test(g)) ? groups : null;
  };
  const head = groupsOf(halves[0] ?? '');
  const rest = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (head === null || rest === null) return null;
  let groups: string[];
  if (halves.length === 1) {
    if (head.length !== 8) return null;
    groups = head;
  } else {
    // `::` stands for one or more zero groups.
    if (head.length + rest.length > 7) return null;
    groups = [...head, ...Array<string>(8 - head.length - rest.length).fill('0'), ...rest];
  }
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(parseInt(g, 16));
  return value;
}

export function parseAddress(text: string): ParsedAddress | null {
  const v4 = parseIPv4(text);
  if (v4 !== null) return { family: 4, value: v4 };
  const v6 = parseIPv6(text);
  if (v6 !== null) return { family: 6, value: v6 };
  return null;
}

export function formatIPv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

/** RFC 5952 text: lowercase, no leading zeros, the longest run (>= 2) of zero groups as `::`. */
export function formatIPv6(value: bigint): string {
  const groups: number[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(Number((value >> shift) & 0xffffn));
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength && j - i >= 2) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

function range(cidr: string, name: string): Range {
  const [net, bits] = cidr.split('/');
  const parsed = parseAddress(net ?? '');
  if (!parsed || bits === undefined) throw new Error(`bad CIDR ${cidr}`);
  return { family: parsed.family, network: parsed.value, prefix: Number(bits), name: `${cidr} ${name}` };
}

function contains(r: Range, address: ParsedAddress): boolean {
  if (r.family !== address.family) return false;
  const width = address.family === 4 ? 32n : 128n;
  const shift = width - BigInt(r.prefix);
  return address.value >> shift === r.network >> shift;
}

/** IANA IPv4 special-purpose ranges that are not publicly reachable unicast. */
const IPV4_REFUSED: Range[] = [
  range('0.0.0.0/8', 'unspecified / "this network"'),
  range('10.0.0.0/8', 'private (RFC 1918)'),
  range('100.64.0.0/10', 'shared address space / CGNAT (RFC 6598)'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('172.16.0.0/12', 'private (RFC 1918)'),
  range('192.0.0.0/24', 'IETF protocol assignments'),
  range('192.0.2.0/24', 'documentation (TEST-NET-1)'),
  range('192.88.99.0/24', 'deprecated 6to4 relay anycast'),
  range('192.168.0.0/16', 'private (RFC 1918)'),
  range('198.18.0.0/15', 'benchmarking'),
  range('198.51.100.0/24', 'documentation (TEST-NET-2)'),
  range('203.0.113.0/24', 'documentation (TEST-NET-3)'),
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved (incl. broadcast 255.255.255.255)'),
];

const IPV6_GLOBAL_UNICAST = range('2000::/3', 'global unicast');
const IPV6_6TO4 = range('2002::/16', '6to4');

/** Checked in order; the first match names the refusal. */
const IPV6_REFUSED: Range[] = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('::ffff:0:0/96', 'IPv4-mapped (refused outright)'),
  range('::/96', 'IPv4-compatible (deprecated, refused outright)'),
  range('64:ff9b::/96', 'NAT64 well-known prefix (refused outright)'),
  range('64:ff9b:1::/48', 'NAT64 local-use prefix (refused outright)'),
  range('100::/64', 'discard-only'),
  range('2001::/32', 'Teredo'),
  range('2001:db8::/32', 'documentation'),
  range('2001::/23', 'IETF protocol assignments (benchmarking, ORCHID, ...)'),
  range('3fff::/20', 'documentation (RFC 9637)'),
  range('fc00::/7', 'unique local (ULA)'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'site-local (deprecated)'),
  range('ff00::/8', 'multicast'),
];

export function classifyAddress(text: string): AddressVerdict {
  const address = parseAddress(text);
  if (!address) return { public: false, reason: `not an IP address: ${JSON.stringify(text)}` };
  return classifyParsed(address);
}

export function classifyParsed(address: ParsedAddress): AddressVerdict {
  if (address.family === 4) {
    const hit = IPV4_REFUSED.find((r) => contains(r, address));
    return hit ? { public: false, reason: hit.name } : { public: true };
  }
  const hit = IPV6_REFUSED.find((r) => contains(r, address));
  if (hit) return { public: false, reason: hit.name };
  if (!contains(IPV6_GLOBAL_UNICAST, address)) return { public: false, reason: 'outside 2000::/3 global unicast' };
  if (contains(IPV6_6TO4, address)) {
    const embedded: ParsedAddress = { family: 4, value: (address.value >> 80n) & 0xffffffffn };
    const inner = classifyParsed(embedded);
    if (!inner.public) return { public: false, reason: `2002::/16 6to4 embedding ${formatIPv4(embedded.value)} (${inner.reason})` };
  }
  return { public: true };
}

/** True only for publicly routable unicast addresses; see the module comment for the ranges. */
export function isPublicUnicast(address: string): boolean {
  return classifyAddress(address).public;
}

/** 127.0.0.0/8 and ::1 only: mapped, compatible and NAT64 spellings of loopback do not count. */
export function isLoopback(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return parsed.family === 4 ? parsed.value >> 24n === 127n : parsed.value === 1n;
}
