import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi, type TestContext } from 'vitest';
import { parseProfile } from '../../spec/profile.schema.js';
import { startPacerServer, type PacerServer } from '../../harness-core/pacer-server.js';
import type { TargetContext } from './target.js';

const context: { current?: TargetContext } = {};
vi.mock('./target.js', () => ({ target: () => context.current }));
const { CheckContext } = await import('./check.js');

type Answer = 'drop' | number;

/** A target giving the planned answers in turn (a dropped connection, or a status), then 200; it counts what it got. */
async function startTarget(plan: Answer[]): Promise<{ server: Server; got: string[] }> {
  const got: string[] = [];
  const server = createServer((req, res) => {
    got.push(`${req.method} ${req.url}`);
    const answer = plan.shift() ?? 200;
    if (answer === 'drop') return void req.socket.destroy();
    res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, got };
}

let pacer: PacerServer | undefined;
let server: Server | undefined;
afterEach(async () => {
  await pacer?.close();
  await new Promise((resolve) => server?.close(resolve));
  pacer = server = undefined;
});

async function useTarget(plan: Answer[]): Promise<string[]> {
  const started = await startTarget(plan);
  server = started.server;
  pacer = await startPacerServer({ leaseGroup: ['primary'] });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  context.current = {
    baseUrl: `${origin}/api/v2`,
    siteUrl: origin,
    profile: parseProfile({ name: 'test', siteUrl: origin, customers: { primary: { id: 'primary', tokens: ['token-primary'] } } }, 'test'),
    readOnly: false,
    pacerUrl: pacer.url,
    runId: 'test',
  };
  return started.got;
}

const primary = (expects429 = false) => new CheckContext('[PROJ-1] c', expects429, {} as TestContext).as('primary');

describe('a read that a gateway or the network lost', () => {
  it('is sent again, paced, until the target answers it, at most three times in all', async () => {
    const got = await useTarget(['drop', 502]);
    expect((await primary().get('/reports')).status).toBe(200);
    expect(got).toEqual(['GET /api/v2/reports', 'GET /api/v2/reports', 'GET /api/v2/reports']);
    expect(pacer?.stats().requestsByCustomer.primary).toBe(3);
  });

  it('keeps the last answer after three attempts', async () => {
    await useTarget([504, 502, 502, 200]);
    expect((await primary().get('/reports')).status).toBe(502);
  });

  it('is not sent again when it writes, creates a document, or belongs to a rate-limit check', async () => {
    const got = await useTarget([502, 502, 'drop']);
    expect((await primary().post('/reports', {})).status).toBe(502);
    expect((await primary().get('/reports/abcdefghi/pdf')).status).toBe(502);
    await expect(primary(true).get('/reports')).rejects.toMatchObject({ name: 'HarnessError', message: expect.stringMatching(/target unreachable/) });
    expect(got).toHaveLength(3);
  });
});
