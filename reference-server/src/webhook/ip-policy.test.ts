import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAddress, formatIPv6, isLoopback, isPublicUnicast, parseIPv4, parseIPv6 } from './ip-policy.js';

/** [range, first address, last address] for each refused IPv4 range; edges included. */
const REFUSED_V4: [string, string, string][] = [
  ['0.0.0.0/8 unspecified', '0.0.0.0', '0.255.255.255'],
  ['10.0.0.0/8', '10.0.0.0', '10.255.255.255'],
  ['100.64.0.0/10 CGNAT', '100.64.0.0', '100.127.255.255'],
  ['127.0.0.0/8 loopback', '127.0.0.0', '127.255.255.255'],
  ['169.254.0.0/16 link-local', '169.254.0.0', '169.254.255.255'],
  ['172.16.0.0/12', '172.16.0.0', '172.31.255.255'],
  ['192.0.0.0/24 IETF', '192.0.0.0', '192.0.0.255'],
  ['192.0.2.0/24 TEST-NET-1', '192.0.2.0', '192.0.2.255'],
  ['192.88.99.0/24 6to4 relay', '192.88.99.0', '192.88.99.255'],
  ['192.168.0.0/16', '192.168.0.0', '192.168.255.255'],
  ['198.18.0.0/15 benchmarking', '198.18.0.0', '198.19.255.255'],
  ['198.51.100.0/24 TEST-NET-2', '198.51.100.0', '198.51.100.255'],
  ['203.0.113.0/24 TEST-NET-3', '203.0.113.0', '203.0.113.255'],
  ['224.0.0.0/4 multicast', '224.0.0.0', '239.255.255.255'],
  ['240.0.0.0/4 reserved + broadcast', '240.0.0.0', '255.255.255.255'],
];

/** Public neighbours just outside each refused range. */
const PUBLIC_V4_EDGES = [
  '1.0.0.0',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '191.255.255.255',
  '192.0.1.0',
  '192.0.3.0',
  '192.88.98.255',
  '192.88.100.0',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '198.51.99.255',
  '198.51.101.0',
  '203.0.112.255',
  '203.0.114.0',
  '223.255.255.255',
];

const REFUSED_V6: [string, string[]][] = [
  ['::/128 unspecified', ['::', '0:0:0:0:0:0:0:0']],
  ['::1 loopback', ['::1', '0:0:0:0:0:0:0:1']],
  ['::ffff:0:0/96 IPv4-mapped (refused outright, even with a public v4)', ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:8.8.8.8', '::ffff:0:0', '::ffff:ffff:ffff']],
  ['::/96 IPv4-compatible', ['::127.0.0.1', '::7f00:1', '::8.8.8.8', '::2', '::ffff:ffff']],
  ['64:ff9b::/96 NAT64', ['64:ff9b::', '64:ff9b::7f00:1', '64:ff9b::8.8.8.8', '64:ff9b::ffff:ffff']],
  ['64:ff9b:1::/48 NAT64 local', ['64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff', '64:ff9b:1::a00:1']],
  ['100::/64 discard', ['100::', '100::ffff:ffff:ffff:ffff']],
  ['2001::/32 Teredo', ['2001::', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['2001::/23 IETF protocol assignments', ['2001:2::1', '2001:10::1', '2001:20::1', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['2001:db8::/32 documentation', ['2001:db8::', '2001:db8::1', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '2001:DB8::1']],
  ['3fff::/20 documentation', ['3fff::1', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['fc00::/7 ULA', ['fc00::', 'fd00::1', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['fe80::/10 link-local', ['fe80::', 'fe80::1', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['fec0::/10 site-local', ['fec0::', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['ff00::/8 multicast', ['ff00::', 'ff02::1', 'ff05::1:3', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['6to4 embedding a non-public v4', ['2002:7f00:1::', '2002:a00:1::1', '2002:c0a8:101::1', '2002:a9fe:a9fe::', '2002::', '2002:6440::1', '2002:e000::1']],
  ['outside 2000::/3', ['1::1', '1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '4000::1', '5f00::1', 'e000::1']],
];

const PUBLIC = ['8.8.8.8', '1.1.1.1', '9.9.9.9', '2606:4700::1111', '2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001:800::200e', '2001:200::1', '2002:808:808::1', '2002:101:101::'];

describe('ip-policy: IPv4 refused ranges (first and last address of each)', () => {
  it.each(REFUSED_V4)('%s: %s and %s refused', (_range, first, last) => {
    expect(isPublicUnicast(first)).toBe(false);
    expect(isPublicUnicast(last)).toBe(false);
  });

  it.each(PUBLIC_V4_EDGES)('neighbour %s is public', (address) => {
    expect(isPublicUnicast(address)).toBe(true);
  });

  it('names the range that refused', () => {
    expect(classifyAddress('100.100.1.1')).toEqual({ public: false, reason: expect.stringContaining('CGNAT') });
    expect(classifyAddress('255.255.255.255').reason).toContain('broadcast');
  });
});

describe('ip-policy: IPv6 refused ranges', () => {
  it.each(REFUSED_V6)('%s', (_range, addresses) => {
    for (const address of addresses) expect({ address, public: isPublicUnicast(address) }).toEqual({ address, public: false });
  });

  it('judges 6to4 by its embedded IPv4', () => {
    expect(classifyAddress('2002:7f00:1::1').reason).toContain('127.0.0.1');
    expect(isPublicUnicast('2002:808:808::1')).toBe(true);
  });
});

describe('ip-policy: public unicast', () => {
  it.each(PUBLIC)('%s is public', (address) => {
    expect(isPublicUnicast(address)).toBe(true);
  });
});

describe('ip-policy: not an address means refused (fails closed)', () => {
  it.each([
    '',
    'localhost',
    'example.com',
    '127.1',
    '0x7f.0.0.1',
    '0177.0.0.1',
    '2130706433',
    '08.8.8.8',
    '8.8.8.08',
    '8.8.8.8.',
    '8.8.8.256',
    ' 8.8.8.8',
    '[2606:4700::1111]',
    '2606:4700::1111%eth0',
    'fe80::1%25eth0',
    '2606:4700:::1111',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    ':1::',
    '12345::',
    '::ffff:127.0.0.01',
    '::ffff:1.2.3',
  ])('%j', (text) => {
    expect(isPublicUnicast(text)).toBe(false);
  });
});

describe('ip-policy: isLoopback (what allowLoopback admits)', () => {
  it.each(['127.0.0.1', '127.0.0.0', '127.255.255.255', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1'])('%s is loopback', (a) => {
    expect(isLoopback(a)).toBe(true);
  });
  it.each(['::ffff:127.0.0.1', '::127.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::', '0.0.0.0', '::', '128.0.0.1', '126.255.255.255', 'localhost', '127.1'])(
    '%s is not',
    (a) => {
      expect(isLoopback(a)).toBe(false);
    },
  );
});

describe('ip-policy: parsers agree with node:net', () => {
  const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join('.'));
  const v6Value = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n });

  it('parseIPv4 accepts exactly what isIPv4 accepts', () => {
    const text = fc.oneof(ipv4, fc.stringMatching(/^[0-9.x]{0,16}$/));
    fc.assert(
      fc.property(text, (t) => {
        expect(parseIPv4(t) !== null).toBe(isIP(t) === 4);
      }),
      { numRuns: 2000 },
    );
  });

  it('parseIPv6 accepts exactly what isIPv6 accepts (no zone ids)', () => {
    const text = fc.oneof(
      v6Value.map(formatIPv6),
      fc.stringMatching(/^[0-9a-fA-F:]{0,20}$/),
      fc.stringMatching(/^[0-9a-f:]{0,12}(?:[0-9]{1,3}\.){3}[0-9]{1,3}$/),
    );
    fc.assert(
      fc.property(text, (t) => {
        expect(parseIPv6(t) !== null).toBe(isIP(t) === 6);
      }),
      { numRuns: 3000 },
    );
  });

  it('formatIPv6 round-trips and matches the WHATWG serialization', () => {
    fc.assert(
      fc.property(v6Value, (v) => {
        const text = formatIPv6(v);
        expect(parseIPv6(text)).toBe(v);
        expect(new URL(`http://[${text}]/`).hostname).toBe(`[${text}]`);
      }),
      { numRuns: 2000 },
    );
  });
});
