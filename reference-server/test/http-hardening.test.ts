import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogLevel } from '../src/log.js';
import { seedDemo, type SeedResult } from '../src/seed/demo.js';
import type { WebhookDispatcher } from '../src/webhook/dispatcher.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** Findings of the attack pass on the reference server (issue 17), over real HTTP on loopback. */

let dispatched = 0;
const countingDispatcher: WebhookDispatcher = {
  dispatch() {
    dispatched++;
    return { eventId: `event-${dispatched}`, settled: new Promise(() => {}) };
  },
  idle: async () => {},
};

const logged: { line: string; level: LogLevel }[] = [];
let s: TestServer;
let seed: SeedResult;
let token: string;

beforeAll(async () => {
  s = await startTestServer({ webhook: countingDispatcher, log: (line, level = 'error') => logged.push({ line, level }) });
  seed = seedDemo(s.store, s.clock);
  token = seed.customers.primary.tokens[0] as string;
  s.store.customers.setWebhook(seed.customers.primary.id, 'https://hooks.example.com/cpf', 'geheim');
});
afterAll(() => s.close());

/** A raw HTTP/1.1 request with exactly these header lines (fetch and node:http would merge repeated ones). */
function raw(method: string, path: string, headers: [string, string][], body: Uint8Array = new Uint8Array()): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(s.url);
  const head = [`${method} /api/v2${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', `Content-Length: ${body.length}`, ...headers.map(([n, v]) => `${n}: ${v}`)].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), Buffer.from(body)])));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

describe('HEAD on the pdf endpoint has no side effects', () => {
  it('answers 200 like GET, without a body, without storing a document or claiming the webhook; GET then claims it', async () => {
    const key = seed.projects['portal'] as string;
    const project = s.store.projects.findByKey(key);
    if (!project) throw new Error('demo project missing');
    const before = s.store.documents.countOfProject(project.id);
    const head = await s.request(`/reports/${key}/pdf`, { method: 'HEAD', token });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await head.text()).toBe('');
    expect(s.store.documents.countOfProject(project.id)).toBe(before);
    expect(dispatched).toBe(0);
    const get = await s.request(`/reports/${key}/pdf`, { token });
    expect(get.status).toBe(200);
    expect(s.store.documents.countOfProject(project.id)).toBe(before + 1);
    expect(dispatched).toBe(1);
  });

  it.each([
    ['completed', '', 422],
    ['outside', '', 403],
    ['portal', '?type=invalid', 422],
    ['none', '', 404],
  ])('answers the status GET would for the %s project %s (%d), still creating nothing', async (which, query, status) => {
    const key = which === 'none' ? 'zzzzzzzzz' : (seed.projects[which] as string);
    const head = await s.request(`/reports/${key}/pdf${query}`, { method: 'HEAD', token });
    expect(head.status).toBe(status);
    expect((await s.request(`/reports/${key}/pdf${query}`, { token })).status).toBe(status);
  });
});

describe('JSON bodies are strict UTF-8 of a UTF-8 content type', () => {
  const json = (bytes: Uint8Array, contentType = 'application/json') =>
    raw('POST', '/reports/with-data', [['Authorization', `Bearer ${token}`], ['Content-Type', contentType]], bytes);
  const body = (name: Buffer) => Buffer.concat([Buffer.from('{"projectData":{"projektName":"'), name, Buffer.from('"}}')]);

  it.each([
    ['FF FE', Buffer.from([0xff, 0xfe])],
    ['overlong C0 AF', Buffer.from([0xc0, 0xaf])],
    ['lone surrogate ED A0 80', Buffer.from([0xed, 0xa0, 0x80])],
    ['truncated sequence E2 82', Buffer.from([0xe2, 0x82])],
  ])('invalid UTF-8 (%s) is 400 malformed JSON, nothing stored', async (_what, bytes) => {
    const res = await json(body(bytes));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ status: 400, details: { type: 'validation' } });
  });

  it('valid multi-byte UTF-8 is stored as sent', async () => {
    const res = await json(body(Buffer.from('Küche €', 'utf8')));
    expect(res.status).toBe(201);
    expect((JSON.parse(res.body) as { projektData: { projektName: string } }).projektData.projektName).toBe('Küche €');
  });

  it.each(['application/json; charset=iso-8859-1', 'application/json; charset=utf-16', 'application/json;charset="latin1"', 'application/json; charset=us-ascii'])(
    'Content-Type %s is 415',
    async (type) => {
      const res = await json(body(Buffer.from('x')), type);
      expect(res.status).toBe(415);
      expect(JSON.parse(res.body)).toMatchObject({ status: 415, details: { type: 'validation' } });
    },
  );

  it.each(['application/json; charset=utf-8', 'application/json; charset="UTF-8"', 'application/json;charset=utf8', 'Application/JSON'])('Content-Type %s is accepted', async (type) => {
    expect((await json(body(Buffer.from('x')), type)).status).toBe(201);
  });
});

describe('Authorization', () => {
  it('two Authorization headers are 401, even when both carry the same valid token', async () => {
    for (const second of [token, 'Bearer nope', `Bearer ${token}`]) {
      const res = await raw('GET', '/reports', [
        ['Authorization', `Bearer ${token}`],
        ['Authorization', second],
      ]);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toMatchObject({ status: 401, details: { type: 'authentication' } });
    }
    expect((await raw('GET', '/reports', [['Authorization', `Bearer ${token}`]])).status).toBe(200);
  });
});

describe('security headers', () => {
  it.each([
    ['/health', 200],
    ['/reports', 200],
    ['/reports/zzzzzzzzz', 404],
    ['/nothing', 404],
  ])('API response %s (%d) carries nosniff and no-store', async (path, status) => {
    const res = await s.request(path, { token });
    expect(res.status).toBe(status);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('the 401 and the 429 of the fast path carry them too', async () => {
    const limited = await startTestServer({ limiter: { tryAdmit: () => false, size: () => 0 } });
    const t = limited.tokenFor({ name: 'L', license: 'annual' }).token;
    const refused = await limited.request('/reports', { token: t });
    const unauthenticated = await limited.request('/reports');
    await limited.close();
    for (const res of [refused, unauthenticated]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(refused.status).toBe(429);
  });

  it('responses outside the API carry nosniff', async () => {
    for (const path of ['/openapi.json', '/nothing-here']) {
      expect((await fetch(`${s.url}${path}`)).headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('client aborts', () => {
  it('a client that aborts during the body is one info line, not an internal error with a stack', async () => {
    logged.length = 0;
    const { hostname, port } = new URL(s.url);
    await new Promise<void>((resolve) => {
      const req = httpRequest({ hostname, port, method: 'POST', path: '/api/v2/reports/with-data', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': '1000' } });
      req.on('error', () => resolve());
      req.write('{"projectData":');
      setTimeout(() => req.destroy(), 100);
    });
    await expect.poll(() => logged.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(logged).toEqual([{ line: expect.stringMatching(/^client went away during POST \/api\/v2\/reports\/with-data \(/) as unknown, level: 'info' }]);
    expect(logged[0]?.line).not.toMatch(/\n|at /);
  });
});
