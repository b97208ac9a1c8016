import { describe, expect, it } from 'vitest';
import { manualClock } from '../src/clock.js';
import type { RunningServer } from '../src/start.js';
import { get, openRaw, waitFor, type RawConnection } from './support/raw-connection.js';
import { withStartedServer } from './support/started-server.js';

/**
 * Abuse of connections over real sockets on loopback, with small injected limits: clients that
 * stop reading, the overall cap filled with connections that carry no customer, a flood of one
 * new connection per request. States and statuses are asserted, never how fast; every wait is
 * bounded at 20 times the configured limit or more.
 */

const STALL_MS = 300;
const BOUND_MS = 10_000;

/** The no-customer tarpit out of the way, so answers are produced as fast as the client could take them. */
const NO_TARPIT = { afterAnswers: 1_000_000, delayMs: 0, bytesPerDelay: 16 * 1024, quietMs: 0 };

const tokenOf = (server: RunningServer) => server.profile?.customers.primary.tokens[0] as string;

/** A customer's request on a connection of its own, answered and kept open (keep-alive). */
async function customerConnection(server: RunningServer, clock: ReturnType<typeof manualClock>, localAddress?: string): Promise<RawConnection> {
  // A second apart, so the customer limit (2 per second) answers 200 every time.
  clock.advance(1000);
  const connection = await openRaw(server, localAddress === undefined ? {} : { localAddress });
  connection.socket.write(get('/api/v2/reports', { authorization: `Bearer ${tokenOf(server)}` }));
  await waitFor(() => connection.statuses().length === 1 || connection.isClosed(), BOUND_MS, 'the customer is answered');
  return connection;
}

describe('clients that stop reading', () => {
  it('a connection pipelining requests for the API description and never reading is closed, and its slot is free again', async () => {
    const limits = { maxConnections: 1, maxConnectionsPerAddress: 0, evictWithoutCustomer: false, stalledSendTimeoutMs: STALL_MS, maxPipelinedRequests: 200 };
    await withStartedServer({ connectionLimits: limits, noCustomerTarpit: NO_TARPIT }, async (server) => {
      const stalled = await openRaw(server, { reading: false });
      let servedOnce = false;
      const tryOnce = async () => {
        const next = await openRaw(server);
        next.socket.write(get('/api/v2/health', { connection: 'close' }));
        await next.closed;
        servedOnce = next.statuses()[0] === 200;
        if (!servedOnce) setTimeout(() => void tryOnce(), 50);
      };
      // Far more than the kernel's buffers on both sides take.
      stalled.socket.write(get('/openapi.json').repeat(150));
      // The cap is 1 and nothing is evicted: a new connection is served only once the stalled one is gone.
      void tryOnce();
      await waitFor(() => servedOnce, BOUND_MS, 'the stalled connection left its slot');
      stalled.startReading();
      await waitFor(() => stalled.isClosed(), BOUND_MS, 'the stalled connection is closed');
      expect(stalled.statuses().length).toBeLessThan(150);
    });
  });

  it('a connection with more unanswered requests than the cap is closed before the burst is served', async () => {
    await withStartedServer({ connectionLimits: { maxPipelinedRequests: 16 } }, async (server) => {
      const pipelining = await openRaw(server);
      pipelining.socket.write(get('/api/v2/health').repeat(40));
      await waitFor(() => pipelining.isClosed(), BOUND_MS, 'the pipelining connection is closed');
      // Only the first of the burst was under way when the rest arrived with it.
      expect(pipelining.statuses().length).toBeLessThanOrEqual(1);
    });
  });

  it('pipelined requests within the caps are all answered, in order', async () => {
    await withStartedServer({ connectionLimits: { maxPipelinedRequests: 16, maxUnsentBytes: 64 * 1024 } }, async (server) => {
      const pipelining = await openRaw(server);
      pipelining.socket.write(get('/openapi.json').repeat(3) + get('/api/v2/health').repeat(11) + get('/api/v2/health', { connection: 'close' }));
      await pipelining.closed;
      expect(pipelining.statuses()).toEqual(Array.from({ length: 15 }, () => 200));
    });
  });
});

describe('the overall cap', () => {
  const limits = { maxConnections: 4, maxConnectionsPerAddress: 0 };

  it('makes room for a customer by closing connections without one: silent ones oldest first, then idle ones; 503 only when all carry customers', async () => {
    const clock = manualClock();
    await withStartedServer({ seed: 'demo', clock, connectionLimits: limits }, async (server) => {
      const publicIdle = await openRaw(server, { localAddress: '127.0.0.2' });
      publicIdle.socket.write(get('/api/v2/health'));
      await waitFor(() => publicIdle.statuses().length === 1, BOUND_MS, 'the public request is answered');
      const silentOld = await openRaw(server, { localAddress: '127.0.0.3' });
      const silentNew = await openRaw(server, { localAddress: '127.0.0.4' });
      const first = await customerConnection(server, clock, '127.0.0.5');
      expect(first.statuses()).toEqual([200]);

      const second = await customerConnection(server, clock);
      expect(second.statuses()).toEqual([200]);
      await waitFor(() => silentOld.isClosed(), BOUND_MS, 'the oldest silent connection is closed');
      expect(silentNew.isClosed()).toBe(false);
      expect(publicIdle.isClosed()).toBe(false);

      const third = await customerConnection(server, clock);
      expect(third.statuses()).toEqual([200]);
      await waitFor(() => silentNew.isClosed(), BOUND_MS, 'the other silent connection is closed');
      expect(publicIdle.isClosed()).toBe(false);

      const fourth = await customerConnection(server, clock);
      expect(fourth.statuses()).toEqual([200]);
      await waitFor(() => publicIdle.isClosed(), BOUND_MS, 'the idle connection without a customer is closed');

      // All four open connections have served a customer: nothing may give way.
      const refused = await openRaw(server, { localAddress: '127.0.0.6' });
      await refused.closed;
      expect(refused.statuses()).toEqual([503]);
      expect(refused.received()).toMatch(/"type":"service_unavailable"/);
      for (const held of [first, second, third, fourth]) expect(held.isClosed()).toBe(false);
      for (const held of [first, second, third, fourth]) held.socket.destroy();
    });
  });

  it('a customer gets in while the cap is held by connections that pipeline and never read', async () => {
    const clock = manualClock();
    await withStartedServer({ seed: 'demo', clock, connectionLimits: { ...limits, stalledSendTimeoutMs: 0, maxPipelinedRequests: 200 } }, async (server) => {
      const hoarders = await Promise.all(['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'].map((localAddress) => openRaw(server, { localAddress, reading: false })));
      for (const h of hoarders) h.socket.write(get('/openapi.json').repeat(150));
      const customer = await customerConnection(server, clock);
      expect(customer.statuses()).toEqual([200]);
      for (const h of hoarders) h.startReading();
      // One that gave way ends before its 150 answers; the others get them all.
      await waitFor(() => hoarders.some((h) => h.isClosed() && h.statuses().length < 150), BOUND_MS, 'a hoarding connection gave way');
      for (const h of hoarders) h.socket.destroy();
      customer.socket.destroy();
    });
  });
});

describe('answers without a customer, per address', () => {
  const tarpit = { afterAnswers: 1000, delayMs: 50, bytesPerDelay: 16 * 1024, quietMs: 1000, perAddress: { unitsPerSecond: 2, burstUnits: 20, maxDelayMs: 2000 } };

  /** One request on a new connection from `localAddress`, closed after the answer. */
  async function once(server: RunningServer, localAddress: string): Promise<number[]> {
    const connection = await openRaw(server, { localAddress });
    connection.socket.write(get('/api/v2/health', { connection: 'close' }));
    await connection.closed;
    return connection.statuses();
  }

  it('a new connection for every request meets the delay once the address has spent its budget; another address does not, and the status never changes', async () => {
    await withStartedServer({ noCustomerTarpit: tarpit }, async (server) => {
      const started = performance.now();
      const statuses: number[] = [];
      for (let i = 0; i < 24; i++) statuses.push(...(await once(server, '127.0.0.7')));
      expect(statuses).toEqual(Array.from({ length: 24 }, () => 200));
      // 4 answers beyond the burst at 2 a second.
      expect(performance.now() - started).toBeGreaterThanOrEqual(1500);

      // The flooding address's next answer waits half a second, a margin no busy machine's jitter closes.

      const order: string[] = [];
      await Promise.all([once(server, '127.0.0.7').then(() => order.push('flooding address')), once(server, '127.0.0.8').then(() => order.push('other address'))]);
      expect(order).toEqual(['other address', 'flooding address']);
    });
  });
});
