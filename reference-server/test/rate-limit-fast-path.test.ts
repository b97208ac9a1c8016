import express from 'express';
import fc from 'fast-check';
import { Client } from 'undici';
import { describe, expect, it } from 'vitest';
import { errors } from '../src/http/api-error.js';
import { errorMapper } from '../src/http/error-mapper.js';
import { createFixedWindowLimiter, INVALID_TOKEN_LIMIT } from '../src/rate-limit/fixed-window.js';
import { createSlidingWindowLimiter } from '../src/rate-limit/sliding-window.js';
import { listenOnLoopback, startTestServer } from './support/test-server.js';

async function answer(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  const body = Buffer.from(await res.arrayBuffer()).toString('utf8');
  return { status: res.status, contentType: res.headers.get('content-type'), length: res.headers.get('content-length'), retryAfter: res.headers.get('retry-after'), body };
}

describe('the direct 429 of the customer limiter', () => {
  it('is byte for byte what the error mapper makes of errors.rateLimited()', async () => {
    const viaMapper = express();
    viaMapper.get('/x', () => {
      throw errors.rateLimited();
    });
    viaMapper.use(errorMapper(() => {}));
    const mapperServer = await listenOnLoopback(viaMapper);
    const expected = await answer(`${mapperServer.url}/x`);
    await mapperServer.close();

    const s = await startTestServer({ limiter: createSlidingWindowLimiter() });
    const { token } = s.tokenFor({ name: 'a', license: 'annual' });
    await s.request('/reports', { token });
    await s.request('/reports', { token });
    const refused = await answer(`${s.url}/api/v2/reports`, { headers: { authorization: `Bearer ${token}` } });
    const head = await fetch(`${s.url}/api/v2/reports`, { method: 'HEAD', headers: { authorization: `Bearer ${token}` } });
    await s.close();

    expect(expected.status).toBe(429);
    expect(refused).toEqual(expected);
    expect(JSON.parse(refused.body)).toEqual({ status: 429, error: expect.any(String), details: { type: 'rate_limit', limit: 2, windowSeconds: 1, retryAfter: 1 } });
    expect(head.status).toBe(429);
    expect(await head.text()).toBe('');
  });
});

describe('the 429 of the invalid-token limit per address', () => {
  it("names that limit's values in the details, as the spec's 429 row does for the customer limit, and in Retry-After", async () => {
    const s = await startTestServer({ invalidTokenLimiter: createFixedWindowLimiter(1, INVALID_TOKEN_LIMIT.windowSeconds * 1000) });
    try {
      expect((await answer(`${s.url}/api/v2/reports`)).status).toBe(401);
      const refused = await answer(`${s.url}/api/v2/reports`, { headers: { authorization: 'Bearer ungueltig' } });
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBe(String(INVALID_TOKEN_LIMIT.windowSeconds));
      expect(JSON.parse(refused.body)).toEqual({
        status: 429,
        error: expect.any(String),
        details: { type: 'rate_limit', limit: INVALID_TOKEN_LIMIT.requests, windowSeconds: INVALID_TOKEN_LIMIT.windowSeconds, retryAfter: INVALID_TOKEN_LIMIT.windowSeconds },
      });
    } finally {
      await s.close();
    }
  });
});

describe('the refusal tarpit', () => {
  /** Times one request on the given connection. */
  async function timed(client: Client, token: string) {
    const started = performance.now();
    const res = await client.request({ path: '/api/v2/reports', method: 'GET', headers: { authorization: `Bearer ${token}` } });
    const body = await res.body.text();
    return { status: res.statusCode, ms: performance.now() - started, body };
  }

  it('delays the 429s of a connection that keeps sending through them, not those of a short burst or another connection', async () => {
    const s = await startTestServer({ limiter: createSlidingWindowLimiter(), refusalTarpit: { afterRefusals: 3, delayMs: 400 } });
    const { token } = s.tokenFor({ name: 'flooder', license: 'annual' });
    const hammering = new Client(s.url, { pipelining: 1 });
    const other = new Client(s.url, { pipelining: 1 });
    try {
      const seen = [];
      for (let i = 0; i < 6; i++) seen.push(await timed(hammering, token));
      const fresh = await timed(other, token);

      expect(seen.map((r) => r.status)).toEqual([200, 200, 429, 429, 429, 429]);
      // Refusals 1 and 2 of the connection come at once, from the 3rd on each waits.
      for (const r of seen.slice(2, 4)) expect(r.ms).toBeLessThan(200);
      for (const r of seen.slice(4)) expect(r.ms).toBeGreaterThanOrEqual(390);
      expect(new Set(seen.slice(2).map((r) => r.body)).size).toBe(1);
      expect(fresh).toMatchObject({ status: 429 });
      expect(fresh.ms).toBeLessThan(200);

      // An admission on the connection starts its count afresh.
      s.clock.advance(1000);
      expect((await timed(hammering, token)).status).toBe(200);
      expect((await timed(hammering, token)).status).toBe(200);
      const afterAdmission = await timed(hammering, token);
      expect(afterAdmission.status).toBe(429);
      expect(afterAdmission.ms).toBeLessThan(200);
    } finally {
      await hammering.close();
      await other.close();
      await s.close();
    }
  });
});

describe('sliding-window limiter memory', () => {
  it('holds only customers touched in the last two windows, without a sweep', () => {
    const limiter = createSlidingWindowLimiter();
    for (let i = 0; i < 1000; i++) limiter.tryAdmit(i, i / 2); // 1000 customers within half a second
    expect(limiter.size()).toBe(1000);
    limiter.tryAdmit('a', 1200); // new generation: the 1000 are kept one more window
    expect(limiter.size()).toBe(1001);
    limiter.tryAdmit('a', 2300); // their last admission is over a window old: dropped
    expect(limiter.size()).toBe(1);
  });

  it('keeps a customer that stays active across generations, with its window intact', () => {
    const limiter = createSlidingWindowLimiter();
    const seen = [0, 0, 999, 1000, 1000, 2001, 2500, 2999.5, 3001].map((t) => limiter.tryAdmit('c', t));
    expect(seen).toEqual([true, true, false, true, true, true, true, false, true]);
  });

  it('property: with many customers and generations dropping idle ones, every decision is the exact sliding log', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 1500 })), { minLength: 1, maxLength: 200 }), (events) => {
        const limiter = createSlidingWindowLimiter();
        const admitted = new Map<number, number[]>();
        let t = 0;
        for (const [customer, gap] of events) {
          t += gap;
          const mine = admitted.get(customer) ?? [];
          const ok = limiter.tryAdmit(customer, t);
          expect(ok).toBe(mine.filter((a) => t - a < 1000).length < 2);
          if (ok) admitted.set(customer, [...mine, t]);
          expect(limiter.size()).toBeLessThanOrEqual(6);
        }
      }),
    );
  });
});
