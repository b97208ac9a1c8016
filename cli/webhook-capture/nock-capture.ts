import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import nock from 'nock';
import type { Answer, CaptureInfo, Delivery } from '../../harness-core/capture-protocol.js';
import { closeServer, listen } from './control-server.js';
import { DeliveryLog } from './delivery-log.js';
import { PRIVATE_NAME_SUFFIX } from '../../reference-server/src/webhook/capture-sender.js';

/**
 * The nock capture: runs in the process where the bundled target's webhook sender runs (the CLI's,
 * or the fault runner's), so it sees that target's deliveries without a network.
 *
 * - The webhook target is `https://capture-<random>.cpf.test/hooks/pdf`: nock answers every method
 *   and path of that host before any DNS lookup, as the checks told it (delivery-log.ts); a
 *   redirect answer points at a second intercepted host, recorded as `via: 'redirect'`.
 * - The trap, for the address-policy checks: real listeners on 127.0.0.1 (and ::1 where the
 *   machine has it), which loopback literals in every notation, 0.0.0.0 and names under
 *   PRIVATE_NAME_SUFFIX reach through the sender's own lookup; every other address a check points
 *   a webhook at (10/8, 169.254.169.254, ...) is intercepted by nock (`armTrap`), so a sender that
 *   does not refuse it is seen and nothing leaves the machine.
 * - `nock.disableNetConnect()` with loopback and the private names allowed: whatever else a sender
 *   tries fails inside this process. nock is active while at least one capture runs.
 */
export interface NockCapture {
  log: DeliveryLog;
  webhookUrl: string;
  trap: NonNullable<CaptureInfo['trap']>;
  /** Intercepts the origin of a URL a check configures, unless it reaches a trap listener itself. */
  armTrap(url: string): void;
  close(): Promise<void>;
}

const METHODS = ['POST', 'PUT', 'PATCH', 'GET', 'DELETE'];
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '0.0.0.0', '[::ffff:7f00:1]', '::ffff:7f00:1']);

let users = 0;

function acquireNock(): void {
  if (users++ > 0) return;
  if (!nock.isActive()) nock.activate();
  nock.disableNetConnect();
  nock.enableNetConnect((host: string) => {
    const name = host.replace(/:\d+$/, '').toLowerCase();
    return LOOPBACK_HOSTS.has(name) || /^127\.\d+\.\d+\.\d+$/.test(name) || name.endsWith(PRIVATE_NAME_SUFFIX);
  });
}

function releaseNock(): void {
  if (--users > 0) return;
  nock.enableNetConnect();
  nock.restore();
}

function headerRecord(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type ReplyContext = { req: { method?: string; headers: Record<string, unknown> } };
type Reply = [number, string | Record<string, unknown>, Record<string, string>?];

/** Intercepts every method and path of an origin; each request is recorded and answered by `answerFor`. */
function interceptOrigin(origin: string, answerFor: (d: Omit<Delivery, 'answer' | 'receivedAt'>) => Answer, redirectTo: string | undefined): () => void {
  const scope = nock(origin).persist();
  const host = new URL(origin).host;
  const interceptors = METHODS.map((method) => {
    const interceptor = scope.intercept(() => true, method);
    interceptor.reply(async function (this: ReplyContext, uri: string, requestBody: unknown): Promise<Reply> {
      const body = typeof requestBody === 'string' ? requestBody : JSON.stringify(requestBody ?? '');
      const answer = answerFor({ method: this.req.method ?? method, host, path: uri, headers: headerRecord(this.req.headers), body, via: 'target' });
      switch (answer.kind) {
        case 'status':
          return [answer.status, { received: true }];
        case 'slow':
          await sleep(answer.ms);
          return [200, { received: true }];
        case 'redirect':
          return [302, '', { location: redirectTo ?? `${origin}/cpf-redirected` }];
        case 'drop':
          // An Error instance: nock emits 'error' on the request for it (a dropped connection to the sender).
          throw Object.assign(new Error(`socket hang up (cpf-conformance capture ${host} dropped the connection)`), { code: 'ECONNRESET' });
      }
    });
    return interceptor;
  });
  return () => {
    for (const interceptor of interceptors) nock.removeInterceptor(interceptor);
  };
}

async function trapListener(host: string, log: DeliveryLog): Promise<{ server: Server; port: number } | undefined> {
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      log.accept({ method: req.method ?? '', host: req.headers.host ?? host, path: req.url ?? '', headers: headerRecord(req.headers), body: Buffer.concat(chunks).toString('utf8'), via: 'trap' });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  try {
    const address = await listen(server, 0, host);
    return { server, port: address.port };
  } catch {
    // No IPv6 loopback on this machine: the ::1 check is skipped, saying so.
    return undefined;
  }
}

export async function startNockCapture(): Promise<NockCapture> {
  const log = new DeliveryLog();
  const suffix = randomBytes(4).toString('hex');
  const origin = `https://capture-${suffix}.cpf.test`;
  const redirectOrigin = `https://redirected-${suffix}.cpf.test`;
  const v4 = await trapListener('127.0.0.1', log);
  if (!v4) throw new Error('the webhook capture cannot listen on 127.0.0.1');
  const v6 = await trapListener('::1', log);
  acquireNock();
  const removals = [
    interceptOrigin(origin, (d) => log.accept(d), `${redirectOrigin}/landing`),
    interceptOrigin(redirectOrigin, (d) => log.accept({ ...d, via: 'redirect' }), undefined),
  ];
  const armed = new Set<string>();
  const trapPorts = new Set([v4.port, ...(v6 ? [v6.port] : [])]);
  return {
    log,
    webhookUrl: `${origin}/hooks/pdf`,
    trap: { loopbackPort: v4.port, ...(v6 ? { ipv6LoopbackPort: v6.port } : {}), privateNameSuffix: PRIVATE_NAME_SUFFIX },
    armTrap(url) {
      const parsed = new URL(url);
      if (parsed.origin === origin || armed.has(parsed.origin) || trapPorts.has(Number(parsed.port))) return;
      armed.add(parsed.origin);
      removals.push(interceptOrigin(parsed.origin, (d) => log.accept({ ...d, via: 'trap' }), undefined));
    },
    async close() {
      for (const remove of removals) remove();
      releaseNock();
      await Promise.all([closeServer(v4.server), ...(v6 ? [closeServer(v6.server)] : [])]);
    },
  };
}
