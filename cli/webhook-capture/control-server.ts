import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ANSWER_KINDS, type Answer, type CaptureInfo } from '../../harness-core/capture-protocol.js';
import type { DeliveryLog } from './delivery-log.js';

/**
 * The control side of a capture, on a loopback port only (deliveries carry the `authenticate`
 * value): the one channel through which the webhook checks read and steer either capture kind.
 *
 *   GET  /info                      what this capture is (CaptureInfo)
 *   GET  /deliveries?key=K&since=T  what arrived (all, or of one project key)
 *   POST /answers     {key, answer}  how to answer the next delivery of project K
 *   POST /settled     {key, expect, waitMs, quietMs}  the key's deliveries once they settled
 *
 * With a target control (only a capture in the process of the bundled target has one; it acts as
 * the target's pro area and portal would, never through the target's public API):
 *   POST /target/webhook          {customer, url}  set (url null: clear) a customer's webhook target
 *   POST /target/portal-document  {key, kind, temporary}  the portal's central document creation
 *   POST /target/idle             resolves when the target's sender has no delivery in flight
 */
export interface TargetControl {
  setWebhook(customer: string, url: string | null): void;
  portalDocument(key: string, kind: 'service' | 'check', temporary: boolean): Promise<void>;
  idle(): Promise<void>;
}

export interface ControlServer {
  url: string;
  close(): Promise<void>;
}

class BadRequest extends Error {}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Answered below.
  }
  throw new BadRequest('the body must be a JSON object');
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') throw new BadRequest(`${name} must be a non-empty string`);
  return value;
}

function count(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new BadRequest(`${name} must be a number >= 0`);
  return value;
}

function answerOf(value: unknown): Answer {
  const answer = value as Partial<Answer> | null;
  if (!answer || !ANSWER_KINDS.includes(answer.kind as Answer['kind'])) throw new BadRequest(`answer.kind must be one of ${ANSWER_KINDS.join(', ')}`);
  if (answer.kind === 'status') return { kind: 'status', status: count((answer as { status?: unknown }).status, 'answer.status') };
  if (answer.kind === 'slow') return { kind: 'slow', ms: count((answer as { ms?: unknown }).ms, 'answer.ms') };
  return { kind: answer.kind as 'redirect' | 'drop' };
}

export function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startControlServer(log: DeliveryLog, info: () => CaptureInfo, target?: TargetControl): Promise<ControlServer> {
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<unknown> => {
    const url = new URL(req.url ?? '/', 'http://control');
    const route = `${req.method} ${url.pathname}`;
    switch (route) {
      case 'GET /info':
        return info();
      case 'GET /deliveries': {
        const key = url.searchParams.get('key') ?? undefined;
        return log.deliveries({ since: Number(url.searchParams.get('since') ?? 0), ...(key ? { key } : {}) });
      }
      case 'POST /answers': {
        const body = await readJson(req);
        log.answerNext(text(body.key, 'key'), answerOf(body.answer));
        return { ok: true };
      }
      case 'POST /settled': {
        const body = await readJson(req);
        return log.settled({ key: text(body.key, 'key'), expect: count(body.expect, 'expect'), waitMs: count(body.waitMs, 'waitMs'), quietMs: count(body.quietMs, 'quietMs') });
      }
    }
    if (!route.startsWith('POST /target/')) {
      res.statusCode = 404;
      return { error: `no route ${route}` };
    }
    if (!target) {
      res.statusCode = 409;
      return { error: 'this capture has no target control: only a capture in the process of the bundled target has one' };
    }
    const body = await readJson(req);
    switch (url.pathname) {
      case '/target/webhook':
        target.setWebhook(text(body.customer, 'customer'), body.url === null ? null : text(body.url, 'url'));
        return { ok: true };
      case '/target/portal-document':
        await target.portalDocument(text(body.key, 'key'), body.kind === 'check' ? 'check' : 'service', body.temporary === true);
        return { ok: true };
      case '/target/idle':
        await target.idle();
        return { ok: true };
      default:
        res.statusCode = 404;
        return { error: `no route ${route}` };
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).then(
      (result) => res.writeHead(res.statusCode, { 'content-type': 'application/json' }).end(JSON.stringify(result)),
      (err: unknown) => {
        const status = err instanceof BadRequest ? 400 : 500;
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: err instanceof Error ? err.message : String(err) }));
      },
    );
  });
  const address = await listen(server, 0, '127.0.0.1');
  return { url: `http://127.0.0.1:${address.port}`, close: () => closeServer(server) };
}
