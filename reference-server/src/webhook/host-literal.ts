import { formatIPv4, formatIPv6, parseIPv6 } from './ip-policy.js';

/**
 * Recognizes URL hosts that are IP literals, in every notation a resolver, `inet_aton` or the
 * WHATWG URL parser accepts, and normalizes them to the strict text `ip-policy.ts` judges.
 *
 * WHATWG `new URL()` already rewrites special-scheme IPv4 hosts to dotted decimal (`127.1`,
 * `0x7f.1`, `0177.0.0.1`, `017700000001`, `2130706433`, `%31%32%37.1`, a trailing dot) and
 * IPv6 to RFC 5952 (`[::ffff:127.0.0.1]` -> `[::ffff:7f00:1]`), and rejects zone ids. The
 * transport relies on that, but runs this parser on the normalized host anyway (and inside the
 * connect-time lookup), so a literal that some parser lets through unnormalized still cannot
 * skip the policy: a host whose last label is numeric is an IPv4 literal here, never a name.
 */
export type HostLiteral =
  | { kind: 'ipv4'; address: string }
  | { kind: 'ipv6'; address: string }
  /** Looks like a literal but is malformed, or has a zone id: refuse, never resolve. */
  | { kind: 'invalid'; reason: string }
  /** A domain name: to be resolved, and the answers judged. */
  | { kind: 'name' };

/** WHATWG "ends in a number": the last label is all decimal digits, or `0x` plus hex digits. */
const NUMERIC_LABEL = /^(?:[0-9]+|0[xX][0-9a-fA-F]*)$/;

function parseIPv4Number(part: string): bigint | null {
  if (part === '') return null;
  if (/^0[xX]/.test(part)) {
    const digits = part.slice(2);
    if (digits === '') return 0n;
    return /^[0-9a-fA-F]+$/.test(digits) ? BigInt(`0x${digits}`) : null;
  }
  if (part.length > 1 && part.startsWith('0')) {
    const digits = part.slice(1);
    return /^[0-7]+$/.test(digits) ? BigInt(`0o${digits}`) : null;
  }
  return /^[0-9]+$/.test(part) ? BigInt(part) : null;
}

/**
 * IPv4 in `inet_aton` / WHATWG notation: one to four parts, each decimal, octal (leading 0) or
 * hex (0x); the last part fills the remaining bytes (`127.1`, `10.1.2`, `2130706433`).
 */
function parseLooseIPv4(host: string): HostLiteral {
  const parts = host.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length > 4) return { kind: 'invalid', reason: `IPv4 literal with ${parts.length} parts` };
  const numbers: bigint[] = [];
  for (const part of parts) {
    const n = parseIPv4Number(part);
    if (n === null) return { kind: 'invalid', reason: `malformed IPv4 part ${JSON.stringify(part)}` };
    numbers.push(n);
  }
  const last = numbers.pop() ?? 0n;
  if (numbers.some((n) => n > 255n)) return { kind: 'invalid', reason: 'IPv4 part above 255' };
  const lastBits = BigInt(8 * (4 - numbers.length));
  if (last >= 1n << lastBits) return { kind: 'invalid', reason: 'IPv4 literal out of range' };
  let value = 0n;
  numbers.forEach((n, i) => {
    value |= n << BigInt(8 * (3 - i));
  });
  value |= last;
  return { kind: 'ipv4', address: formatIPv4(value) };
}

/**
 * Classifies a host as written in a URL (`url.hostname`, brackets kept for IPv6) or as handed
 * to a socket lookup (IPv6 without brackets).
 */
export function parseHostLiteral(rawHost: string): HostLiteral {
  const host = rawHost.trim();
  if (host === '') return { kind: 'invalid', reason: 'empty host' };
  const bracketed = host.startsWith('[') || host.endsWith(']');
  if (bracketed || host.includes(':')) {
    if (bracketed && !(host.startsWith('[') && host.endsWith(']'))) return { kind: 'invalid', reason: 'unbalanced brackets' };
    const inner = bracketed ? host.slice(1, -1) : host;
    if (inner.includes('%')) return { kind: 'invalid', reason: 'IPv6 zone ids are refused' };
    const value = parseIPv6(inner);
    if (value === null) return { kind: 'invalid', reason: `malformed IPv6 literal ${JSON.stringify(host)}` };
    return { kind: 'ipv6', address: formatIPv6(value) };
  }
  const labels = host.split('.');
  if (labels.length > 1 && labels[labels.length - 1] === '') labels.pop();
  const last = labels[labels.length - 1] ?? '';
  if (!NUMERIC_LABEL.test(last)) return { kind: 'name' };
  return parseLooseIPv4(host);
}
