import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningServer } from '../src/start.js';

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
}

function origin(server: RunningServer): { host: string; port: number } {
  const url = new URL(server.origin);
  return { host: url.hostname, port: Number(url.port) };
}

/** Opens a connection; `answer` resolves when the server has closed it, with what it sent. */
function open(server: RunningServer): Promise<{ socket: Socket; answer: Promise<RawAnswer> }> {
  const { host, port } = origin(server);
  return new Promise((resolveOpen, reject) => {
    const socket = connect(port, host);
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
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]), headers, body, receivedAt, closed: true });
      });
    });
    socket.on('error', () => {});
    socket.once('connect', () => resolveOpen({ socket, answer }));
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

function expectEnvelope(answer: RawAnswer, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['connection']).toBe('close');
  expect(JSON.parse(answer.body)).toMatchObject({ status, error: expect.any(String) as unknown, details: { type: 'validation' } });
  expect(answer.closed).toBe(true);
}

let server: RunningServer;
let token: string;

beforeAll(async () => {
  server = await startReferenceServer({
    port: 0,
    host: '127.0.0.1',
    db: ':memory:',
    seed: 'demo',
    connectionLimits: { headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS, maxConnectionsPerAddress: 0 },
  });
  token = server.profile?.customers.primary.tokens[0] as string;
});
afterAll(() => server.close());

/** A request of another client, timed from send to answer. */
async function otherClientMs(): Promise<number> {
  const sent = performance.now();
  const res = await fetch(`${server.baseUrl}/health`, { headers: { connection: 'close' } });
  expect(res.status).toBe(200);
  await res.text();
  return performance.now() - sent;
}

describe('errors of the HTTP parser carry the envelope', () => {
  it('headers above the parser limit: 431 with the envelope, connection closed', async () => {
    const { socket, answer } = await open(server);
    socket.write(`GET /api/v2/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectEnvelope(await answer, 431);
  });

  it.each([
    ['a request line that is no HTTP', 'GARBAGE\r\n\r\n'],
    ['a header line without a colon', 'GET /api/v2/health HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n'],
    ['a bad Content-Length', 'POST /api/v2/reports HTTP/1.1\r\nHost: x\r\nContent-Length: zwei\r\n\r\n'],
  ])('%s: 400 with the envelope, connection closed', async (_what, request) => {
    const { socket, answer } = await open(server);
    socket.write(request);
    expectEnvelope(await answer, 400);
  });
});

describe('slow clients', () => {
  it('a client sending its headers a byte at a time gets 408 in time, and others are served meanwhile', async () => {
    const { socket, answer } = await open(server);
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
    const { socket, answer } = await open(server);
    // Padded to 12 s of trickling, so only the timeout can end it within the bound.
    const body = JSON.stringify({ projectData: { projektName: 'langsam' } }).padEnd(240, ' ');
    const started = performance.now();
    socket.write(
      `POST /api/v2/reports/with-data HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    trickle(socket, [...body], 50);
    const othersMs = await otherClientMs();
    const result = await answer;
    expectEnvelope(result, 408);
    expect(result.receivedAt - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(result.receivedAt - started).toBeLessThan(IN_TIME_MS);
    expect(othersMs).toBeLessThan(IN_TIME_MS);
    // The project of the cut-off request was not created: the server still answers normally.
    expect((await fetch(`${server.baseUrl}/reports`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });
});

describe('connections per address', () => {
  it('beyond the cap a connection is closed at once; after one ends, the next is served', async () => {
    const capped = await startReferenceServer({ port: 0, host: '127.0.0.1', db: ':memory:', seed: 'none', connectionLimits: { maxConnectionsPerAddress: 3 } });
    try {
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
    } finally {
      await capped.close();
    }
  });

  it('the default cap leaves room for 200 parallel connections from one address (the load script)', async () => {
    const roomy = await startReferenceServer({ port: 0, host: '127.0.0.1', db: ':memory:', seed: 'none' });
    try {
      const held = await Promise.all(Array.from({ length: 200 }, () => open(roomy)));
      for (const { socket } of held) socket.write('GET /api/v2/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      const answers = await Promise.all(held.map(({ answer }) => answer));
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 200 }, () => 200));
    } finally {
      await roomy.close();
    }
  });
});
