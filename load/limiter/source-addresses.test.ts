import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRemoteAddressServer } from '../remote-address-server.js';
import type { LoadTarget } from '../target.js';
import { parseLimiterOptions } from './options.js';
import { Recorder } from './recorder.js';
import { flood, recordingClient, type Traffic } from './traffic.js';

describe('load:limiter --source-addresses', () => {
  it('parses into the addresses, and refuses a wrong SPEC naming the flag', () => {
    expect(parseLimiterOptions(['--source-addresses', '127.0.1.1-127.0.1.3', '--seed', '1']).sourceAddresses).toEqual(['127.0.1.1', '127.0.1.2', '127.0.1.3']);
    expect(parseLimiterOptions(['--seed', '1']).sourceAddresses).toBeUndefined();
    expect(() => parseLimiterOptions(['--source-addresses', '127.0.1.3-127.0.1.1'])).toThrow(/--source-addresses '127.0.1.3-127.0.1.1': the range .* runs backwards/);
  });
});

describe.runIf(process.platform === 'linux')('load:limiter --source-addresses on loopback: the target sees every address', () => {
  let server: Awaited<ReturnType<typeof startRemoteAddressServer>>;
  let traffic: Traffic;
  beforeAll(async () => {
    server = await startRemoteAddressServer({ closeEvery: 5 });
    const target: LoadTarget = { baseUrl: server.baseUrl, customer: 'primary', tokens: ['t1', 't2'], kind: 'external', fault: undefined, close: async () => {} };
    traffic = { target, recorder: new Recorder(), paths: ['/api/v2/reports'], connections: 4, sourceAddresses: ['127.0.1.1', '127.0.1.2', '127.0.1.3'] };
  });
  afterAll(() => server.close());

  it("autocannon's connections leave from their addresses (connection c from address c mod n), reconnects too", { timeout: 10_000 }, async () => {
    server.seen.length = 0;
    const connect = net.connect;
    await flood(traffic, 1).done;
    expect(net.connect).toBe(connect);
    const count = (address: string) => server.seen.filter((s) => s.address === address).length;
    expect([...new Set(server.seen.map((s) => s.address))].sort()).toEqual(['127.0.1.1', '127.0.1.2', '127.0.1.3']);
    // Four connections over three addresses: the first carries two of them, the others one each.
    expect(count('127.0.1.2')).toBeGreaterThan(10);
    expect(count('127.0.1.3')).toBeGreaterThan(10);
    expect(count('127.0.1.1')).toBeGreaterThan(count('127.0.1.2'));
    // Every fifth answer closed its connection: the reconnects left from the same addresses.
    expect(server.seen.length).toBeGreaterThan(4 * 5);
  });

  it('the lone client and the edge probes leave from the addresses after the connections', async () => {
    server.seen.length = 0;
    const single = recordingClient(traffic, ['single'], 1);
    const probe = recordingClient(traffic, ['probe'], 2);
    try {
      expect((await single.send()).status).toBe(200);
      expect((await probe.send()).status).toBe(200);
    } finally {
      await Promise.all([single.close(), probe.close()]);
    }
    // Clients 4 and 5 after connections 0-3: addresses 4 mod 3 and 5 mod 3.
    const from = (token: string) => server.seen.filter((s) => s.authorization === `Bearer ${token}`).map((s) => s.address);
    expect([from('single'), from('probe')]).toEqual([['127.0.1.2'], ['127.0.1.3']]);
  });
});
