import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHostLiteral } from './host-literal.js';
import { formatIPv4, isPublicUnicast } from './ip-policy.js';

/** Raw host -> the address it means. Every one of them must end up refused by the policy. */
const BLOCKED_NOTATIONS: [string, string][] = [
  ['127.0.0.1', '127.0.0.1'],
  ['127.1', '127.0.0.1'],
  ['127.0.1', '127.0.0.1'],
  ['10.1.2', '10.1.0.2'],
  ['0x7f.1', '127.0.0.1'],
  ['0X7F.0.0.1', '127.0.0.1'],
  ['0x7f000001', '127.0.0.1'],
  ['0x7f.0x0.0x0.0x1', '127.0.0.1'],
  ['0177.0.0.1', '127.0.0.1'],
  ['0177.1', '127.0.0.1'],
  ['017700000001', '127.0.0.1'],
  ['2130706433', '127.0.0.1'],
  ['0x7f.0.1', '127.0.0.1'],
  ['0177.0x0.1', '127.0.0.1'],
  ['127.0.0.1.', '127.0.0.1'],
  ['0', '0.0.0.0'],
  ['0x', '0.0.0.0'],
  ['0.0.0.0', '0.0.0.0'],
  ['167772161', '10.0.0.1'],
  ['0xa9fea9fe', '169.254.169.254'],
  ['169.254.43518', '169.254.169.254'],
  ['0251.0376.0251.0376', '169.254.169.254'],
  ['192.168.257', '192.168.1.1'],
  ['0xc0a80101', '192.168.1.1'],
  ['100.64.1', '100.64.0.1'],
  ['4294967295', '255.255.255.255'],
  ['[::1]', '::1'],
  ['[0:0:0:0:0:0:0:1]', '::1'],
  ['[::]', '::'],
  ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
  ['[::ffff:7f00:1]', '::ffff:7f00:1'],
  ['[::FFFF:7F00:0001]', '::ffff:7f00:1'],
  ['[::127.0.0.1]', '::7f00:1'],
  ['[64:ff9b::127.0.0.1]', '64:ff9b::7f00:1'],
  ['[fe80::1]', 'fe80::1'],
  ['[fd00::1]', 'fd00::1'],
  ['[2002:7f00:1::]', '2002:7f00:1::'],
  ['[2001::1]', '2001::1'],
  ['::1', '::1'],
];

describe('host-literal: every notation of a blocked address is recognized and refused', () => {
  it.each(BLOCKED_NOTATIONS)('%s means %s', (host, address) => {
    const literal = parseHostLiteral(host);
    expect(literal).toEqual({ kind: address.includes(':') ? 'ipv6' : 'ipv4', address });
    expect(isPublicUnicast(address)).toBe(false);
  });

  it.each(BLOCKED_NOTATIONS.filter(([host]) => !(host.includes(':') && !host.startsWith('['))))(
    'WHATWG URL normalizes %s to the same address, and re-parsing the normalized host agrees',
    (host, address) => {
      const hostname = new URL(`http://${host}/`).hostname;
      expect(hostname).toBe(address.includes(':') ? `[${address}]` : address);
      expect(parseHostLiteral(hostname)).toEqual(parseHostLiteral(host));
    },
  );
});

describe('host-literal: public literals pass through normalized', () => {
  it.each([
    ['8.8.8.8', '8.8.8.8'],
    ['0x8080808', '8.8.8.8'],
    ['134744072', '8.8.8.8'],
    ['010.010.010.010', '8.8.8.8'],
    ['1.1', '1.0.0.1'],
    ['[2606:4700::1111]', '2606:4700::1111'],
    ['[2606:4700:0:0:0:0:0:1111]', '2606:4700::1111'],
  ])('%s -> %s', (host, address) => {
    const literal = parseHostLiteral(host);
    expect(literal).toMatchObject({ address });
    expect(isPublicUnicast(address)).toBe(true);
  });
});

describe('host-literal: malformed literals and zone ids are refused, never resolved as names', () => {
  it.each([
    '[fe80::1%eth0]',
    '[fe80::1%25eth0]',
    'fe80::1%eth0',
    '[::1',
    '::1]',
    '[::1::2]',
    '[127.0.0.1]',
    '[]',
    '1.2.3.4.5',
    '256.1.1.1',
    '1.256.1.1',
    '1.2.65536',
    '0x100000000',
    '4294967296',
    '09.1',
    '0x7g.1',
    'foo.0x7f.1',
    'a.1',
    '..1',
    '',
  ])('%j', (host) => {
    expect(parseHostLiteral(host).kind).toBe('invalid');
  });

  it('WHATWG rejects the same malformed hosts (so no URL carries them)', () => {
    for (const host of ['[fe80::1%25eth0]', '1.2.3.4.5', '256.1.1.1', '0x100000000', '09.1', '0x7g.1', 'foo.0x7f.1']) {
      expect(() => new URL(`http://${host}/`), host).toThrow();
    }
  });
});

describe('host-literal: names stay names', () => {
  it.each(['example.com', 'localhost', '127.0.0.1.nip.io', '1.2.3.4.example', 'x1', '0x7f.example', '1e1', '.'])('%s', (host) => {
    expect(parseHostLiteral(host)).toEqual({ kind: 'name' });
  });
});

describe('host-literal: agrees with the WHATWG IPv4 parser on generated notations', () => {
  const notation = (value: number) =>
    fc.constantFrom('dec', 'hex', 'oct').map((radix) => (radix === 'hex' ? `0x${value.toString(16)}` : radix === 'oct' ? `0${value.toString(8)}` : String(value)));

  const literal = fc.tuple(fc.nat(0xffffffff), fc.integer({ min: 1, max: 4 })).chain(([value, count]) => {
    const bytes = [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
    const lead = bytes.slice(0, count - 1);
    const last = bytes.slice(count - 1).reduce((acc, b) => acc * 256 + b, 0);
    return fc.tuple(...[...lead, last].map(notation)).map((parts) => ({ value, host: parts.join('.') }));
  });

  it('any split of a 32-bit value into 1..4 parts in any radix yields the same address', () => {
    fc.assert(
      fc.property(literal, ({ value, host }) => {
        const expected = formatIPv4(BigInt(value));
        expect(parseHostLiteral(host)).toEqual({ kind: 'ipv4', address: expected });
        expect(new URL(`http://${host}/`).hostname).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
