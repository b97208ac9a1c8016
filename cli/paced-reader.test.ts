import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPacedReader, PdfRefused } from './paced-reader.js';

/** A stand-in target recording when each request arrived, per token; `answer` picks the status. */
function startTarget(answer: (token: string, count: number) => number = () => 200): Promise<{ server: Server; url: string; arrivals: Map<string, number[]> }> {
  const arrivals = new Map<string, number[]>();
  const server = createServer((req, res) => {
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const seen = arrivals.get(token) ?? [];
    seen.push(Date.now());
    arrivals.set(token, seen);
    const status = answer(token, seen.length);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status, method: req.method }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`, arrivals })));
}

let running: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (running ? running.close(() => resolve()) : resolve())));

describe('the paced reader of doctor and init', () => {
  it('refuses the pdf endpoint, whatever the query', async () => {
    const reader = createPacedReader('http://127.0.0.1:9/api/v2');
    await expect(reader.get('primary', 't', '/reports/abcdefghi/pdf')).rejects.toBeInstanceOf(PdfRefused);
    await expect(reader.get('primary', 't', '/reports/abcdefghi/pdf?type=check')).rejects.toBeInstanceOf(PdfRefused);
  });

  it('sends a customer at most 2 requests per second, its tokens sharing one lane', async () => {
    const target = await startTarget();
    running = target.server;
    const reader = createPacedReader(target.url);
    const answers = await Promise.all(['a1', 'a2', 'a1', 'a2', 'a1'].map((token) => reader.get('customer-a', token, '/reports')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]?.json).toEqual({ status: 200, method: 'GET' });
    const all = [...(target.arrivals.get('a1') ?? []), ...(target.arrivals.get('a2') ?? [])].sort((x, y) => x - y);
    for (let i = 2; i < all.length; i++) expect((all[i] as number) - (all[i - 2] as number), `request ${i + 1} against request ${i - 1}`).toBeGreaterThanOrEqual(1000);
  });

  it('waits and asks again after a 429 (another client spent the budget)', async () => {
    const target = await startTarget((_token, count) => (count === 1 ? 429 : 200));
    running = target.server;
    const answer = await createPacedReader(target.url).get('customer-a', 'a1', '/reports');
    expect(answer.status).toBe(200);
    const [first, second] = target.arrivals.get('a1') ?? [];
    expect((second as number) - (first as number)).toBeGreaterThanOrEqual(1000);
  });

  it("asks again after a gateway's 502 or 504 (no answer of the target's), within the customer's pace", async () => {
    const target = await startTarget((_token, count) => (count === 1 ? 502 : count === 2 ? 504 : 200));
    running = target.server;
    const answer = await createPacedReader(target.url).get('customer-a', 'a1', '/reports');
    expect(answer.status).toBe(200);
    const [first, , third] = target.arrivals.get('a1') ?? [];
    expect((third as number) - (first as number)).toBeGreaterThanOrEqual(1000);
  });
});
