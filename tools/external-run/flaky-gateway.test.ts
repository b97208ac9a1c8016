import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startFlakyGateway } from './flaky-gateway.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** An upstream that answers every request with what it received, and counts them. */
async function echoUpstream(): Promise<{ origin: string; received: () => number }> {
  let received = 0;
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received++;
      res.writeHead(201, { 'content-type': 'application/json', 'x-echo-method': req.method ?? '' });
      res.end(JSON.stringify({ path: req.url, body: Buffer.concat(chunks).toString('utf8'), authorization: req.headers.authorization ?? null }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(() => new Promise<void>((done) => server.close(() => done())));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received: () => received };
}

/** Draws from `values` in turn: the gateway's choices made known to the test. */
function sequence(values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length] as number;
}

describe('flaky gateway', () => {
  it('passes requests and answers unchanged: method, path, query, headers, body and status', async () => {
    const upstream = await echoUpstream();
    const gateway = await startFlakyGateway({ target: upstream.origin, errorRate: 0 });
    closers.push(() => gateway.close());
    const res = await request(`${gateway.origin}/api/v2/reports?page=2`, { method: 'PATCH', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{"a":"ä"}' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-echo-method']).toBe('PATCH');
    expect(await res.body.json()).toEqual({ path: '/api/v2/reports?page=2', body: '{"a":"ä"}', authorization: 'Bearer t' });
    expect(gateway.stats()).toEqual({ requests: 1, notForwarded: 0, answerReplaced: 0 });
  });

  it('answers 502 to the requests it picks: one never reaches the upstream, the other reaches it and its answer is replaced', async () => {
    const upstream = await echoUpstream();
    // Each request draws whether it fails, and a failing one whether it is forwarded (below 0.5: not).
    const gateway = await startFlakyGateway({ target: upstream.origin, errorRate: 0.5, random: sequence([0.1, 0.2, 0.1, 0.9, 0.9]) });
    closers.push(() => gateway.close());
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await request(`${gateway.origin}/api/v2/reports`, { method: 'POST', body: 'x'.repeat(70_000) });
      statuses.push(res.statusCode);
      await res.body.text();
    }
    expect(statuses).toEqual([502, 502, 201]);
    expect(upstream.received()).toBe(2);
    expect(gateway.stats()).toEqual({ requests: 3, notForwarded: 1, answerReplaced: 1 });
  });

  it('refuses an error rate outside [0, 1)', async () => {
    await expect(startFlakyGateway({ target: 'http://127.0.0.1:1', errorRate: 1 })).rejects.toThrow(RangeError);
  });
});
