import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRemoteAddressServer } from '../remote-address-server.js';
import type { Customer } from './engine.js';
import { defaultOptions, parseSimulateOptions } from './options.js';
import { provideProjects } from './project-setup.js';
import { SendBudget } from './send-budget.js';
import { simulate } from './simulation.js';

const ADDRESSES = ['127.0.1.1', '127.0.1.2', '127.0.1.3'];

describe('load:simulate --source-addresses', () => {
  it('parses into the addresses; refused with --record and with merge, naming the fix', () => {
    expect(parseSimulateOptions(['--source-addresses', '127.0.1.1-127.0.1.3']).sourceAddresses).toEqual(ADDRESSES);
    expect(parseSimulateOptions([]).sourceAddresses).toBeUndefined();
    expect(() => parseSimulateOptions(['--source-addresses', '127.0.1.1-127.0.1.3', '--record', 'x.jsonl'])).toThrow(/--source-addresses with --record: the recording proxy forwards every request from its own address.*Fix: leave out one of them/);
    expect(() => parseSimulateOptions(['merge', '--source-addresses', '127.0.1.1', 'a/result.json'])).toThrow(/merge sends nothing. Fix: give --source-addresses to each shard's run/);
    expect(() => parseSimulateOptions(['--source-addresses', '127.0.1.1,,'])).toThrow(/--source-addresses '127.0.1.1,,': an empty entry/);
  });
});

describe.runIf(process.platform === 'linux')('load:simulate --source-addresses on loopback: the target sees each customer from its address', () => {
  let server: Awaited<ReturnType<typeof startRemoteAddressServer>>;
  beforeAll(async () => {
    server = await startRemoteAddressServer();
  });
  afterAll(() => server.close());
  const fromAddresses = (token: string) => [...new Set(server.seen.filter((s) => s.authorization === `Bearer ${token}`).map((s) => s.address))];

  it('customer i (flooders after the paced ones) sends only from address i mod n', { timeout: 15_000 }, async () => {
    server.seen.length = 0;
    const customers: Customer[] = Array.from({ length: 5 }, (_, i) => ({ token: `customer-${i}`, readKey: 'abcdefghi', writeKey: 'abcdefghi' }));
    const flooders: Customer[] = [{ token: 'flooder-0' }];
    const knobs = { ...defaultOptions(), durationSeconds: 1.5, rate: 0, busyShare: 1, floodRate: 50, floodPhaseSeconds: 0.5, warmUpSeconds: 0, connections: 2, floodConnections: 2, seed: 7, sourceAddresses: ADDRESSES };
    const result = await simulate({ baseUrl: server.baseUrl, kind: 'bare', customers, flooders, populationFlooders: 1 }, knobs, () => {});
    expect(customers.map((c) => fromAddresses(c.token))).toEqual([['127.0.1.1'], ['127.0.1.2'], ['127.0.1.3'], ['127.0.1.1'], ['127.0.1.2']]);
    // The flooder is engine client 5: address 5 mod 3.
    expect(fromAddresses('flooder-0')).toEqual(['127.0.1.3']);
    expect(new Set(server.seen.map((s) => s.address))).toEqual(new Set(ADDRESSES));
    expect(result.stats.endpoints.flood.sent).toBeGreaterThan(0);
    expect(result.runs[0]?.sourceAddresses).toBe(3);
    expect(result.stats.errorExamples.filter((e) => e.includes('no answer'))).toEqual([]);
  });

  it("a customer's project setup leaves from its address too", async () => {
    server.seen.length = 0;
    const customers: Customer[] = Array.from({ length: 4 }, (_, i) => ({ token: `setup-${i}` }));
    const sent = await provideProjects({ baseUrl: server.baseUrl, sourceAddresses: ADDRESSES, customers, budget: new SendBudget(4, 50), readOnly: false, postalCode: '10178', runId: 'test', log: () => {} });
    expect(sent.map((x) => x.status)).toEqual([201, 201, 201, 201]);
    expect(customers.map((c) => fromAddresses(c.token))).toEqual([['127.0.1.1'], ['127.0.1.2'], ['127.0.1.3'], ['127.0.1.1']]);
  });
});
