import { createServer, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../cli/command-line/usage.js';
import { addressOf, assertBindable, assertReachable, MAX_SOURCE_ADDRESSES, parseSourceAddresses, spreadLine } from './source-addresses.js';

const linux = process.platform === 'linux';

/** A documentation address (RFC 5737) that no interface of this machine holds. */
function unheldAddress(): string {
  const held = new Set(Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address)));
  return ['192.0.2.1', '198.51.100.1', '203.0.113.1'].find((a) => !held.has(a)) as string;
}

describe('--source-addresses SPEC', () => {
  it('takes an IPv4 range A-B (both ends), a comma list, and both mixed, in the order given', () => {
    expect(parseSourceAddresses('127.0.1.1-127.0.1.4')).toEqual(['127.0.1.1', '127.0.1.2', '127.0.1.3', '127.0.1.4']);
    expect(parseSourceAddresses('127.0.1.255-127.0.2.1')).toEqual(['127.0.1.255', '127.0.2.0', '127.0.2.1']);
    expect(parseSourceAddresses(' 127.0.2.1 , 127.0.1.1-127.0.1.2')).toEqual(['127.0.2.1', '127.0.1.1', '127.0.1.2']);
    expect(parseSourceAddresses('::1')).toEqual(['::1']);
    expect(parseSourceAddresses('127.0.1.7-127.0.1.7')).toEqual(['127.0.1.7']);
  });

  it('refuses what it cannot use, naming the flag, what is wrong and the fix', () => {
    expect(() => parseSourceAddresses('127.0.1.9-127.0.1.1')).toThrow("--source-addresses '127.0.1.9-127.0.1.1': the range '127.0.1.9-127.0.1.1' runs backwards. Fix: the lower address first: 127.0.1.1-127.0.1.9");
    expect(() => parseSourceAddresses('127.0.1.300')).toThrow(/'127.0.1.300' is not an IP address. Fix: IPv4 or IPv6 addresses and IPv4 ranges A-B/);
    expect(() => parseSourceAddresses('localhost')).toThrow(/'localhost' is not an IP address/);
    expect(() => parseSourceAddresses('127.0.1.1,,127.0.1.2')).toThrow(/an empty entry. Fix: addresses and ranges separated by single commas/);
    expect(() => parseSourceAddresses('::1-::3')).toThrow(/needs two IPv4 addresses. Fix: IPv4 ranges A-B only \(list IPv6 addresses with commas\)/);
    expect(() => parseSourceAddresses('127.0.1.1-127.0.1.3,127.0.1.2')).toThrow(/127.0.1.2 twice. Fix: every address once/);
    expect(() => parseSourceAddresses('127.0.0.1,::1')).toThrow(/IPv4 and IPv6 addresses mixed. Fix: addresses of one family/);
    expect(() => parseSourceAddresses('127.0.0.0-127.255.255.255')).toThrow(`more than ${MAX_SOURCE_ADDRESSES} addresses`);
    expect(() => parseSourceAddresses('x')).toThrow(UsageError);
  });

  it('gives client i the address i mod n, and says how the clients spread', () => {
    const addresses = parseSourceAddresses('127.0.1.1-127.0.1.3');
    expect([0, 1, 2, 3, 4, 5].map((i) => addressOf(addresses, i))).toEqual(['127.0.1.1', '127.0.1.2', '127.0.1.3', '127.0.1.1', '127.0.1.2', '127.0.1.3']);
    expect(spreadLine(addresses, 7, 'customer')).toBe('source addresses: 3 (127.0.1.1 ... 127.0.1.3); customer i leaves from address i mod 3: 2-3 customers per address');
    expect(spreadLine(addresses, 2, 'customer')).toMatch(/one customer each from the first 2, the other 1 unused \(more addresses than customers\)/);
  });
});

describe.runIf(linux)('--source-addresses before the load (Linux: all of 127.0.0.0/8 is local)', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('binds and connects from every address of a loopback range', async () => {
    const addresses = parseSourceAddresses('127.0.1.1-127.0.1.8');
    await assertBindable(addresses);
    await assertReachable(addresses, `http://127.0.0.1:${port}/api/v2`);
  });

  it('refuses an address no interface holds, naming it and the fix', async () => {
    const unheld = unheldAddress();
    const refused = assertBindable(['127.0.1.1', unheld]);
    await expect(refused).rejects.toThrow(UsageError);
    await expect(refused).rejects.toThrow(`--source-addresses: cannot bind ${unheld}: EADDRNOTAVAIL. Fix: addresses of this machine's interfaces`);
  });

  it('refuses a loopback address that cannot reach the target', async () => {
    // 10.255.255.1: no loopback address routes there; Linux refuses the connect at once (EINVAL).
    await expect(assertReachable(['127.0.1.1'], 'http://10.255.255.1:9/api/v2', 2000)).rejects.toThrow(/cannot connect from 127.0.1.1: EINVAL \(from it to 10.255.255.1:9\). Fix: loopback addresses reach only a target on this machine/);
  });
});
