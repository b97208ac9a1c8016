import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provideProjects } from './project-setup.js';
import { Recorder } from './recorder.js';
import { SendBudget } from './send-budget.js';
import type { Customer } from './engine.js';

/** A target that creates a project for every POST /reports/with-data. */
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  let n = 0;
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n += 1;
      res.writeHead(req.method === 'POST' && req.url === '/api/v2/reports/with-data' ? 201 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ projektHeader: { key: `abcdefgh${String.fromCharCode(96 + n)}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v2`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the simulator's own setup requests", () => {
  it('are returned with their send and receive times and noted in the budget', async () => {
    const customers: Customer[] = [{ token: 't1' }, { token: 't2', readKey: 'zzzzzzzzz' }, { token: 't3' }];
    const budget = new SendBudget(customers.length, 50);
    const setup = await provideProjects({ baseUrl, customers, budget, readOnly: false, postalCode: '10178', runId: 'test', log: () => {} });
    expect(setup.map((x) => [x.customer, x.label, x.status])).toEqual([
      [0, 'POST /reports/with-data', 201],
      [2, 'POST /reports/with-data', 201],
    ]);
    for (const x of setup) expect(x.receivedAt).toBeGreaterThanOrEqual(x.sentAt);
    expect(customers[0]?.readKey).toMatch(/^abcdefgh/);
    expect(customers[1]?.readKey).toBe('zzzzzzzzz');
  });

  it('take part in the judge: a 429 right after the setup and one admitted request is no false refusal', async () => {
    const customers: Customer[] = [{ token: 't1' }];
    const [x] = await provideProjects({ baseUrl, customers, budget: new SendBudget(1, 50), readOnly: false, postalCode: '10178', runId: 'test', log: () => {} });
    if (!x) throw new Error('no setup request');
    // The load's first requests of that customer, as data relative to the setup's recorded times:
    // one admitted, then a refusal within the same second (the setup request was the second one).
    const load = [
      { customer: 0, endpoint: 'list' as const, sentAt: x.receivedAt + 1, receivedAt: x.receivedAt + 3, status: 200 },
      { customer: 0, endpoint: 'detail' as const, sentAt: x.receivedAt + 10, receivedAt: x.receivedAt + 12, status: 429 },
    ];
    const judged = (withSetup: boolean) => {
      const recorder = new Recorder({ timeOrigin: 0 });
      if (withSetup) recorder.recordSetup(x);
      for (const e of load) recorder.record(e);
      recorder.judgeRefusals(x.sentAt);
      return recorder.stats;
    };
    expect(judged(true).refusals).toMatchObject({ paced: 1, falseRefusals: 0 });
    // Left out of the timeline, the setup request would make the target's correct 429 look wrong.
    expect(judged(false).refusals).toMatchObject({ paced: 1, falseRefusals: 1 });
    // Not part of the load's statistics.
    expect(judged(true).endpoints.list.sent + judged(true).endpoints.detail.sent).toBe(2);
  });

  it('a setup request whose answer was never read counts as possibly admitted at any later time', () => {
    const recorder = new Recorder({ timeOrigin: 0 });
    recorder.recordSetup({ customer: 0, label: 'POST /reports/with-data', sentAt: 0, receivedAt: 5, status: 0 });
    recorder.record({ customer: 0, endpoint: 'list', sentAt: 4000, receivedAt: 4002, status: 200 });
    recorder.record({ customer: 0, endpoint: 'list', sentAt: 4010, receivedAt: 4012, status: 429 });
    recorder.judgeRefusals(0);
    expect(recorder.stats.refusals.falseRefusals).toBe(0);
  });
});
