/**
 * Bundled mode: the webhook suite starts its OWN reference servers in this worker, as a black box
 * through `startReferenceServer` (fresh temporary database, demo seed, the webhook target of the
 * primary demo customer configured as the pro area would), and captures their deliveries with
 * nock. Nothing of this goes through the target under test.
 *
 * - Every server gets its own receiver host (`<name>-<random>.cpf.test`), so the checks of this
 *   file can run concurrently without seeing each other's deliveries; nock intercepts every method
 *   and path of that host (a PUT or a request to another path is seen too) and answers as the
 *   scenario says (200, 500, a delay beyond the sender's timeout, a connection error, a redirect).
 * - nock captures node:http before the sender's DNS lookup, so the SSRF guard is not exercised
 *   here; the loopback scenario (HOOK-8) uses a real receiver on 127.0.0.1 instead.
 * - `nock.disableNetConnect()` with 127.0.0.1 allowed: the suite still reaches its own servers
 *   (with undici, which nock does not intercept anyway), nothing else leaves the process.
 * - Requests to an in-process server obey the limit of 2 per sliding second of its primary
 *   customer with a local pacing window (the same one the harness's pacer uses).
 * - Fault runs: the fault runner sets CPF_FAULT; the server started here then gets the same
 *   `configure` from the fault catalogue (the only import of scripts/faults by a suite), so a
 *   fault of the webhook sender is caught by these checks.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type nockType from 'nock';
import { request } from 'undici';
import { startReferenceServer, type RunningServer } from '../../reference-server/src/start.js';
import { HarnessError } from '../harness/client.js';
import { redactHeaders, type Exchange } from '../harness/exchange.js';
import { createPacingWindow } from '../harness/pacing-window.js';
import type { Delivery } from './observation.js';

type Configure = NonNullable<Parameters<typeof startReferenceServer>[0]['configure']>;

/** How the receiver answers deliveries. */
export type ReceiverBehaviour =
  | { kind: 'reply'; status: number; headers?: Record<string, string>; delayMs?: number }
  | { kind: 'error'; code: string }
  /** A real node:http receiver on 127.0.0.1 (the sender must refuse it: loopback is not public). */
  | { kind: 'loopback' };

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// -------------------------------------------------------------------------------------------------
// nock and faults, set up once per worker
// -------------------------------------------------------------------------------------------------

let nockPromise: Promise<typeof nockType> | undefined;

function activeNock(): Promise<typeof nockType> {
  nockPromise ??= import('nock').then(({ default: nock }) => {
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
    nock.enableNetConnect((host) => /^(?:127\.0\.0\.1|localhost)(?::\d+)?$/.test(host));
    return nock;
  });
  return nockPromise;
}

let faultPromise: Promise<Configure | undefined> | undefined;

/** The `configure` of the fault the fault runner injects (CPF_FAULT), or undefined. */
function faultConfigure(): Promise<Configure | undefined> {
  faultPromise ??= (async () => {
    const id = process.env.CPF_FAULT;
    if (!id) return undefined;
    const { faults } = await import('../../scripts/faults/catalog/index.js');
    const fault = faults.find((f) => f.id === id);
    if (!fault) throw new HarnessError(`CPF_FAULT=${id} is not a fault of scripts/faults/catalog`);
    return (deps) => fault.configure(deps);
  })();
  return faultPromise;
}

// -------------------------------------------------------------------------------------------------
// One in-process server with its receiver
// -------------------------------------------------------------------------------------------------

export interface CallResult {
  status: number;
  text: string;
  /** Milliseconds from sending the request to the end of the response body. */
  ms: number;
}

const running = new Set<InProcessServer>();

function headerRecord(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

export class InProcessServer {
  readonly exchanges: Exchange[] = [];
  private readonly window = createPacingWindow(2, 1000, 20);

  private constructor(
    readonly name: string,
    readonly server: RunningServer,
    readonly webhookUrl: string,
    readonly authenticate: string,
    /** Every request the receiver (and a redirect target) got, in arrival order. */
    readonly deliveries: Delivery[],
    private readonly token: string,
    private readonly cleanups: (() => Promise<void> | void)[],
  ) {}

  /** The host the deliveries go to, e.g. `main-1a2b3c.cpf.test`. */
  get receiverHost(): string {
    return new URL(this.webhookUrl).host;
  }

  get expectedPath(): string {
    return new URL(this.webhookUrl).pathname;
  }

  get profile() {
    const profile = this.server.profile;
    if (!profile) throw new HarnessError('the in-process reference server wrote no profile');
    return profile;
  }

  /** The primary demo customer's project of a purpose in the seed profile. */
  projectKey(purpose: 'calculable' | 'incomplete' | 'archived' | 'outsideRadius'): string {
    const key = this.profile.resources?.primaryProjectKeys?.[purpose];
    if (!key) throw new HarnessError(`the in-process server's profile has no resources.primaryProjectKeys.${purpose}`);
    return key;
  }

  static async start(name: string, behaviour: ReceiverBehaviour, extra: { redirectTarget?: boolean } = {}): Promise<InProcessServer> {
    const configure = await faultConfigure();
    const dir = mkdtempSync(join(tmpdir(), `cpf-webhook-${name}-`));
    const deliveries: Delivery[] = [];
    const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
    let webhookUrl: string;
    if (behaviour.kind === 'loopback') {
      const receiver = await startLoopbackReceiver(deliveries);
      cleanups.unshift(() => receiver.close());
      webhookUrl = `${receiver.url}/hooks/pdf`;
    } else {
      const nock = await activeNock();
      const host = `${name}-${randomBytes(4).toString('hex')}.cpf.test`;
      webhookUrl = `https://${host}/hooks/pdf`;
      const redirectHost = `${name}-redirected-${randomBytes(4).toString('hex')}.cpf.test`;
      const headers = { ...behaviour.kind === 'reply' ? behaviour.headers : {} };
      if (extra.redirectTarget) headers.location = `https://${redirectHost}/landing`;
      cleanups.unshift(interceptHost(nock, host, behaviour, headers, deliveries));
      if (extra.redirectTarget) cleanups.unshift(interceptHost(nock, redirectHost, { kind: 'reply', status: 200 }, {}, deliveries));
    }
    const authenticate = `cpf-conformance "${randomBytes(6).toString('hex')}" äöü +/= `;
    let server: RunningServer;
    try {
      server = await startReferenceServer({
        port: 0,
        host: '127.0.0.1',
        db: join(dir, 'reference.sqlite'),
        seed: 'demo',
        webhook: { url: webhookUrl, authenticate },
        allowLoopbackWebhooks: false,
        ...(configure ? { configure } : {}),
      });
    } catch (err) {
      for (const cleanup of cleanups) await cleanup();
      throw err;
    }
    const token = server.profile?.customers.primary.tokens[0];
    if (!token) {
      await server.close();
      for (const cleanup of cleanups) await cleanup();
      throw new HarnessError('the in-process reference server has no primary token');
    }
    const instance = new InProcessServer(name, server, webhookUrl, authenticate, deliveries, token, cleanups);
    running.add(instance);
    return instance;
  }

  /** GET of the in-process API as its primary customer, paced to 2 per sliding second. */
  async get(path: string): Promise<CallResult> {
    await this.acquire();
    const url = `${this.server.baseUrl}${path}`;
    const headers = { accept: 'application/json', authorization: `Bearer ${this.token}` };
    const exchange: Exchange = { customer: `in-process ${this.name} primary`, request: { method: 'GET', url, headers: redactHeaders(headers) }, sentAt: performance.now(), receivedAt: 0 };
    try {
      const res = await request(url, { method: 'GET', headers });
      const text = await res.body.text();
      exchange.receivedAt = performance.now();
      exchange.response = { status: res.statusCode, headers: headerRecord(res.headers), body: text };
      if (res.statusCode === 429) throw new HarnessError(`unintended 429 from the in-process server ${this.name} on GET ${path}: the local pacing failed`);
      return { status: res.statusCode, text, ms: exchange.receivedAt - exchange.sentAt };
    } catch (err) {
      exchange.receivedAt = performance.now();
      if (!exchange.response) exchange.error = err instanceof Error ? err.message : String(err);
      throw err;
    } finally {
      this.window.complete(Date.now());
      this.exchanges.push(exchange);
    }
  }

  pdf(key: string, type?: 'service' | 'check'): Promise<CallResult> {
    return this.get(`/reports/${key}/pdf${type ? `?type=${type}` : ''}`);
  }

  /**
   * Waits until the server has no delivery in flight, then a quiet period for late or repeated
   * sends, then once more. Counts are asserted only after this.
   */
  async settle(quietMs = 600): Promise<void> {
    await this.server.portal.webhookIdle();
    await sleep(quietMs);
    await this.server.portal.webhookIdle();
  }

  private async acquire(): Promise<void> {
    for (;;) {
      const wait = this.window.waitMs(Date.now());
      if (wait === 0) {
        this.window.grant();
        return;
      }
      await sleep(wait === Infinity ? 20 : Math.ceil(wait));
    }
  }

  async close(): Promise<void> {
    running.delete(this);
    await this.server.close();
    for (const cleanup of this.cleanups) await cleanup();
  }
}

/** Closes every in-process server this worker started (afterAll), and hands the network back. */
export async function closeAll(): Promise<void> {
  await Promise.allSettled([...running].map((s) => s.close()));
  if (nockPromise) {
    const nock = await nockPromise;
    nock.cleanAll();
    nock.enableNetConnect();
    nock.restore();
    nockPromise = undefined;
  }
}

/** Persistent interception of every method and path of one host; returns its removal. */
function interceptHost(nock: typeof nockType, host: string, behaviour: ReceiverBehaviour, headers: Record<string, string>, into: Delivery[]): () => void {
  const scope = nock(`https://${host}`).persist();
  scope.on('request', (req: { method?: string; path?: string; headers: Record<string, unknown> }, _interceptor: unknown, body: string) => {
    into.push({ method: req.method ?? '', path: req.path ?? '', host, headers: headerRecord(req.headers), body: body ?? '', receivedAt: Date.now() });
  });
  const interceptors: nockType.Interceptor[] = [];
  for (const method of ['POST', 'PUT', 'PATCH', 'GET', 'DELETE']) {
    const interceptor = scope.intercept(() => true, method);
    interceptors.push(interceptor);
    if (behaviour.kind === 'error') {
      // An Error instance: nock 14 emits no 'error' on the request for a plain object.
      interceptor.replyWithError(Object.assign(new Error(`connect ${behaviour.code} (cpf-conformance receiver ${host})`), { code: behaviour.code }));
    } else if (behaviour.kind === 'reply') {
      (behaviour.delayMs ? interceptor.delay(behaviour.delayMs) : interceptor).reply(behaviour.status, behaviour.status >= 300 && behaviour.status < 400 ? '' : { received: true }, headers);
    }
  }
  return () => {
    scope.removeAllListeners('request');
    for (const interceptor of interceptors) nock.removeInterceptor(interceptor);
  };
}

async function startLoopbackReceiver(into: Delivery[]): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      into.push({ method: req.method ?? '', path: req.url ?? '', host: req.headers.host ?? '', headers: headerRecord(req.headers), body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
