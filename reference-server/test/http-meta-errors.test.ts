import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAINED_BEFORE_413_BYTES } from '../src/http/json-body.js';
import { get, openRaw, waitFor } from './support/raw-connection.js';
import { jsonInit, startTestServer, type TestServer } from './support/test-server.js';

let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startTestServer();
  token = s.tokenFor({ name: 'A', license: 'annual', heatpumpRight: true }).token;
});
afterAll(() => s.close());

async function envelope(res: Response) {
  const body = (await res.json()) as { status: number; error: string; details: { type: string; field?: string } };
  expect(body.status).toBe(res.status);
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(0);
  return body;
}

describe('public endpoints', () => {
  it('GET / answers name and version', async () => {
    const res = await s.request('/');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'Customer Project and Funding API', version: '2.5.0' });
  });

  it('GET /api/v2 without slash answers the same root', async () => {
    const res = await fetch(`${s.url}/api/v2`);
    expect(res.status).toBe(200);
  });

  it('GET /health answers status, api, version and the current timestamp', async () => {
    const res = await s.request('/health');
    const body = (await res.json()) as Record<string, string>;
    expect(body).toEqual({ status: 'ok', api: 'customer-api-v2', version: '2.5.0', timestamp: s.clock.now().toISOString() });
  });

  it.each(['/reports', '/reports/abcdefghi/rooms', '/reports/not-a-key/rooms/x', '/does/not/exist', '/'])('OPTIONS %s answers 204 without body or CORS grant', async (path) => {
    const res = await s.request(path, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect([...res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });
});

describe('error table', () => {
  it('400 validation for malformed JSON', async () => {
    const res = await s.request('/reports/with-data', { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: '{"projectData": ' });
    expect(res.status).toBe(400);
    expect((await envelope(res)).details.type).toBe('validation');
  });

  it('413 validation above 65536 bytes, while exactly 65536 bytes is read', async () => {
    const valid = JSON.stringify({ projectData: { projektName: 'x' } });
    const at = valid + ' '.repeat(65536 - valid.length);
    const ok = await s.request('/reports/with-data', { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: at });
    expect(ok.status).toBe(201);
    const res = await s.request('/reports/with-data', { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: `${at} ` });
    expect(res.status).toBe(413);
    expect((await envelope(res)).details.type).toBe('validation');
  });

  it('413 also when the body is streamed without Content-Length', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(70_000));
    const body = new ReadableStream({ start(c) { c.enqueue(chunk); c.close(); } });
    const res = await s.request('/reports/with-data', { method: 'POST', token, headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit & { token: string });
    expect(res.status).toBe(413);
  });

  const postHead = (length: number) =>
    `POST /api/v2/reports/with-data HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('413 only once the body above the limit has arrived whole, so a client still sending meets no closed connection; the connection stays usable', async () => {
    const c = await openRaw({ origin: s.url });
    c.socket.write(postHead(65537) + ' '.repeat(1000));
    await sleep(200);
    expect(c.received()).toBe('');
    c.socket.write(' '.repeat(65537 - 1000));
    await waitFor(() => c.statuses().length === 1, 5000, 'the 413');
    c.socket.write(get('/api/v2/health', { Connection: 'close' }));
    await c.closed;
    expect(c.statuses()).toEqual([413, 200]);
  });

  it(`413 at once, the connection closed, when the declared body is above ${DRAINED_BEFORE_413_BYTES} bytes`, async () => {
    const c = await openRaw({ origin: s.url });
    c.socket.write(postHead(DRAINED_BEFORE_413_BYTES + 1) + ' '.repeat(1000));
    await c.closed;
    expect(c.statuses()).toEqual([413]);
    expect(c.received()).toMatch(/\r\nConnection: close\r\n/i);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/merge-patch+json'])('415 validation for content type %s', async (type) => {
    const res = await s.request('/reports/with-data', { method: 'POST', token, headers: { 'content-type': type }, body: '{"projectData":{"projektName":"x"}}' });
    expect(res.status).toBe(415);
    expect((await envelope(res)).details.type).toBe('validation');
  });

  it('accepts application/json with a charset parameter', async () => {
    const res = await s.request('/reports/with-data', { method: 'POST', token, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"projectData":{"projektName":"x"}}' });
    expect(res.status).toBe(201);
  });

  it('422 validation names the field', async () => {
    const res = await s.request('/reports/with-data', jsonInit('POST', { projectData: { projektBewohner: 10001 } }, token));
    expect(res.status).toBe(422);
    expect((await envelope(res)).details).toEqual({ type: 'validation', field: 'projektBewohner' });
  });

  it.each(['/nothing', '/reports/abc', '/reports/abcdefghij', '/reports/abcdefgh1', '/reports/abcdefghi/unknown', '/reports/%E0%A4%A'])('404 not_found for malformed or unknown path %s', async (path) => {
    const res = await s.request(path, { token });
    expect(res.status).toBe(404);
    expect((await envelope(res)).details.type).toBe('not_found');
  });

  it('404 outside the API prefix too', async () => {
    const res = await fetch(`${s.url}/api/v1/reports`);
    expect(res.status).toBe(404);
  });

  it('500 server_error without stack traces or internals', async () => {
    const broken = await startTestServer();
    const t = broken.tokenFor({ name: 'B', license: 'annual' }).token;
    broken.store.projects.listByCustomer = () => {
      throw new Error('secret table projects_internal exploded at /srv/app.ts:12');
    };
    const res = await broken.request('/reports', { token: t });
    const text = await res.text();
    await broken.close();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ status: 500, error: 'Interner Serverfehler.', details: { type: 'server_error' } });
    expect(text).not.toMatch(/secret|\.ts|at /);
  });

  it('503 service_unavailable in maintenance, public endpoints stay up', async () => {
    const m = await startTestServer({ maintenance: true });
    const t = m.tokenFor({ name: 'M', license: 'annual' }).token;
    const res = await m.request('/reports', { token: t });
    const health = await m.request('/health');
    await m.close();
    expect(res.status).toBe(503);
    expect((await envelope(res)).details.type).toBe('service_unavailable');
    expect(health.status).toBe(200);
  });

  it('503 when the database is busy or unreadable', async () => {
    const b = await startTestServer();
    const t = b.tokenFor({ name: 'B', license: 'annual' }).token;
    b.store.projects.listByCustomer = () => {
      throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    };
    const res = await b.request('/reports', { token: t });
    await b.close();
    expect(res.status).toBe(503);
  });

  it('never crashes under a flood of malformed and oversized bodies', async () => {
    const bodies = ['{', 'null', '[]', '"x"', '{"projectData":[]}', 'x'.repeat(70_000), '\u0000', '{"projectData":{"projektName":"\\u0000"}}'];
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        s.request(i % 2 ? '/reports/with-data' : '/reports/abcdefghi', { method: i % 2 ? 'POST' : 'PATCH', token, headers: { 'content-type': 'application/json' }, body: bodies[i % bodies.length] }).then((r) => r.status),
      ),
    );
    expect(results.every((status) => status >= 400 && status < 500)).toBe(true);
    expect((await s.request('/health')).status).toBe(200);
  });
});
