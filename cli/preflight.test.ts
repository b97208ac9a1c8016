import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseProfile } from '../spec/profile.schema.js';
import { formatDoubt, preflight, type PreflightDoubt } from './preflight.js';

/** A stand-in target: public endpoints and GET /reports answering per token as `statusOf` says. */
function startTarget(options: { prefix?: string; root?: (res: import('node:http').ServerResponse) => void; statusOf?: (token: string) => number; dropReads?: { left: number } }): Promise<{ server: Server; url: string }> {
  const prefix = options.prefix ?? '/api/v2';
  const server = createServer((req, res) => {
    const path = req.url?.slice(prefix.length) ?? '';
    if (path === '/' && options.root) return options.root(res);
    if (path === '/' || path === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'x', status: 'ok', api: 'x', version: '2.5.0', timestamp: new Date().toISOString() }));
      return;
    }
    if (options.dropReads && options.dropReads.left-- > 0) return void req.socket.destroy();
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const status = options.statusOf?.(token) ?? 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}` })));
}

const profile = parseProfile(
  {
    name: 'stand-in',
    siteUrl: 'http://127.0.0.1',
    customers: { primary: { tokens: ['tok-primary'] }, blocked: { tokens: ['tok-blocked'] }, locked: { tokens: ['tok-locked'] } },
  },
  'test profile',
);
const roles: Record<string, number> = { 'tok-primary': 200, 'tok-blocked': 401, 'tok-locked': 403 };

let running: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (running ? running.close(() => resolve()) : resolve())));

describe('preflight', () => {
  it('passes a target that answers as this API and whose tokens answer as their roles, and reports when each role was used', async () => {
    const { server, url } = await startTarget({ statusOf: (t) => roles[t] ?? 401 });
    running = server;
    const result = await preflight(url, profile);
    expect(result.problems).toEqual([]);
    expect(result.doubts).toEqual([]);
    expect(Object.keys(result.sent).sort()).toEqual(['blocked', 'locked', 'primary']);
  });

  it('stops at a plain web server before any token is sent', async () => {
    const { server, url } = await startTarget({ root: (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>') });
    running = server;
    const result = await preflight(url, profile);
    expect(result.problems[0]).toMatch(/GET \/ answered 200 text\/html .*not the JSON of this API/);
    expect(result.sent).toEqual({});
  });

  it("sends a public read again while a gateway answers 502 in the target's place, and stops at a gateway that answers nothing else", async () => {
    let gatewayAnswers = 1;
    const gateway = (res: import('node:http').ServerResponse) => {
      if (gatewayAnswers-- > 0) return void res.writeHead(502, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'x', status: 'ok', api: 'x', version: '2.5.0' }));
    };
    const { server, url } = await startTarget({ root: gateway, statusOf: (t) => roles[t] ?? 401 });
    running = server;
    expect((await preflight(url, profile)).problems).toEqual([]);
    gatewayAnswers = 3;
    expect((await preflight(url, profile)).problems[0]).toMatch(/GET \/ was answered 502 at each of 3 attempts, a gateway's answer: the target behind it did not answer/);
  });

  it("sends a role's read again after a dropped connection or a gateway's 502, and judges no role by a gateway's answer", async () => {
    const dropReads = { left: 1 };
    let status = 403;
    const { server, url } = await startTarget({ dropReads, statusOf: (t) => (t === 'tok-primary' ? status : (roles[t] ?? 401)) });
    running = server;
    // The primary's first read is dropped: its second attempt answers 403, a doubt about the role.
    expect((await preflight(url, profile)).doubts.map((d) => d.evidence)).toEqual(['customers.primary.tokens[0]: GET /reports answered 403, expected 200 for a primary customer']);
    status = 502;
    const behindGateway = await preflight(url, profile);
    expect(behindGateway.problems).toEqual([]);
    expect(behindGateway.doubts).toEqual([]);
  });

  it('names a base URL without /api/v2', async () => {
    const { server, url } = await startTarget({ prefix: '/v2' });
    running = server;
    expect((await preflight(url, profile)).problems[0]).toMatch(/does not end in \/api\/v2/);
  });

  it('reads a role answered as another role both ways and lets the run go on', async () => {
    const { server, url } = await startTarget({ statusOf: (t) => (t === 'tok-blocked' ? 403 : (roles[t] ?? 401)) });
    running = server;
    const result = await preflight(url, profile);
    expect(result.problems).toEqual([]);
    expect(result.doubts).toEqual([{ evidence: 'customers.blocked.tokens[0]: GET /reports answered 403, expected 401 for a blocked customer', rules: ['AUTH-3', 'ERR-9'], fix: 'customers.blocked (a customer of that role on this target)' }]);
    expect(formatDoubt(result.doubts[0] as PreflightDoubt)).toBe(
      'customers.blocked.tokens[0]: GET /reports answered 403, expected 401 for a blocked customer: if the profile is right, the target breaks AUTH-3 and ERR-9; otherwise fix customers.blocked (a customer of that role on this target)',
    );
  });

  it('reads a missing version as a doubt about META-3, not as a profile problem', async () => {
    const { server, url } = await startTarget({ statusOf: (t) => roles[t] ?? 401, root: (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'x' })) });
    running = server;
    const result = await preflight(url, profile);
    expect(result.problems).toEqual([]);
    expect(result.doubts.map((d) => d.rules)).toEqual([['META-3']]);
    expect(result.doubts[0]?.evidence).toBe('GET / answered version (none), not 2.5.0');
  });

  it('stops when the target refuses the primary token as invalid', async () => {
    const { server, url } = await startTarget({ statusOf: (t) => (t === 'tok-primary' ? 401 : (roles[t] ?? 401)) });
    running = server;
    expect((await preflight(url, profile)).problems[0]).toMatch(/^customers\.primary\.tokens\[0\]: GET \/reports answered 401, .*refuses the primary token as invalid/);
  });

  it('reports an unreachable target apart from profile problems', async () => {
    const { server, url } = await startTarget({});
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect((await preflight(url, profile)).unreachable).toMatch(/target unreachable: GET .*\/health failed/);
  });
});
