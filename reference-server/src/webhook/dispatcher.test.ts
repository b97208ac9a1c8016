import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { manualClock } from '../clock.js';
import { createWebhookDispatcher, type DeliveryRecord } from './dispatcher.js';
import { createGuardedFetch, type DeliveryOutcome, type WebhookRequest, type WebhookSend } from './guarded-fetch.js';
import type { PdfGeneratedInput } from './payload.js';

const input: PdfGeneratedInput = {
  projectKey: 'abcdefghi',
  document: {
    id: 12,
    type: 'service',
    name: 'heizlast.pdf',
    size: 2048,
    url: 'https://site.example/d/12.pdf',
    viewerUrl: 'https://site.example/v/12',
    temporary: false,
  },
};
const target = { url: 'https://receiver.example/hook/path-secret?token=query-secret', authenticate: 'auth-secret' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function setup(send: WebhookSend) {
  const records: DeliveryRecord[] = [];
  const lines: string[] = [];
  const clock = manualClock(0, new Date('2026-05-06T07:08:09.000Z'));
  let n = 0;
  const dispatcher = createWebhookDispatcher({
    send,
    record: (r) => {
      records.push(r);
    },
    log: (line) => lines.push(line),
    clock,
    newEventId: () => `event-${++n}`,
  });
  return { dispatcher, records, lines, clock };
}

describe('webhook dispatcher', () => {
  it('returns at once: the send has not even started when dispatch returns, and the PDF never waits for it', async () => {
    const answer = deferred<DeliveryOutcome>();
    const send = vi.fn<WebhookSend>(() => answer.promise);
    const { dispatcher, records } = setup(send);

    const handle = dispatcher.dispatch(target, input);
    expect(handle.eventId).toBe('event-1');
    expect(send).not.toHaveBeenCalled();

    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(records).toEqual([]); // target still "answering"; nothing blocked on it
    answer.resolve({ delivered: true, status: 204, durationMs: 31 });
    const record = await handle.settled;
    expect(records).toEqual([record]);
  });

  it('sends the built payload with the delivery headers; eventId in body and header match the handle', async () => {
    const send = vi.fn<WebhookSend>(async () => ({ delivered: true, status: 200, durationMs: 5 }));
    const { dispatcher } = setup(send);
    const handle = dispatcher.dispatch(target, input);
    await handle.settled;
    const sent = send.mock.calls[0]?.[0] as WebhookRequest;
    expect(sent.url).toBe(target.url);
    expect(sent.headers).toStrictEqual({ 'Content-Type': 'application/json', 'X-Service-Event': 'pdf.generated', 'X-Service-Delivery': 'event-1' });
    expect(JSON.parse(sent.body)).toMatchObject({
      event: 'webhookservice',
      eventId: 'event-1',
      authenticate: 'auth-secret',
      projektKey: 'abcdefghi',
      projectKey: 'abcdefghi',
      generatedAt: '2026-05-06T07:08:09.000Z',
    });
  });

  it('records the one outcome; a failure is not retried', async () => {
    const send = vi.fn<WebhookSend>(async () => ({ delivered: false, status: 500, error: 'HTTP 500', durationMs: 12 }));
    const { dispatcher, records } = setup(send);
    const handle = dispatcher.dispatch(target, input);
    await handle.settled;
    await dispatcher.idle();
    await new Promise((r) => setTimeout(r, 50));
    expect(send).toHaveBeenCalledTimes(1);
    expect(records).toStrictEqual([
      {
        eventId: 'event-1',
        projectKey: 'abcdefghi',
        documentType: 'service',
        attemptedAt: '2026-05-06T07:08:09.000Z',
        delivered: false,
        status: 500,
        error: 'HTTP 500',
        durationMs: 12,
      },
    ]);
  });

  it('each dispatch is a separate delivery with its own event id (dedup is the caller\u2019s claim, not the dispatcher\u2019s)', async () => {
    const send = vi.fn<WebhookSend>(async () => ({ delivered: true, status: 204, durationMs: 1 }));
    const { dispatcher, records } = setup(send);
    dispatcher.dispatch(target, input);
    dispatcher.dispatch(target, input);
    await dispatcher.idle();
    expect(records.map((r) => r.eventId).sort()).toEqual(['event-1', 'event-2']);
  });

  it('the default event id is a random UUID', async () => {
    const send = vi.fn<WebhookSend>(async () => ({ delivered: true, status: 204, durationMs: 1 }));
    const dispatcher = createWebhookDispatcher({ send, record: () => {} });
    const a = dispatcher.dispatch(target, input);
    const b = dispatcher.dispatch(target, input);
    expect(a.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.eventId).not.toBe(b.eventId);
    await dispatcher.idle();
    expect(JSON.parse(send.mock.calls[0]?.[0].body ?? '{}').eventId).toBe(a.eventId);
  });

  it('a send that throws or rejects becomes a recorded failure, never an exception or unhandled rejection', async () => {
    for (const send of [
      vi.fn<WebhookSend>(() => {
        throw new Error('sync boom');
      }),
      vi.fn<WebhookSend>(async () => {
        throw new Error('async boom');
      }),
    ]) {
      const { dispatcher, records } = setup(send);
      expect(() => dispatcher.dispatch(target, input)).not.toThrow();
      await dispatcher.idle();
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ delivered: false, error: expect.stringMatching(/boom/) });
    }
  });

  it('bad payload input: nothing is sent, the failure is recorded', async () => {
    const send = vi.fn<WebhookSend>();
    const { dispatcher, records } = setup(send);
    dispatcher.dispatch(target, { ...input, document: { ...input.document, url: '/relative.pdf' } });
    await dispatcher.idle();
    expect(send).not.toHaveBeenCalled();
    expect(records[0]).toMatchObject({ delivered: false, error: expect.stringMatching(/full URL/) });
  });

  it('a failing record or log is contained', async () => {
    const send = vi.fn<WebhookSend>(async () => ({ delivered: true, status: 204, durationMs: 1 }));
    const lines: string[] = [];
    const dispatcher = createWebhookDispatcher({
      send,
      record: async () => {
        throw new Error('disk full');
      },
      log: (line) => lines.push(line),
    });
    const record = await dispatcher.dispatch(target, input).settled;
    expect(record.delivered).toBe(true);
    expect(lines.some((l) => l.includes('recording the outcome failed: disk full'))).toBe(true);

    const throwingLog = createWebhookDispatcher({
      send,
      record: () => {},
      log: () => {
        throw new Error('log down');
      },
    });
    await expect(throwingLog.dispatch(target, input).settled).resolves.toMatchObject({ delivered: true });
  });

  it('logs the outcome with the host only: no authenticate value, no path or query', async () => {
    const send = vi.fn<WebhookSend>(async () => ({ delivered: false, error: 'timeout after 5000 ms', durationMs: 5000 }));
    const { dispatcher, lines } = setup(send);
    await dispatcher.dispatch(target, input).settled;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('host=receiver.example');
    expect(lines[0]).toContain('event=event-1');
    expect(lines[0]).toContain('delivered=false');
    for (const secret of ['auth-secret', 'path-secret', 'query-secret']) expect(lines.join('\n')).not.toContain(secret);
  });
});

describe('webhook dispatcher + guarded transport, end to end on loopback', () => {
  it('the receiver gets exactly the spec headers and payload; the outcome is recorded', async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const records: DeliveryRecord[] = [];
      const dispatcher = createWebhookDispatcher({
        send: createGuardedFetch({ resolve: async () => [{ address: '127.0.0.1', family: 4 }], allowLoopback: true }),
        record: (r) => {
          records.push(r);
        },
      });
      const handle = dispatcher.dispatch({ url: `http://receiver.test:${port}/hook`, authenticate: 'auth-secret' }, { ...input, document: { ...input.document, type: 'heatpump-check', temporary: true } });
      await dispatcher.idle();
      expect(records).toEqual([expect.objectContaining({ eventId: handle.eventId, delivered: true, status: 202, address: '127.0.0.1' })]);
      expect(received).toHaveLength(1);
      const [{ headers, body }] = received as [{ headers: IncomingHttpHeaders; body: string }];
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-service-event']).toBe('pdf.generated');
      expect(headers['x-service-delivery']).toBe(handle.eventId);
      const payload = JSON.parse(body);
      expect(payload.eventId).toBe(headers['x-service-delivery']);
      expect(payload).toMatchObject({
        event: 'webhookcheck',
        eventType: 'pdf.generated',
        authenticate: 'auth-secret',
        projektKey: 'abcdefghi',
        projectKey: 'abcdefghi',
        document: { id: 0, type: 'heatpump-check', temporary: true, url: 'https://site.example/d/12.pdf', viewerUrl: 'https://site.example/v/12' },
      });
      expect(Object.keys(payload).sort()).toEqual(['authenticate', 'document', 'event', 'eventId', 'eventType', 'generatedAt', 'projectKey', 'projektKey']);
      expect(Object.keys(payload.document).sort()).toEqual(['id', 'name', 'size', 'temporary', 'type', 'url', 'viewerUrl']);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
