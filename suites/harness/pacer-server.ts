import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPacingWindow, type PacingWindow } from './pacing-window.js';

/**
 * One scheduler for all vitest workers, living in the main process (started by the global
 * setup): workers ask it over loopback HTTP before each request to the target and report when
 * the response arrived. It also hands out pool customers and collects the run's figures.
 */
export interface RunStats {
  startedAt: number;
  requestsByCustomer: Record<string, number>;
  unintended429: { customer: string; check: string; method: string; path: string }[];
  createdProjects: { customer: string; key: string; check: string }[];
}

interface CustomerState {
  window: PacingWindow;
  /** FIFO: the head waits until all its grants are possible, so a whole-lane request is not starved. */
  waiters: { grants: number; resolve: () => void; reject: (err: Error) => void }[];
  timer: NodeJS.Timeout | undefined;
  leases: number;
  exclusive: boolean;
}

export interface PacerServer {
  url: string;
  stats(): RunStats;
  /** The run was interrupted: every waiting and later request for a customer is refused (503), so checks end at once. */
  interrupt(): void;
  close(): Promise<void>;
}

/** Answered with 503: the pacer-client turns it into RunInterrupted. */
class Interrupted extends Error {}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startPacerServer(options: {
  leaseGroup: string[];
  marginMs?: number;
  /** Requests sent before the run (the CLI's preflight): per customer, when their responses arrived (epoch ms). */
  priorResponses?: Record<string, number[]>;
}): Promise<PacerServer> {
  const customers = new Map<string, CustomerState>();
  const leaseWaiters: (() => void)[] = [];
  let interrupted = false;
  const stats: RunStats = { startedAt: Date.now(), requestsByCustomer: {}, unintended429: [], createdProjects: [] };
  for (const [customer, times] of Object.entries(options.priorResponses ?? {})) {
    const { window } = state(customer);
    for (const at of times) {
      window.grant();
      window.complete(at);
    }
  }

  /** A customer's window is created on first use, with the limit its first request names (default: the API's 2 per second). */
  function state(customer: string, limit = 2, windowMs = 1000): CustomerState {
    let s = customers.get(customer);
    if (!s) {
      s = { window: createPacingWindow(limit, windowMs, options.marginMs ?? 5), waiters: [], timer: undefined, leases: 0, exclusive: false };
      customers.set(customer, s);
    }
    return s;
  }

  function pump(s: CustomerState): void {
    for (let head = s.waiters[0]; head; head = s.waiters[0]) {
      const wait = s.window.waitMs(Date.now(), head.grants);
      if (wait > 0) {
        if (wait !== Infinity && !s.timer) {
          s.timer = setTimeout(() => {
            s.timer = undefined;
            pump(s);
          }, Math.ceil(wait));
        }
        return;
      }
      s.window.grant(head.grants);
      s.waiters.shift();
      head.resolve();
    }
  }

  /** The customer with the fewest current leases; among those, the one that has sent the fewest requests. */
  function pickLease(exclusive: boolean): string | undefined {
    let best: string | undefined;
    let bestScore: [number, number] = [Infinity, Infinity];
    for (const customer of options.leaseGroup) {
      const s = state(customer);
      if (s.exclusive || (exclusive && s.leases > 0)) continue;
      const score: [number, number] = [s.leases, stats.requestsByCustomer[customer] ?? 0];
      if (score[0] < bestScore[0] || (score[0] === bestScore[0] && score[1] < bestScore[1])) {
        best = customer;
        bestScore = score;
      }
    }
    return best;
  }

  async function lease(exclusive: boolean): Promise<string> {
    for (;;) {
      if (interrupted) throw new Interrupted('run interrupted');
      const customer = pickLease(exclusive);
      if (customer) {
        const s = state(customer);
        s.leases += 1;
        s.exclusive = exclusive;
        return customer;
      }
      await new Promise<void>((resolve) => leaseWaiters.push(resolve));
    }
  }

  const handlers: Record<string, (body: Record<string, unknown>) => Promise<unknown> | unknown> = {
    '/acquire': (body) =>
      new Promise<void>((resolve, reject) => {
        if (interrupted) return reject(new Interrupted('run interrupted'));
        const customer = String(body.customer);
        const grants = typeof body.grants === 'number' ? body.grants : 1;
        stats.requestsByCustomer[customer] = (stats.requestsByCustomer[customer] ?? 0) + grants;
        const s = state(customer, typeof body.limit === 'number' ? body.limit : 2, typeof body.windowMs === 'number' ? body.windowMs : 1000);
        s.waiters.push({ grants, resolve, reject });
        pump(s);
      }),
    '/release': (body) => {
      const s = state(String(body.customer));
      s.window.complete(Date.now());
      pump(s);
    },
    '/lease': async (body) => ({ customer: await lease(body.exclusive === true) }),
    '/unlease': (body) => {
      const s = state(String(body.customer));
      s.leases = Math.max(0, s.leases - 1);
      s.exclusive = false;
      leaseWaiters.splice(0).forEach((wake) => wake());
    },
    '/unintended-429': (body) => {
      stats.unintended429.push(body as unknown as RunStats['unintended429'][number]);
    },
    '/created': (body) => {
      stats.createdProjects.push(body as unknown as RunStats['createdProjects'][number]);
    },
    '/stats': () => stats,
  };

  const server: Server = createServer((req, res) => {
    const handler = handlers[req.url ?? ''];
    if (!handler || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    readJson(req)
      .then((body) => handler(body))
      .then((result) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? {}));
      })
      .catch((err: unknown) => res.writeHead(err instanceof Interrupted ? 503 : 500).end(String(err)));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats: () => structuredClone(stats),
    interrupt: () => {
      interrupted = true;
      for (const s of customers.values()) {
        clearTimeout(s.timer);
        for (const waiter of s.waiters.splice(0)) waiter.reject(new Interrupted('run interrupted'));
      }
      leaseWaiters.splice(0).forEach((wake) => wake());
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of customers.values()) clearTimeout(s.timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
