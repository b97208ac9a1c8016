import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi, type TestContext } from 'vitest';
import { parseProfile } from '../../spec/profile.schema.js';
import { startPacerServer, type PacerServer } from '../../harness-core/pacer-server.js';
import { writeRunEnv } from '../../harness-core/run-env.js';
import type { TargetContext } from './target.js';

const context: { current?: TargetContext } = {};
vi.mock('./target.js', () => ({ target: () => context.current }));
const { CheckContext } = await import('./check.js');

/** A dropped connection, or a status answered with the target's body. */
type Answer = 'drop' | number;

interface TargetPlan {
  /** The answers to the first requests, in turn. */
  first?: Answer[];
  /** The answer to every later request. */
  status?: number;
  body?: string;
  /** The profile documents the per-address limit of requests without a valid token. */
  documentedInvalidTokenLimit?: boolean;
}

/** A target giving the planned answers; it counts what it got. */
async function startTarget(plan: TargetPlan): Promise<{ server: Server; got: string[] }> {
  const got: string[] = [];
  const first = [...(plan.first ?? [])];
  const server = createServer((req, res) => {
    got.push(`${req.method} ${req.url}`);
    const answer = first.shift() ?? plan.status ?? 200;
    if (answer === 'drop') return void req.socket.destroy();
    res.writeHead(answer, { 'content-type': 'application/json' }).end(plan.body ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, got };
}

let pacer: PacerServer | undefined;
let server: Server | undefined;
afterEach(async () => {
  writeRunEnv({ shard: undefined });
  await pacer?.close();
  await new Promise((resolve) => server?.close(resolve));
  pacer = server = undefined;
});

async function useTarget(plan: TargetPlan): Promise<{ pacer: PacerServer; got: string[] }> {
  const started = await startTarget(plan);
  server = started.server;
  const stats = await startPacerServer({ leaseGroup: ['primary'] });
  pacer = stats;
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const customers = { primary: { id: 'primary', tokens: ['token-primary'] }, blocked: { id: 'blocked', tokens: ['token-blocked'] } };
  context.current = {
    baseUrl: `${origin}/api/v2`,
    siteUrl: origin,
    profile: parseProfile({ name: 'test', siteUrl: origin, customers, ...(plan.documentedInvalidTokenLimit ? { limits: { invalidTokenPerIp: { requests: 60, windowSeconds: 10 } } } : {}) }, 'test'),
    readOnly: false,
    pacerUrl: stats.url,
    runId: 'test',
  };
  return { pacer: stats, got: started.got };
}

const newContext = (expects429 = false) => new CheckContext('[AUTH-5] c', expects429, {} as TestContext);
const RATE_LIMITED = JSON.stringify({ status: 429, error: 'Zu viele Anfragen', details: { type: 'rate_limit' } });
const rateLimited = async (documentedInvalidTokenLimit: boolean) => (await useTarget({ status: 429, body: RATE_LIMITED, documentedInvalidTokenLimit })).pacer;

describe('a 429 outside the rate-limit checks', () => {
  it('fails the check when the request goes to a public endpoint', async () => {
    const stats = await rateLimited(true);
    await expect(newContext().publicClient().get('/health')).rejects.toMatchObject({ name: 'TargetAssertionError', message: expect.stringMatching(/GET .*\/health \(public\) answered 429, but a public endpoint/) });
    expect(stats.stats().unintended429).toEqual([]);
  });

  it('fails the check when the request carries no valid token and the profile documents the per-address limit', async () => {
    await rateLimited(true);
    await expect(newContext().anonymous().get('/reports?token=abc')).rejects.toMatchObject({ name: 'TargetAssertionError', message: expect.stringMatching(/below the documented per-address limit of 60 per 10 s/) });
    await expect(newContext().withToken('unknown').get('/reports')).rejects.toMatchObject({ name: 'TargetAssertionError' });
  });

  it('breaks the check when the per-address limit is only guessed', async () => {
    const stats = await rateLimited(false);
    await expect(newContext().anonymous().get('/reports')).rejects.toMatchObject({ name: 'HarnessError', message: expect.stringMatching(/limits\.invalidTokenPerIp/) });
    expect(stats.stats().unintended429).toHaveLength(1);
  });

  it('breaks the check and counts an unintended 429 when the harness paced a valid customer', async () => {
    const stats = await rateLimited(true);
    await expect(newContext().as('primary').get('/reports')).rejects.toMatchObject({ name: 'HarnessError', message: expect.stringMatching(/^unintended 429: GET .*\/reports \(primary\) answered 429; the harness paced this customer/) });
    expect(stats.stats().unintended429).toMatchObject([{ customer: 'primary', check: '[AUTH-5] c', method: 'GET' }]);
  });

  it("charges RATE-2 when the pacer's timeline of the customer proves the refusal wrong, and sends the request again for the check's own rule", async () => {
    const stats = await rateLimited(true);
    // Past the second after the pacer's start, before which anyone may have sent for the customer.
    await sleep(1100);
    const t = newContext();
    await expect(t.as('primary').get('/reports')).rejects.toMatchObject({ name: 'PrerequisiteMissing', message: expect.stringMatching(/^inconclusive: GET .*\/reports was refused 3 times although the pacer's timeline proves each refusal wrong/) });
    expect(t.judgement.charged).toMatchObject([
      { rule: 'RATE-2', message: expect.stringMatching(/^RATE-2 failed: GET .*\/reports \(primary\) answered 429, and the pacer's timeline proves the refusal wrong[^]*no admitted request can lie in the second before it/) },
    ]);
    expect(stats.stats().provenWrongRefusals).toMatchObject([{ customer: 'primary', check: '[AUTH-5] c', method: 'GET' }, {}, {}]);
    expect(stats.stats().unintended429).toEqual([]);
  });

  it('judges the check on the answer to the request sent again after a refusal proven wrong', async () => {
    const started = await useTarget({ first: [429], body: RATE_LIMITED, status: 200 });
    await sleep(1100);
    const t = newContext();
    const res = await t.as('primary').post('/reports', {});
    expect(res.status).toBe(200);
    expect(started.got).toEqual(['POST /api/v2/reports', 'POST /api/v2/reports']);
    expect(t.judgement.charged.map((c) => c.rule)).toEqual(['RATE-2']);
  });

  it('breaks the check when the customer is shared with other shards, or is the blocked one', async () => {
    const stats = await rateLimited(true);
    await sleep(1100);
    await expect(newContext().as('blocked').get('/reports')).rejects.toMatchObject({ name: 'HarnessError', message: expect.stringMatching(/^unintended 429: .*the blocked customer's token authenticates no one/) });
    writeRunEnv({ shard: '1/2' });
    await expect(newContext().as('primary').get('/reports')).rejects.toMatchObject({ name: 'HarnessError', message: expect.stringMatching(/^unintended 429: .*under --shard 1\/2 this customer is shared with the other shards/) });
    expect(stats.stats().provenWrongRefusals).toEqual([]);
    expect(stats.stats().unintended429).toHaveLength(2);
  });

  it('is the answer a rate-limit check judges itself', async () => {
    await rateLimited(true);
    expect((await newContext(true).publicClient().get('/health')).status).toBe(429);
  });
});

describe('a target body that is not JSON', () => {
  it('is a target assertion where a check reads JSON', async () => {
    await useTarget({ body: '<html>' });
    const res = await newContext().as('primary').get('/reports');
    expect(() => res.json()).toThrow(expect.objectContaining({ name: 'TargetAssertionError', message: expect.stringMatching(/^expected a JSON body from GET/) }));
  });
});

describe('a read that a gateway or the network lost', () => {
  const primary = (expects429 = false) => newContext(expects429).as('primary');

  it('is sent again, paced, until the target answers it, at most three times in all', async () => {
    const { got } = await useTarget({ first: ['drop', 502] });
    expect((await primary().get('/reports')).status).toBe(200);
    expect(got).toEqual(['GET /api/v2/reports', 'GET /api/v2/reports', 'GET /api/v2/reports']);
    expect(pacer?.stats().requestsByCustomer.primary).toBe(3);
  });

  it('is sent again for OPTIONS, PUT and PATCH too, whose repeat has the effect of one (RFC 9110 9.2.2; "only sent fields change")', async () => {
    const { got } = await useTarget({ first: [502, 200, 504, 200, 'drop'] });
    expect((await primary().send('OPTIONS', '/reports')).status).toBe(200);
    expect((await primary().put('/reports/abcdefghi/password', { newPassword: 'x'.repeat(12) })).status).toBe(200);
    expect((await primary().patch('/reports/abcdefghi', { projectData: { projektBewohner: 3 } })).status).toBe(200);
    expect(got).toEqual(['OPTIONS /api/v2/reports', 'OPTIONS /api/v2/reports', 'PUT /api/v2/reports/abcdefghi/password', 'PUT /api/v2/reports/abcdefghi/password', 'PATCH /api/v2/reports/abcdefghi', 'PATCH /api/v2/reports/abcdefghi']);
  });

  it('leaves the check inconclusive when the third attempt is a gateway\'s answer too: no check judges a 502 or 504', async () => {
    await useTarget({ first: [504, 502, 502, 200] });
    await expect(primary().get('/reports')).rejects.toMatchObject({ name: 'PrerequisiteMissing', message: expect.stringMatching(/^inconclusive: GET .* was answered HTTP 502, a gateway's answer \(after 3 attempts\)/) });
  });

  it('is not sent again when it writes, creates a document, or belongs to a rate-limit check; a gateway\'s answer to it leaves the check inconclusive', async () => {
    const { got } = await useTarget({ first: [502, 504, 502, 'drop'] });
    const gatewayOnly = (status: number) => ({ name: 'PrerequisiteMissing', message: expect.stringMatching(new RegExp(`^inconclusive: .* was answered HTTP ${status}, a gateway's answer \\(sent once`)) });
    await expect(primary().post('/reports', {})).rejects.toMatchObject(gatewayOnly(502));
    await expect(primary().get('/reports/abcdefghi/pdf')).rejects.toMatchObject(gatewayOnly(504));
    await expect(primary(true).get('/reports')).rejects.toMatchObject(gatewayOnly(502));
    await expect(primary(true).get('/reports')).rejects.toMatchObject({ name: 'HarnessError', message: expect.stringMatching(/target unreachable/) });
    expect(got).toHaveLength(4);
  });

  it('is sent again whatever its method when the check vouches for it: a refusal it asserts, a prerequisite it does not judge', async () => {
    const { got } = await useTarget({ first: [502, 'drop', 422, 504, 201] });
    expect((await primary().post('/reports', { projectData: { projektBewohner: -1 } }, { repeatable: 'refused' })).status).toBe(422);
    expect((await primary().post('/reports/with-data', { projectData: {} }, { repeatable: 'prerequisite' })).status).toBe(201);
    expect(got).toEqual(['POST /api/v2/reports', 'POST /api/v2/reports', 'POST /api/v2/reports', 'POST /api/v2/reports/with-data', 'POST /api/v2/reports/with-data']);
  });

  it("is sent again in a rate-limit check too when the check vouches for it (what it creates on its way), while the check's own reads are sent once", async () => {
    const { got } = await useTarget({ first: [502, 201, 502] });
    expect((await primary(true).post('/reports/with-data', { projectData: {} }, { repeatable: 'prerequisite' })).status).toBe(201);
    await expect(primary(true).get('/reports')).rejects.toMatchObject({ name: 'PrerequisiteMissing', message: expect.stringMatching(/a gateway's answer \(sent once/) });
    expect(got).toEqual(['POST /api/v2/reports/with-data', 'POST /api/v2/reports/with-data', 'GET /api/v2/reports']);
    expect(pacer?.stats().requestsByCustomer.primary).toBe(3);
  });
});
