import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixedWindowLimiter } from '../src/rate-limit/fixed-window.js';
import { createSlidingWindowLimiter } from '../src/rate-limit/sliding-window.js';
import { jsonInit, startTestServer, type TestServer } from './support/test-server.js';

let s: TestServer;
const t: Record<string, string> = {};
let ownKey: string;

beforeAll(async () => {
  s = await startTestServer();
  t.annual = s.tokenFor({ name: 'annual', license: 'annual' }).token;
  t.education = s.tokenFor({ name: 'edu', license: 'education' }).token;
  t.expired = s.tokenFor({ name: 'expired', license: 'expired', unlocked: true }).token;
  t.locked = s.tokenFor({ name: 'locked', license: 'expired', unlocked: false }).token;
  t.none = s.tokenFor({ name: 'none', license: 'none' }).token;
  t.blocked = s.tokenFor({ name: 'blocked', license: 'annual', blocked: true }).token;
  const expiredId = s.store.customers.findIdByName('expired') as number;
  s.store.projects.insert({ key: 'expiredpr', customerId: expiredId, origin: 'portal', data: { projektName: 'E' }, at: new Date() });
  const created = await s.request('/reports', { method: 'POST', token: t.annual });
  ownKey = ((await created.json()) as { projektHeader: { key: string } }).projektHeader.key;
});
afterAll(() => s.close());

const detailsType = async (res: Response) => ((await res.json()) as { details: { type: string } }).details.type;

describe('authentication', () => {
  it.each([
    ['no header', {}],
    ['empty bearer', { authorization: 'Bearer ' }],
    ['unknown token', { authorization: 'Bearer xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' }],
    ['basic scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('401 authentication for %s', async (_name, headers) => {
    const res = await s.request('/reports', { headers });
    expect(res.status).toBe(401);
    expect(await detailsType(res)).toBe('authentication');
  });

  it('401 for a blocked customer with a valid token', async () => {
    const res = await s.request('/reports', { token: t.blocked });
    expect(res.status).toBe(401);
    expect(await detailsType(res)).toBe('authentication');
  });

  it('never takes the token from the URL', async () => {
    for (const q of ['token', 'access_token', 'api_token']) {
      const res = await s.request(`/reports?${q}=${t.annual}`);
      expect(res.status).toBe(401);
    }
  });

  it('accepts the scheme case-insensitively', async () => {
    expect((await s.request('/reports', { headers: { authorization: `bearer ${t.annual}` } })).status).toBe(200);
  });

  it('counts invalid tokens per source IP with a fixed limit', async () => {
    const limited = await startTestServer({ invalidTokenLimiter: createFixedWindowLimiter(3, 10_000) });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited.request('/reports', { headers: { authorization: 'Bearer nope' } })).status);
    const valid = limited.tokenFor({ name: 'v', license: 'annual' }).token;
    const ok = (await limited.request('/reports', { token: valid })).status;
    await limited.close();
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(ok).toBe(200);
  });
});

describe('authorization by license', () => {
  it.each(['annual', 'education'])('%s may create projects', async (who) => {
    expect((await s.request('/reports', { method: 'POST', token: t[who] })).status).toBe(201);
    expect((await s.request('/reports/with-data', jsonInit('POST', { projectData: { projektName: 'x' } }, t[who] as string))).status).toBe(201);
  });

  it.each(['expired', 'locked', 'none'])('%s may not create projects (403 authorization)', async (who) => {
    for (const res of [
      await s.request('/reports', { method: 'POST', token: t[who] }),
      await s.request('/reports/with-data', jsonInit('POST', { projectData: { projektName: 'x' } }, t[who] as string)),
    ]) {
      expect(res.status).toBe(403);
      expect(await detailsType(res)).toBe('authorization');
    }
  });

  it('an expired but unlocked customer still lists, reads and changes own projects', async () => {
    expect((await s.request('/reports', { token: t.expired })).status).toBe(200);
    expect((await s.request('/reports/expiredpr', { token: t.expired })).status).toBe(200);
    expect((await s.request('/reports/expiredpr', jsonInit('PATCH', { projectData: { projektName: 'neu' } }, t.expired as string))).status).toBe(200);
  });

  it.each(['locked', 'none'])('%s gets 403 on reads', async (who) => {
    const res = await s.request('/reports', { token: t[who] });
    expect(res.status).toBe(403);
    expect(await detailsType(res)).toBe('authorization');
    expect((await s.request(`/reports/${ownKey}`, { token: t[who] })).status).toBe(403);
  });
});

describe('rate limit over HTTP', () => {
  it('admits 2 per sliding second per customer over all tokens and endpoints, counts business rejections, not public calls', async () => {
    const r = await startTestServer({ limiter: createSlidingWindowLimiter() });
    const a = r.tokenFor({ name: 'a', license: 'annual' });
    const second = 'second-token-of-a';
    const { hashApiToken } = await import('../src/domain/api-token.js');
    r.store.customers.addToken(a.id, hashApiToken(second), 'two', new Date());
    const other = r.tokenFor({ name: 'b', license: 'annual' }).token;

    expect((await r.request('/health')).status).toBe(200);
    expect((await r.request('/reports/zzzzzzzzz', { token: a.token })).status).toBe(404);
    expect((await r.request('/reports', { token: second })).status).toBe(200);
    const limited = await r.request('/reports', { token: a.token });
    expect((await r.request('/', {})).status).toBe(200);
    expect((await r.request('/reports', { token: other })).status).toBe(200);
    r.clock.advance(999);
    expect((await r.request('/reports', { token: second })).status).toBe(429);
    r.clock.advance(1);
    expect((await r.request('/reports', { token: a.token })).status).toBe(200);
    await r.close();

    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toEqual({
      status: 429,
      error: expect.any(String),
      details: { type: 'rate_limit', limit: 2, windowSeconds: 1, retryAfter: 1 },
    });
  });
});
