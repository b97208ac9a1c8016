import { connect } from 'node:net';
import { Client } from 'undici';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../src/clock.js';
import { useStartedServer, withStartedServer } from './support/started-server.js';

/**
 * The tarpit for answers that need no customer (no-customer-tarpit.ts), over real connections:
 * delays well above the immediate answers' bound, so a busy machine cannot blur the two.
 */

const TARPIT = { afterAnswers: 3, delayMs: 400, bytesPerDelay: 16 * 1024, quietMs: 1000 };
const AT_ONCE_MS = 200;

const clock = manualClock();
const demo = useStartedServer({ clock, noCustomerTarpit: TARPIT });

/** Times one request on the given connection. */
async function timed(client: Client, method: 'GET' | 'OPTIONS', path: string, bearer?: string) {
  const started = performance.now();
  const res = await client.request({ path: `/api/v2${path}`, method, headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` } });
  const body = await res.body.text();
  return { status: res.statusCode, ms: performance.now() - started, body };
}

async function withConnection(run: (client: Client) => Promise<void>): Promise<void> {
  const client = new Client(demo.server.origin, { pipelining: 1 });
  try {
    await run(client);
  } finally {
    await client.close();
  }
}

describe('the no-customer tarpit', () => {
  it('delays a connection that keeps asking public endpoints and invalid tokens, not a short burst or another connection', async () => {
    await withConnection(async (flooding) => {
      const seen = [
        await timed(flooding, 'GET', '/health'),
        await timed(flooding, 'OPTIONS', '/reports'),
        await timed(flooding, 'GET', '/reports', 'ungueltig'),
        await timed(flooding, 'GET', '/health'),
        await timed(flooding, 'GET', '/reports', 'ungueltig'),
        await timed(flooding, 'OPTIONS', '/reports'),
      ];
      expect(seen.map((r) => r.status)).toEqual([200, 204, 401, 200, 401, 204]);
      for (const r of seen.slice(0, 3)) expect(r.ms).toBeLessThan(AT_ONCE_MS);
      for (const r of seen.slice(3)) expect(r.ms).toBeGreaterThanOrEqual(TARPIT.delayMs - 10);
      expect(JSON.parse(seen[3]?.body ?? '')).toMatchObject({ status: 'ok' });
      await withConnection(async (other) => {
        expect((await timed(other, 'GET', '/health')).ms).toBeLessThan(AT_ONCE_MS);
      });
    });
  });

  it('pipelined requests wait in turn: sending them at once gains nothing', async () => {
    const { hostname, port } = new URL(demo.server.origin);
    const started = performance.now();
    const statuses = await new Promise<string[]>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write('GET /api/v2/health HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(5) + 'GET /api/v2/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('error', reject);
      socket.on('close', () => resolve(text.match(/HTTP\/1\.1 \d{3}/g) ?? []));
    });
    expect(statuses).toEqual(Array.from({ length: 6 }, () => 'HTTP/1.1 200'));
    // The 4th, 5th and 6th wait one, two and three delays from their common arrival.
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * TARPIT.delayMs - 10);
  });

  it('a served customer request or a quiet pause on the connection starts the count afresh', async () => {
    await withConnection(async (client) => {
      for (let i = 0; i < TARPIT.afterAnswers; i++) await timed(client, 'GET', '/health');
      expect((await timed(client, 'GET', '/reports', demo.token)).status).toBe(200);
      const afterCustomer = await timed(client, 'GET', '/health');
      expect(afterCustomer.ms).toBeLessThan(AT_ONCE_MS);

      for (let i = 1; i < TARPIT.afterAnswers; i++) await timed(client, 'GET', '/health');
      clock.advance(TARPIT.quietMs);
      expect((await timed(client, 'GET', '/health')).ms).toBeLessThan(AT_ONCE_MS);
    });
  });
});

describe('the no-customer tarpit for large answers', () => {
  it('weighs an answer by its size, in the count and in the delay: a flood of /openapi.json is bounded in bytes', async () => {
    // One answer of the API description already weighs more than the count allows.
    const tarpit = { afterAnswers: 4, delayMs: 100, bytesPerDelay: 16 * 1024, quietMs: 60_000 };
    await withStartedServer({ noCustomerTarpit: tarpit }, async (large) => {
      const client = new Client(large.origin, { pipelining: 1 });
      try {
        const description = await client.request({ path: '/openapi.json', method: 'GET' });
        const bytes = (await description.body.arrayBuffer()).byteLength;
        expect(bytes).toBeGreaterThan(4 * tarpit.bytesPerDelay);
        const started = performance.now();
        const next = await client.request({ path: '/api/v2/health', method: 'GET' });
        await next.body.text();
        expect(performance.now() - started).toBeGreaterThanOrEqual(tarpit.delayMs * Math.ceil(bytes / tarpit.bytesPerDelay) - 10);
      } finally {
        await client.close();
      }
    });
  });
});
