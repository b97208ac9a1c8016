import { Agent, createServer, request, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerOf } from '../customer-hash.js';
import { startRecordingProxy, type RecordingProxy, type RecordingProxyOptions } from './recording-proxy.js';
import type { RecordedExchange } from './recorded-exchange.js';

const TOKEN = 'abcdefgh12345678';
/** Every byte value, twice: a body no text decoding could keep. */
const BINARY = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256))]);
const DATE = 'Sat, 28 Nov 2026 18:00:00 GMT';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Upstream {
  port: number;
  url: string;
  /** Requests as the upstream received them. */
  received: { url: string; rawHeaders: string[]; body: Buffer; method: string }[];
  connections: () => number;
  server: Server;
}

async function startUpstream(handler: RequestListener): Promise<Upstream> {
  const received: Upstream['received'] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', rawHeaders: req.rawHeaders, body: Buffer.concat(chunks), method: req.method ?? '' });
      handler(req, res);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { port, url: `http://127.0.0.1:${port}`, received, connections: () => connections, server };
}

async function startProxy(upstream: string, options: Partial<RecordingProxyOptions> = {}): Promise<{ proxy: RecordingProxy; records: RecordedExchange[] }> {
  const records: RecordedExchange[] = [];
  const proxy = await startRecordingProxy({ upstream, onExchange: (x) => records.push(x), ...options });
  cleanups.push(() => proxy.close());
  return { proxy, records };
}

/** Sends `bytes` on a new connection and gives back every byte received until the other side closes. */
function rawExchange(port: number, bytes: string | Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

/** Waits until `check` holds; the proxy records an exchange just after its answer's last byte left. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

function get(url: string, options: { agent?: Agent; headers?: Record<string, string>; method?: string; body?: Buffer | string } = {}): Promise<{ res: IncomingMessage; body: Buffer; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: options.agent ?? false, headers: options.headers ?? {}, method: options.method ?? 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ res, body: Buffer.concat(chunks), reused: req.reusedSocket }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('startRecordingProxy', () => {
  describe('forwards answers byte for byte', () => {
    it('a binary body: status line, header names, case, order and duplicates, bytes', async () => {
      const upstream = await startUpstream((_req, res) => {
        res.writeHead(200, 'Alles gut', ['X-Dup', 'a', 'content-TYPE', 'application/pdf', 'x-dup', 'b', 'Content-Length', String(BINARY.length), 'Date', DATE, 'X-Empty', '']);
        res.end(BINARY);
      });
      const { proxy, records } = await startProxy(upstream.url);
      const ask = (port: number) => rawExchange(port, `GET /api/v2/reports/K1/pdf HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      const direct = await ask(upstream.port);
      const proxied = await ask(proxy.port);
      expect(direct.subarray(0, direct.indexOf('\r\n\r\n')).toString('latin1')).toContain('HTTP/1.1 200 Alles gut\r\nX-Dup: a\r\ncontent-TYPE: application/pdf\r\nx-dup: b\r\n');
      expect(direct.subarray(direct.length - BINARY.length)).toEqual(BINARY);
      expect(proxied.equals(direct)).toBe(true);
      await until(() => records.length === 1);
      expect(records[0]?.response).toMatchObject({ status: 200, statusText: 'Alles gut', mimeType: 'application/pdf', bodySize: BINARY.length, bodyBinary: BINARY });
      expect(records[0]?.response.bodyText).toBeUndefined();
    });

    it('a chunked body, chunk by chunk', async () => {
      const parts = ['{"items":[', '{"projektName":"Haus Müller"}', ',{"projektName":"Café"}', ']}'];
      const upstream = await startUpstream(async (_req, res) => {
        res.writeHead(200, ['Content-Type', 'application/json; charset=utf-8', 'Date', DATE, 'Cache-Control', 'no-store']);
        for (const part of parts) {
          res.write(part);
          await sleep(10);
        }
        res.end();
      });
      const { proxy, records } = await startProxy(upstream.url);
      const ask = (port: number) => rawExchange(port, `GET /api/v2/reports HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      const direct = await ask(upstream.port);
      const proxied = await ask(proxy.port);
      expect(direct.toString()).toContain('Transfer-Encoding: chunked\r\n');
      expect(proxied.toString()).toBe(direct.toString());
      await until(() => records.length === 1);
      expect(records[0]?.response).toMatchObject({ mimeType: 'application/json; charset=utf-8', bodyText: parts.join(''), bodySize: Buffer.byteLength(parts.join('')) });
    });

    it("whatever the upstream answers, its 5xx too, and records it", async () => {
      const upstream = await startUpstream((_req, res) => {
        res.writeHead(503, 'Service Unavailable', ['Retry-After', '3', 'Content-Type', 'application/json', 'Date', DATE]);
        res.end('{"status":503,"error":"Wartung"}');
      });
      const { proxy, records } = await startProxy(upstream.url);
      const ask = (port: number) => rawExchange(port, `GET /api/v2/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect((await ask(proxy.port)).equals(await ask(upstream.port))).toBe(true);
      await until(() => records.length === 1);
      expect(records[0]).toMatchObject({ response: { status: 503, bodyText: '{"status":503,"error":"Wartung"}' } });
      expect(records[0]?.proxyFailure).toBeUndefined();
    });

    it('heads without bodies: a HEAD, a 304, a 204', async () => {
      const upstream = await startUpstream((req, res) => {
        const status = req.url === '/304' ? 304 : req.url === '/204' ? 204 : 200;
        res.writeHead(status, ['Content-Type', 'application/json', 'Date', DATE, 'ETag', '"v1"', ...(status === 200 ? ['Content-Length', '2'] : [])]);
        res.end(status === 200 && req.method !== 'HEAD' ? '{}' : undefined);
      });
      const { proxy, records } = await startProxy(upstream.url);
      for (const [method, path] of [['HEAD', '/'], ['GET', '/304'], ['DELETE', '/204']]) {
        const ask = (port: number) => rawExchange(port, `${method} ${path} HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n`);
        const direct = await ask(upstream.port);
        expect(direct.toString()).toMatch(/\r\n\r\n$/);
        expect((await ask(proxy.port)).toString()).toBe(direct.toString());
      }
      await until(() => records.length === 3);
      expect(records.map((r) => [r.response.status, r.response.bodySize, r.response.bodyText])).toEqual([
        [200, 0, undefined],
        [304, 0, undefined],
        [204, 0, undefined],
      ]);
    });

    it('to an HTTP/1.0 client as the upstream answers one: unchunked, ended by closing', async () => {
      const upstream = await startUpstream(async (_req, res) => {
        res.writeHead(200, ['Content-Type', 'text/plain', 'Date', DATE]);
        res.write('ab');
        await sleep(10);
        res.end('cd');
      });
      const { proxy } = await startProxy(upstream.url);
      const ask = (port: number) => rawExchange(port, 'GET /api/v2/health HTTP/1.0\r\nHost: h\r\n\r\n');
      const direct = await ask(upstream.port);
      expect(direct.toString()).toBe(`HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: ${DATE}\r\nConnection: close\r\n\r\nabcd`);
      expect((await ask(proxy.port)).toString()).toBe(direct.toString());
    });
  });

  describe('forwards requests unchanged', () => {
    it('request-target with odd escapes, raw header lines, body bytes', async () => {
      const upstream = await startUpstream((_req, res) => res.end('{}'));
      const { proxy, records } = await startProxy(upstream.url);
      const body = '{"projectData":{"projektName":"Haus [Süd]"}}';
      const target = '/api/v2/reports/%E0%A4%A?path=a%2Fb&q=%zz+x%20y&token=&empty';
      const head = [`POST ${target} HTTP/1.1`, `Host: 127.0.0.1:${proxy.port}`, 'X-Case: A', 'x-case: b', `Authorization: Bearer ${TOKEN}`, 'Connection: keep-alive', 'content-type: application/json', `Content-Length: ${Buffer.byteLength(body)}`];
      await rawExchange(proxy.port, `${head.join('\r\n')}\r\n\r\n${body}`.replace('Connection: keep-alive', 'Connection: close'));
      const [seen] = upstream.received;
      expect(seen?.url).toBe(target);
      expect(seen?.method).toBe('POST');
      expect(seen?.rawHeaders).toEqual(['Host', `127.0.0.1:${proxy.port}`, 'X-Case', 'A', 'x-case', 'b', 'Authorization', `Bearer ${TOKEN}`, 'Connection', 'close', 'content-type', 'application/json', 'Content-Length', String(Buffer.byteLength(body))]);
      expect(seen?.body.toString()).toBe(body);
      await until(() => records.length === 1);
      expect(records[0]?.request).toMatchObject({ method: 'POST', url: `http://127.0.0.1:${proxy.port}${target}`, bodyText: body, bodyMimeType: 'application/json' });
    });

    it('a chunked request body, and binary request bytes', async () => {
      const upstream = await startUpstream((_req, res) => res.end());
      const { proxy, records } = await startProxy(upstream.url);
      const head = `PUT /api/v2/reports/K1/picture HTTP/1.1\r\nHost: h\r\nContent-Type: image/png\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
      const bytes = BINARY.subarray(0, 300);
      await rawExchange(proxy.port, Buffer.concat([Buffer.from(`${head}100\r\n`), bytes.subarray(0, 256), Buffer.from(`\r\n2c\r\n`), bytes.subarray(256), Buffer.from('\r\n0\r\n\r\n')]));
      expect(upstream.received[0]?.rawHeaders).toEqual(['Host', 'h', 'Content-Type', 'image/png', 'Transfer-Encoding', 'chunked', 'Connection', 'close']);
      expect(upstream.received[0]?.body).toEqual(bytes);
      await until(() => records.length === 1);
      expect(records[0]?.request.bodyBinary).toEqual(bytes);
      expect(records[0]?.request.bodyText).toBeUndefined();
    });
  });

  it('streams both ways: the first bytes of a body arrive before the last are sent', async () => {
    let firstRequestBytes!: () => void;
    const upstreamGotFirst = new Promise<void>((resolve) => (firstRequestBytes = resolve));
    let firstAnswerBytes!: () => void;
    const clientGotFirst = new Promise<void>((resolve) => (firstAnswerBytes = resolve));
    const server = createServer((req, res) => {
      req.once('data', () => firstRequestBytes());
      req.resume();
      req.on('end', async () => {
        res.writeHead(200, ['Content-Type', 'application/octet-stream']);
        res.write(BINARY.subarray(0, 100));
        await clientGotFirst;
        res.end(BINARY.subarray(100));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { proxy, records } = await startProxy(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const received = await new Promise<Buffer>((resolve, reject) => {
      const req = request(`${proxy.url}/api/v2/reports/K1/picture`, { method: 'PUT', agent: false, headers: { 'Content-Type': 'application/octet-stream' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          chunks.push(c);
          firstAnswerBytes();
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
      });
      req.on('error', reject);
      req.write(BINARY.subarray(0, 10));
      void upstreamGotFirst.then(() => req.end(BINARY.subarray(10)));
    });
    expect(received).toEqual(BINARY);
    await until(() => records.length === 1);
    expect(records[0]?.request.bodyBinary).toEqual(BINARY);
    expect(records[0]?.response.bodyBinary).toEqual(BINARY);
  });

  it('keeps connections alive: several requests over one client connection, and one upstream connection', async () => {
    const upstream = await startUpstream((_req, res) => res.end('{"status":"ok"}'));
    const { proxy, records } = await startProxy(upstream.url);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(async () => agent.destroy());
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(`${proxy.url}/api/v2/health`, { agent }));
    expect(answers.map((a) => [a.res.statusCode, a.body.toString(), a.reused])).toEqual([
      [200, '{"status":"ok"}', false],
      [200, '{"status":"ok"}', true],
      [200, '{"status":"ok"}', true],
      [200, '{"status":"ok"}', true],
    ]);
    expect(proxy.stats().connections).toBe(1);
    expect(upstream.connections()).toBe(1);
    await until(() => records.length === 4);
    expect(records.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    expect(proxy.stats()).toEqual({ exchanges: 4, inFlight: 0, connections: 1 });
  });

  it('records the exchange without its token: the hash, the customer, timings measured at the proxy', async () => {
    const answer = JSON.stringify({ items: [], echo: `Bearer ${TOKEN}` });
    const upstream = await startUpstream(async (_req, res) => {
      await sleep(20);
      res.writeHead(200, 'OK', ['Content-Type', 'application/json', 'X-Echo', TOKEN, 'Content-Length', String(Buffer.byteLength(answer))]);
      res.end(answer);
    });
    const { proxy, records } = await startProxy(upstream.url);
    const before = Date.now();
    const { body } = await get(`${proxy.url}/api/v2/reports?page=1&token=${TOKEN}`, { headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' } });
    expect(body.toString()).toBe(answer);
    await until(() => records.length === 1);
    const after = Date.now();
    const [record] = records as [RecordedExchange];
    const customer = customerOf(TOKEN);
    expect(record).toMatchObject({
      source: 'proxy',
      index: 0,
      request: {
        method: 'GET',
        url: `${proxy.url}/api/v2/reports?page=1&token=${customer}`,
        httpVersion: 'HTTP/1.1',
        headers: expect.arrayContaining([{ name: 'Authorization', value: `Bearer ${customer}` }, { name: 'Accept', value: 'application/json' }]),
      },
      response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', mimeType: 'application/json', bodySize: Buffer.byteLength(answer), headers: expect.arrayContaining([{ name: 'X-Echo', value: customer }]) },
      customer,
      token: { jwtShaped: false, echoedInAnswer: true },
    });
    expect(record.response.bodyText).toBe(answer.replace(TOKEN, customer));
    expect(JSON.stringify(record)).not.toContain(TOKEN);
    expect(JSON.stringify(record)).not.toContain('abcdefgh');
    // Wall-clock time from the monotonic clock: close to Date.now(), not equal to it.
    expect(Math.abs(record.startedAt - before)).toBeLessThan(1000);
    expect(record.startedAt % 1).not.toBe(0);
    const { send, wait, receive } = record.timings ?? {};
    for (const phase of [send, wait, receive]) expect(phase).toBeGreaterThanOrEqual(0);
    // The upstream waits 20 ms before it answers: the proxy's wait holds it.
    expect(wait).toBeGreaterThanOrEqual(15);
    expect((send ?? 0) + (wait ?? 0) + (receive ?? 0)).toBeCloseTo(record.durationMs, 6);
    expect(record.durationMs).toBeLessThanOrEqual(after - before + 2);
    expect(record.bodyTruncated).toBeUndefined();
  });

  it('answers 502 with a short JSON body when the upstream cannot be reached, and records why', async () => {
    const closed = await startUpstream(() => {});
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    const { proxy, records } = await startProxy(closed.url);
    const { res, body } = await get(`${proxy.url}/api/v2/health`);
    expect(res.statusCode).toBe(502);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(body.toString())).toMatchObject({ status: 502, error: 'Bad Gateway' });
    await until(() => records.length === 1);
    expect(records[0]).toMatchObject({ response: { status: 502, bodyText: body.toString() }, proxyFailure: 'the upstream cannot be reached (ECONNREFUSED)' });
  });

  it('answers 502 when the upstream drops the connection before its answer', async () => {
    const upstream = await startUpstream((req) => req.socket.destroy());
    const { proxy, records } = await startProxy(upstream.url);
    const { res } = await get(`${proxy.url}/api/v2/health`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(res.statusCode).toBe(502);
    await until(() => records.length === 1);
    expect(records[0]?.proxyFailure).toMatch(/^the upstream closed the connection before answering \(/);
    expect(records[0]?.request.bodyText).toBe('{}');
  });

  it('says so when the upstream drops the connection while the request body is still being forwarded', async () => {
    const server = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { proxy, records } = await startProxy(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const answered = new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(`${proxy.url}/api/v2/reports/with-data`, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': '100000' } }, resolve);
      req.on('error', reject);
      cleanups.push(async () => void req.destroy());
      req.write(' '.repeat(1000));
    });
    expect((await answered).statusCode).toBe(502);
    await until(() => records.length === 1);
    expect(records[0]?.proxyFailure).toMatch(/^the upstream closed the connection while the request body was still being forwarded \(\w+\)/);
  });

  it('sends a GET again, once, on a new connection when a kept-alive one turns out closed', async () => {
    let requests = 0;
    const upstream = await startUpstream((req, res) => {
      // The second request on the first connection finds it closed, as after an upstream's idle timeout.
      if (++requests === 2) return void req.socket.destroy();
      res.end(`{"n":${requests}}`);
    });
    const { proxy, records } = await startProxy(upstream.url);
    // Kept alive: a client without an agent sends Connection: close, which the upstream would honour.
    const agent = new Agent({ keepAlive: true });
    cleanups.push(async () => agent.destroy());
    expect((await get(`${proxy.url}/a`, { agent })).body.toString()).toBe('{"n":1}');
    const again = await get(`${proxy.url}/b`, { agent });
    expect([again.res.statusCode, again.body.toString(), upstream.received.length]).toEqual([200, `{"n":3}`, 3]);
    expect(upstream.connections()).toBe(2);
    await until(() => records.length === 2);
    expect(records.map((r) => r.proxyFailure)).toEqual([undefined, undefined]);
  });

  it('sends a write with its body again, once, when a kept-alive connection turns out closed before any answer', async () => {
    let requests = 0;
    const upstream = await startUpstream((req, res) => {
      if (++requests === 2) return void req.socket.destroy();
      res.end(`{"n":${requests}}`);
    });
    const { proxy, records } = await startProxy(upstream.url);
    const agent = new Agent({ keepAlive: true });
    cleanups.push(async () => agent.destroy());
    await get(`${proxy.url}/a`, { agent });
    const body = '{"projectData":{"projektName":"Haus"}}';
    const again = await get(`${proxy.url}/api/v2/reports/abcdefghi`, { agent, method: 'PATCH', body, headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) } });
    expect([again.res.statusCode, again.body.toString()]).toEqual([200, '{"n":3}']);
    expect(upstream.received.map((r) => [r.method, r.body.toString()])).toEqual([['GET', ''], ['PATCH', body], ['PATCH', body]]);
    await until(() => records.length === 2);
    expect(records[1]?.request.bodyText).toBe(body);
  });

  it('breaks off the client connection when the upstream breaks off mid-answer, and records it', async () => {
    const upstream = await startUpstream((_req, res) => {
      res.writeHead(200, ['Content-Type', 'application/pdf', 'Content-Length', '1000']);
      res.write(BINARY.subarray(0, 100), () => setTimeout(() => res.socket?.destroy(), 20));
    });
    const { proxy, records } = await startProxy(upstream.url);
    await expect(get(`${proxy.url}/api/v2/reports/K1/pdf`)).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
    await until(() => records.length === 1);
    expect(records[0]).toMatchObject({ response: { status: 200, bodySize: 100 }, proxyFailure: 'the upstream broke off its answer after 100 body bytes' });
  });

  it('records nothing and lets the upstream request go when the client goes away before its answer', async () => {
    let upstreamSawClose = false;
    const upstream = await startUpstream((req, res) => {
      res.on('close', () => (upstreamSawClose = true));
      setTimeout(() => res.end('late'), 2000);
    });
    const { proxy, records } = await startProxy(upstream.url);
    const socket = connect(proxy.port, '127.0.0.1');
    socket.write('GET /api/v2/reports HTTP/1.1\r\nHost: h\r\n\r\n');
    await until(() => upstream.received.length === 1);
    socket.destroy();
    await until(() => upstreamSawClose);
    await until(() => proxy.stats().inFlight === 0);
    expect(records).toEqual([]);
    expect(proxy.stats().exchanges).toBe(0);
  });

  it('forwards on when onExchange throws, and says so once on stderr', async () => {
    const upstream = await startUpstream((_req, res) => res.end('{}'));
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    cleanups.push(async () => stderr.mockRestore());
    let calls = 0;
    const proxy = await startRecordingProxy({
      upstream: upstream.url,
      onExchange: () => {
        calls++;
        throw new Error('judge broke');
      },
    });
    cleanups.push(() => proxy.close());
    for (let i = 0; i < 3; i++) expect((await get(`${proxy.url}/x`)).res.statusCode).toBe(200);
    await until(() => calls === 3);
    expect(stderr).toHaveBeenCalledTimes(1);
    expect(String(stderr.mock.calls[0]?.[0])).toContain('judge broke');
  });

  it('records at most maxRecordedBodyBytes of each body, forwards all, and says the record is cut', async () => {
    const large = `{"note":"${'ä'.repeat(6000)}"}`;
    const upstream = await startUpstream((_req, res) => {
      res.writeHead(200, ['Content-Type', 'application/json']);
      res.end(large);
    });
    const { proxy, records } = await startProxy(upstream.url, { maxRecordedBodyBytes: 1000 });
    const sent = 'x'.repeat(5000);
    const { body } = await get(`${proxy.url}/api/v2/reports`, { method: 'POST', body: sent, headers: { 'Content-Type': 'text/plain' } });
    expect(body.toString()).toBe(large);
    expect(upstream.received[0]?.body.toString()).toBe(sent);
    await until(() => records.length === 1);
    const [record] = records as [RecordedExchange];
    expect(record.bodyTruncated).toEqual({ request: true, response: true });
    expect(record.request.bodyText).toBe('x'.repeat(1000));
    expect(record.response.bodySize).toBe(Buffer.byteLength(large));
    // 1000 bytes end inside a two-byte character: the text keeps the 999 before it.
    expect(record.response.bodyText).toBe(Buffer.from(large).subarray(0, 999).toString());
  });

  it('forwards a compressed answer as it came and records it decoded, so the judges read it', async () => {
    const answer = JSON.stringify({ status: 200, action: 'getReports', projekte: [], leads: [], api: [], anfragen: [] });
    const zipped = gzipSync(answer);
    const upstream = await startUpstream((_req, res) => {
      res.writeHead(200, ['Content-Type', 'application/json; charset=utf-8', 'Content-Encoding', 'gzip', 'Content-Length', String(zipped.length)]);
      res.end(zipped);
    });
    const { proxy, records } = await startProxy(upstream.url);
    const { res, body } = await get(`${proxy.url}/api/v2/reports`, { headers: { 'Accept-Encoding': 'gzip', Authorization: `Bearer ${TOKEN}` } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(body).toEqual(zipped);
    await until(() => records.length === 1);
    const [record] = records as [RecordedExchange];
    expect(record.response.bodyText).toBe(answer);
    expect(record.response.bodySize).toBe(zipped.length);
    expect(record.bodyTruncated).toBeUndefined();
  });

  it('closes a connection beyond maxConnections at once', async () => {
    const upstream = await startUpstream((_req, res) => res.end('{}'));
    const { proxy } = await startProxy(upstream.url, { maxConnections: 2 });
    const held = [connect(proxy.port, '127.0.0.1'), connect(proxy.port, '127.0.0.1')];
    cleanups.push(async () => held.forEach((s) => s.destroy()));
    await until(() => proxy.stats().connections === 2);
    const refused = await rawExchange(proxy.port, 'GET / HTTP/1.1\r\nHost: h\r\n\r\n').catch(() => Buffer.alloc(0));
    expect(refused.length).toBe(0);
    expect(proxy.stats().connections).toBe(2);
  });

  it('close waits for an exchange in flight, then stops', async () => {
    const upstream = await startUpstream((_req, res) => setTimeout(() => res.end('{"late":true}'), 100));
    const records: RecordedExchange[] = [];
    const proxy = await startRecordingProxy({ upstream: upstream.url, onExchange: (x) => records.push(x) });
    const answer = get(`${proxy.url}/api/v2/reports`);
    await until(() => upstream.received.length === 1);
    await proxy.close();
    expect((await answer).body.toString()).toBe('{"late":true}');
    expect(records).toHaveLength(1);
    await expect(get(`${proxy.url}/api/v2/reports`)).rejects.toThrow(/ECONNREFUSED/);
  });
});
