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
const { expectCreatedKey } = await import('./expect-api.js');

/** A target answering every request with one fixed status and body. */
async function startTarget(status: number, body: string): Promise<Server> {
  const server = createServer((_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

let pacer: PacerServer | undefined;
let server: Server | undefined;
afterEach(async () => {
  writeRunEnv({ shard: undefined });
  await pacer?.close();
  await new Promise((resolve) => server?.close(resolve));
  pacer = server = undefined;
});

async function useTarget(status: number, body: string, documentedInvalidTokenLimit: boolean): Promise<PacerServer> {
  server = await startTarget(status, body);
  pacer = await startPacerServer({ leaseGroup: ['primary'] });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const customers = { primary: { id: 'primary', tokens: ['token-primary'] }, blocked: { id: 'blocked', tokens: ['token-blocked'] } };
  context.current = {
    baseUrl: `${origin}/api/v2`,
    siteUrl: origin,
    profile: parseProfile({ name: 'test', siteUrl: origin, customers, ...(documentedInvalidTokenLimit ? { limits: { invalidTokenPerIp: { requests: 60, windowSeconds: 10 } } } : {}) }, 'test'),
    readOnly: false,
    pacerUrl: pacer.url,
    runId: 'test',
  };
  return pacer;
}

const newContext = (expects429 = false) => new CheckContext('[AUTH-5] c', expects429, {} as TestContext);
const RATE_LIMITED = JSON.stringify({ status: 429, error: 'Zu viele Anfragen', details: { type: 'rate_limit' } });

describe('a 429 outside the rate-limit checks', () => {
  it('fails the check when the request goes to a public endpoint', async () => {
    const stats = await useTarget(429, RATE_LIMITED, true);
    await expect(newContext().publicClient().get('/health')).rejects.toMatchObject({ name: 'TargetAssertionError', message: expect.stringMatching(/GET .*\/health \(public\) answered 429, but a public endpoint/) });
    expect(stats.stats().unintended429).toEqual([]);
  });

  it('fails the check when the request carries no valid token and the profile documents the per-address limit', async () => {
    await useTarget(429, RATE_LIMITED, true);
    await expect(newContext().anonymous().get('/reports?token=abc')).rejects.toMatchObject({ name: 'TargetAssertionError', message: expect.stringMatching(/below the documented per-address limit of 60 per 10 s/) });
    await expect(newContext().withToken('unknown').get('/reports')).rejects.toMatchObject({ name: 'TargetAssertionError' });
  });

  it('breaks the check when the per-address limit is only guessed', async () => {
    const stats = await useTarget(429, RATE_LIMITED, false);
    await expect(newContext().anonymous().get('/reports')).rejects.toMatchObject({ name: 'HarnessError', message: expect.stringMatching(/limits\.invalidTokenPerIp/) });
    expect(stats.stats().unintended429).toHaveLength(1);
  });

  it('breaks the check and counts an unintended 429 when the harness paced a valid customer', async () => {
    const stats = await useTarget(429, RATE_LIMITED, true);
    await expect(newContext().as('primary').get('/reports')).rejects.toMatchObject({ name: 'HarnessError', message: expect.stringMatching(/^unintended 429: GET .*\/reports \(primary\) answered 429; the harness paced this customer/) });
    expect(stats.stats().unintended429).toMatchObject([{ customer: 'primary', check: '[AUTH-5] c', method: 'GET' }]);
  });

  it("fails the check on RATE-2 when the pacer's timeline of the customer proves the refusal wrong", async () => {
    const stats = await useTarget(429, RATE_LIMITED, true);
    // Past the second after the pacer's start, before which anyone may have sent for the customer.
    await sleep(1100);
    await expect(newContext().as('primary').get('/reports')).rejects.toMatchObject({
      name: 'TargetAssertionError',
      message: expect.stringMatching(/^RATE-2 failed: GET .*\/reports \(primary\) answered 429, and the pacer's timeline proves the refusal wrong[^]*no admitted request can lie in the second before it/),
    });
    expect(stats.stats().provenWrongRefusals).toMatchObject([{ customer: 'primary', check: '[AUTH-5] c', method: 'GET' }]);
    expect(stats.stats().unintended429).toEqual([]);
  });

  it('breaks the check when the customer is shared with other shards, or is the blocked one', async () => {
    const stats = await useTarget(429, RATE_LIMITED, true);
    await sleep(1100);
    await expect(newContext().as('blocked').get('/reports')).rejects.toMatchObject({ name: 'HarnessError', message: expect.stringMatching(/^unintended 429: .*the blocked customer's token authenticates no one/) });
    writeRunEnv({ shard: '1/2' });
    await expect(newContext().as('primary').get('/reports')).rejects.toMatchObject({ name: 'HarnessError', message: expect.stringMatching(/^unintended 429: .*under --shard 1\/2 this customer is shared with the other shards/) });
    expect(stats.stats().provenWrongRefusals).toEqual([]);
    expect(stats.stats().unintended429).toHaveLength(2);
  });

  it('is the answer a rate-limit check judges itself', async () => {
    await useTarget(429, RATE_LIMITED, true);
    expect((await newContext(true).publicClient().get('/health')).status).toBe(429);
  });
});

describe('a target body without what a check reads from it', () => {
  it('is a target assertion when it is not JSON', async () => {
    await useTarget(200, '<html>', true);
    const res = await newContext().as('primary').get('/reports');
    expect(() => res.json()).toThrow(expect.objectContaining({ name: 'TargetAssertionError', message: expect.stringMatching(/^expected a JSON body from GET/) }));
  });

  it('is an assertion when a creation response has no projektHeader.key', async () => {
    await useTarget(201, JSON.stringify({ status: 200, header: { key: 'abcdefghi' } }), true);
    const res = await newContext().as('primary').post('/reports/with-data', {});
    expect(() => expectCreatedKey(res)).toThrow(expect.objectContaining({ name: 'AssertionError', message: expect.stringMatching(/must carry projektHeader\.key \(PROJ-84\)/) }));
  });

  it('gives the key of a creation response that has one', async () => {
    await useTarget(201, JSON.stringify({ status: 200, projektHeader: { key: 'abcdefghi' } }), true);
    expect(expectCreatedKey(await newContext().as('primary').post('/reports/with-data', {}))).toBe('abcdefghi');
  });
});
