import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startLatencyProxy, type LatencyProxy } from './latency-proxy.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(() => new Promise<void>((done) => server.close(() => done())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function proxyTo(target: string, delayMs: number, jitterMs: number, random?: () => number): Promise<LatencyProxy> {
  const proxy = await startLatencyProxy({ target, delayMs, jitterMs, ...(random ? { random } : {}) });
  closers.push(() => proxy.close());
  return proxy;
}

function dial(origin: string): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port: Number(new URL(origin).port), noDelay: true });
  closers.push(async () => void socket.destroy());
  return once(socket, 'connect').then(() => socket);
}

describe('latency proxy', () => {
  it('holds each leg for its delay: the server receives no earlier than the delay after sending, the reply no earlier than two delays', async () => {
    const arrivals: number[] = [];
    const upstream = createServer((socket) => {
      socket.on('data', (chunk) => {
        arrivals.push(performance.now());
        socket.write(chunk);
      });
    });
    const proxy = await proxyTo(await listen(upstream), 60, 0);
    const socket = await dial(proxy.origin);
    const rounds: { sent: number; arrived: number; replied: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const sent = performance.now();
      socket.write(`ping ${i}`);
      await once(socket, 'data');
      rounds.push({ sent, arrived: arrivals[i] as number, replied: performance.now() });
    }
    for (const { sent, arrived, replied } of rounds) {
      expect(arrived - sent).toBeGreaterThanOrEqual(60);
      expect(replied - sent).toBeGreaterThanOrEqual(120);
    }
    // Not held far beyond its delay either (a busy machine adds scheduling time, not seconds).
    const median = rounds.map((r) => r.replied - r.sent).sort((a, b) => a - b)[2] as number;
    expect(median).toBeLessThan(120 + 150);
    const stats = proxy.stats();
    expect(stats).toMatchObject({ connections: 1, chunks: 10 });
    // The drawn delay is computed in floating point (60.00000000000003 is 60).
    expect(stats.minMs).toBeCloseTo(60, 6);
    expect(stats.maxMs).toBeCloseTo(60, 6);
  });

  it('draws each delay from delay ± jitter', async () => {
    const upstream = createServer((socket) => socket.on('data', (chunk) => socket.write(chunk)));
    const draws = [0, 0.999, 0.5];
    const proxy = await proxyTo(await listen(upstream), 40, 30, () => draws.shift() ?? 0.5);
    const socket = await dial(proxy.origin);
    const sent = performance.now();
    socket.write('x');
    await once(socket, 'data');
    // Request leg 10 ms (random 0), answer leg 69.97 ms (random 0.999).
    expect(performance.now() - sent).toBeGreaterThanOrEqual(10 + 69.97);
    const stats = proxy.stats();
    expect(stats.minMs).toBeCloseTo(10, 1);
    expect(stats.maxMs).toBeCloseTo(69.97, 1);
  });

  it('keeps the byte order of a connection when a later chunk draws a shorter delay', async () => {
    const received: Buffer[] = [];
    const upstream = createServer((socket) => socket.on('data', (chunk) => received.push(chunk)));
    // Falling delays: each chunk would overtake its predecessor if delays were applied per chunk alone.
    let draw = 1;
    const proxy = await proxyTo(await listen(upstream), 40, 30, () => (draw = Math.max(0, draw - 0.02)));
    const socket = await dial(proxy.origin);
    const sent: string[] = [];
    for (let i = 0; i < 40; i++) {
      const piece = `<${i}>`;
      sent.push(piece);
      socket.write(piece);
      // Separate turns, so the proxy reads separate chunks and draws a delay for each.
      await new Promise((done) => setTimeout(done, 2));
    }
    socket.end();
    while (Buffer.concat(received).length < sent.join('').length) await nextTurn();
    expect(proxy.stats().chunks).toBeGreaterThan(10);
    expect(Buffer.concat(received).toString()).toBe(sent.join(''));
  });

  it('passes HTTP intact and delivers an orderly close after the data', async () => {
    const body = 'ä'.repeat(200_000);
    const upstream = createHttpServer((req, res) => {
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end(req.url === '/close' ? 'bye' : body);
    });
    upstream.keepAliveTimeout = 60_000;
    const proxy = await proxyTo(await listen(upstream), 20, 10);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${proxy.origin}/big`);
      expect(await res.text()).toBe(body);
    }

    const raw = await dial(proxy.origin);
    let answer = '';
    raw.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    raw.write('GET /close HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await once(raw, 'end');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nbye$/);
  });

  it('refuses a jitter larger than the delay (delays cannot be negative)', async () => {
    await expect(startLatencyProxy({ target: 'http://127.0.0.1:1', delayMs: 10, jitterMs: 20 })).rejects.toThrow(/jitter must lie between 0 and the delay/);
  });
});
