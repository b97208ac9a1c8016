import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/start.js';
import { useStartedServer, withStartedServer } from './support/started-server.js';

/**
 * The HTTP server around the app (guarded-server.ts), over real sockets on loopback: parser errors
 * and timeouts answered with the spec's envelope, slow clients cut off in time while others are
 * served, a cap of connections per address. Timeouts are short here so the tests stay fast; the
 * bounds are generous multiples of them, yet far below Node's defaults (about 78 s and 313 s).
 */

const HEADERS_TIMEOUT_MS = 300;
const REQUEST_TIMEOUT_MS = 600;
/** Timeout plus Node's checking interval plus a wide margin for a busy 2-core machine. */
const IN_TIME_MS = 5000;

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** performance.now() when the first byte of the answer arrived. */
  receivedAt: number;
  /** The server closed the connection after the answer. */
  closed: boolean;
  /** performance.now() when the connection closed. */
  closedAt?: number;
}

function origin(server: RunningServer): { host: string; port: number } {
  const url = new URL(server.origin);
  return { host: url.hostname, port: Number(url.port) };
}

/** Opens a connection (from `localAddress`, when given); `answer` resolves when the server has closed it, with what it sent. */
function open(server: RunningServer, localAddress?: string): Promise<{ socket: Socket; answer: Promise<RawAnswer>; openedAt: number }> {
  const { host, port } = origin(server);
  return new Promise((resolveOpen, reject) => {
    const socket = connect({ port, host, ...(localAddress === undefined ? {} : { localAddress }) });
    const chunks: Buffer[] = [];
    let receivedAt = Number.NaN;
    const answer = new Promise<RawAnswer>((resolve) => {
      socket.on('data', (chunk: Buffer) => {
        if (chunks.length === 0) receivedAt = performance.now();
        chunks.push(chunk);
      });
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n', 2);
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]), headers, body, receivedAt, closed: true, closedAt: performance.now() });
      });
    });
    socket.on('error', () => {});
    socket.once('connect', () => resolveOpen({ socket, answer, openedAt: performance.now() }));
    socket.once('error', reject);
  });
}

/** Sends `text` one piece at a time until the connection closes (a slow client). */
function trickle(socket: Socket, pieces: string[], everyMs: number): void {
  const timer = setInterval(() => {
    const piece = pieces.shift();
    if (piece === undefined || socket.destroyed) clearInterval(timer);
    else socket.write(piece);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

function expectEnvelope(answer: RawAnswer, status: number, type = 'validation'): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['connection']).toBe('close');
  expect(JSON.parse(answer.body)).toMatchObject({ status, error: expect.any(String) as unknown, details: { type } });
  expect(answer.closed).toBe(true);
}

const demo = useStartedServer({ connectionLimits: { headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS, maxConnectionsPerAddress: 0 } });

/** A request of another client, timed from send to answer. */
async function otherClientMs(): Promise<number> {
  const sent = performance.now();
  const res = await fetch(`${demo.server.baseUrl}/health`, { headers: { connection: 'close' } });
  expect(res.status).toBe(200);
  await res.text();
  return performance.now() - sent;
}

describe('errors of the HTTP parser carry the envelope', () => {
  it('headers above the parser limit: 431 with the envelope, connection closed', async () => {
    const { socket, answer } = await open(demo.server);
    socket.write(`GET /api/v2/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectEnvelope(await answer, 431);
  });

  it.each([
    ['a request line that is no HTTP', 'GARBAGE\r\n\r\n'],
    ['a header line without a colon', 'GET /api/v2/health HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n'],
    ['a bad Content-Length', 'POST /api/v2/reports HTTP/1.1\r\nHost: x\r\nContent-Length: zwei\r\n\r\n'],
    ['a request line without an HTTP version (HTTP/0.9 style)', 'GET /api/v2/health\r\n\r\n'],
    ['a request line naming HTTP/0.9', 'GET /api/v2/health HTTP/0.9\r\n\r\n'],
  ])('%s: 400 with the envelope, connection closed', async (_what, request) => {
    const { socket, answer } = await open(demo.server);
    socket.write(request);
    expectEnvelope(await answer, 400);
  });

  it('CONNECT: 405 with the envelope and an Allow header, connection closed', async () => {
    const { socket, answer } = await open(demo.server);
    socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    const result = await answer;
    expectEnvelope(result, 405);
    expect(result.headers['allow']).toMatch(/^GET, /);
  });
});

describe('slow clients', () => {
  it('a client sending its headers a byte at a time gets 408 in time, and others are served meanwhile', async () => {
    const { socket, answer } = await open(demo.server);
    const started = performance.now();
    socket.write('GET /api/v2/health HTTP/1.1\r\nHost: x\r\n');
    // 12 s of trickling: far beyond the bound below, so only the timeout can end it in time.
    trickle(socket, [...`X-Slow: ${'a'.repeat(240)}`], 50);
    const othersMs = await otherClientMs();
    const result = await answer;
    expectEnvelope(result, 408);
    expect(result.receivedAt - started).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(result.receivedAt - started).toBeLessThan(IN_TIME_MS);
    expect(othersMs).toBeLessThan(IN_TIME_MS);
  });

  it('a client sending its body a byte at a time gets 408 in time, and others are served meanwhile', async () => {
    const { socket, answer } = await open(demo.server);
    // Padded to 12 s of trickling, so only the timeout can end it within the bound.
    const body = JSON.stringify({ projectData: { projektName: 'langsam' } }).padEnd(240, ' ');
    const started = performance.now();
    socket.write(
      `POST /api/v2/reports/with-data HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${demo.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    trickle(socket, [...body], 50);
    const othersMs = await otherClientMs();
    const result = await answer;
    expectEnvelope(result, 408);
    expect(result.receivedAt - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(result.receivedAt - started).toBeLessThan(IN_TIME_MS);
    expect(othersMs).toBeLessThan(IN_TIME_MS);
    // The project of the cut-off request was not created: the server still answers normally.
    expect((await fetch(`${demo.server.baseUrl}/reports`, { headers: { authorization: `Bearer ${demo.token}` } })).status).toBe(200);
  });
});

describe('connections per address', () => {
  it('beyond the cap a connection is closed at once; after one ends, the next is served', async () => {
    await withStartedServer({ connectionLimits: { maxConnectionsPerAddress: 3 } }, async (capped) => {
      const held = await Promise.all([open(capped), open(capped), open(capped)]);
      const refused = await open(capped);
      const answer = await refused.answer;
      expect(answer.closed).toBe(true);
      expect(Number.isNaN(answer.receivedAt)).toBe(true);
      held[0]?.socket.destroy();
      await held[0]?.answer;
      const res = await fetch(`${capped.baseUrl}/health`);
      expect(res.status).toBe(200);
      for (const { socket } of held) socket.destroy();
    });
  });

  it('the default cap leaves room for 200 parallel connections from one address (the load script)', async () => {
    await withStartedServer({}, async (roomy) => {
      const held = await Promise.all(Array.from({ length: 200 }, () => open(roomy)));
      for (const { socket } of held) socket.write('GET /api/v2/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      const answers = await Promise.all(held.map(({ answer }) => answer));
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 200 }, () => 200));
    });
  });
});

describe('silent connections', () => {
  const SILENT_MS = 300;

  it('1000 connections that send nothing, from four loopback addresses, are closed within the bound while others are served', async () => {
    // Longer than opening the 1000 takes, so the other client is served while they are held.
    const boundMs = 2000;
    await withStartedServer({ connectionLimits: { silentConnectionTimeoutMs: boundMs } }, async (silent) => {
      const addresses = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
      const held: { openedAt: number; answer: Promise<RawAnswer> }[] = [];
      // In batches, so the listen backlog never overflows into SYN retries.
      for (let batch = 0; batch < 10; batch++) {
        held.push(...(await Promise.all(Array.from({ length: 100 }, (_, i) => open(silent, addresses[(batch * 100 + i) % addresses.length])))));
      }
      const res = await fetch(`${silent.baseUrl}/health`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
      const servedAt = performance.now();
      const answers = await Promise.all(held.map(({ answer }) => answer));
      const heldMs = answers.map((a, i) => (a.closedAt ?? Number.NaN) - (held[i]?.openedAt ?? Number.NaN));
      expect(answers.some((a) => (a.closedAt ?? 0) > servedAt), 'the other client was served while silent connections were held').toBe(true);
      expect(answers.every((a) => Number.isNaN(a.receivedAt))).toBe(true);
      expect(Math.min(...heldMs)).toBeGreaterThanOrEqual(boundMs - 50);
      expect(Math.max(...heldMs)).toBeLessThan(boundMs + IN_TIME_MS);
    });
  }, 60_000);

  it('a connection that sent a request is not cut by the bound: it stays open for keep-alive and serves the next request', async () => {
    await withStartedServer({ connectionLimits: { silentConnectionTimeoutMs: SILENT_MS } }, async (silent) => {
      const { socket, answer } = await open(silent);
      const responses: string[] = [];
      socket.on('data', (chunk: Buffer) => responses.push(chunk.toString('utf8')));
      socket.write('GET /api/v2/health HTTP/1.1\r\nHost: x\r\n\r\n');
      await expect.poll(() => responses.join('').match(/HTTP\/1\.1 200/g)?.length ?? 0, { timeout: IN_TIME_MS }).toBe(1);
      // Well past the silent bound, well within Node's keep-alive timeout (5 s).
      await new Promise((r) => setTimeout(r, 3 * SILENT_MS));
      expect(socket.destroyed).toBe(false);
      socket.write('GET /api/v2/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await answer;
      expect(responses.join('').match(/HTTP\/1\.1 200/g)?.length).toBe(2);
    });
  });
});

describe('connections in all', () => {
  it('without eviction, beyond the overall cap a connection gets 503 with the envelope and is closed, logged once; after one ends, the next is served', async () => {
    const logged: string[] = [];
    await withStartedServer({ connectionLimits: { maxConnections: 4, maxConnectionsPerAddress: 0, evictWithoutCustomer: false }, log: (line) => logged.push(line) }, async (capped) => {
      const held = await Promise.all([open(capped), open(capped, '127.0.0.2'), open(capped, '127.0.0.3'), open(capped, '127.0.0.4')]);
      for (const address of ['127.0.0.5', '127.0.0.1', '127.0.0.6']) {
        const refused = await open(capped, address);
        const answer = await refused.answer;
        expectEnvelope(answer, 503, 'service_unavailable');
        expect(answer.headers['retry-after']).toBe('1');
      }
      expect(logged.filter((line) => line.startsWith('connection cap'))).toHaveLength(1);
      held[0]?.socket.destroy();
      await held[0]?.answer;
      const res = await fetch(`${capped.baseUrl}/health`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
      for (const { socket } of held) socket.destroy();
    });
  });
});
