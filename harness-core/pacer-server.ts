import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { candidateFits } from './lease-fit.js';
import { createPacerTimeline, type PacerTimeline } from './pacer-timeline.js';
import { outcome } from './rate-limit-timeline.js';
import { createPacingWindow, type PacingWindow } from './pacing-window.js';
import { createStartupTurns } from './startup-turns.js';

/**
 * One scheduler for all vitest workers, living in the main process (started by the global
 * setup): workers ask it over loopback HTTP before each request to the target and report when
 * the response arrived. It also leases customers with an active license to checks and collects
 * the run's figures.
 */
export interface RunStats {
  startedAt: number;
  requestsByCustomer: Record<string, number>;
  /**
   * Requests per area and demand kind (`role:primary`, `lease:licensed`, `exclusive`, ...): what
   * cli/floor-estimate.ts learns the next runs' floor estimates from.
   */
  demandByArea?: Record<string, Record<string, number>>;
  /** Per customer, its first grant and its last response (ms after startedAt): the stretch its pace could fill. */
  busyByCustomer?: Record<string, { first: number; last: number }>;
  /**
   * Requests of the invalid-token lane per rule (the one the check's title names first): the kit
   * sends no more of them than its rules need, and this says how many each one took. A whole-lane
   * hold (RATE-12's) paces its own requests: it counts the grants it held, `<rule> (lane held)`,
   * at most its requests.
   */
  laneRequestsByRule?: Record<string, number>;
  unintended429: { customer: string; check: string; method: string; path: string }[];
  /** 429s outside the rate-limit checks that the customer's timeline at the pacer proves wrong (RATE-2): their checks failed. */
  provenWrongRefusals?: { customer: string; check: string; method: string; path: string }[];
  createdProjects: { customer: string; key: string; check: string }[];
}

/**
 * What a leasing check needs of its customer. `licensed`: an active license (create, read and
 * change own projects) and not the customer that owns the profile's foreign resources (checks
 * compare against those); `heatpump`: that and the heat-pump function right; `own-data-only`:
 * any customer with an active license, the foreign one too (the check touches only what it creates);
 * `calculable` / `funding`: a customer the profile gives a calculable project / expected funding
 * applications (the primary customer, and pool customers with such resources).
 */
export const LEASE_KINDS = ['licensed', 'heatpump', 'own-data-only', 'calculable', 'funding'] as const;
export type LeaseKind = (typeof LEASE_KINDS)[number];

/** A customer of the profile with an active license that checks may lease. */
export interface LeaseCandidate {
  customer: string;
  tokens: number;
  /** Known to hold the heat-pump function right (pool and primary by the profile's definition). */
  heatpump: boolean;
  /** Owns the profile's foreign resources (customers.foreign). */
  foreign: boolean;
  /** The resource kinds the profile gives this customer (`calculable`, `funding`). */
  owns?: readonly LeaseKind[];
}

interface Waiter {
  grants: number;
  /** Taken by a check that sends unpaced requests meanwhile (a held lane), not by one request. */
  held: boolean;
  check: string | undefined;
  /** Arrival order, the tie-break among checks of equal seniority; it also names the grant to its release. */
  seq: number;
  resolve: () => void;
  reject: (err: Error) => void;
}

interface CustomerState {
  window: PacingWindow;
  timeline: PacerTimeline;
  /** Served by seniority (below); the head waits until all its grants are possible, so a whole-lane request is not starved. */
  waiters: Waiter[];
  timer: NodeJS.Timeout | undefined;
  leases: number;
  /** Requests the checks holding a lease said they would send (a lease without a hint is absent). */
  leaseHints: Map<string, number>;
  /** The check holding the customer exclusively ('' for a caller outside any check). */
  exclusive: string | undefined;
  /** Requests of checks that do not lease this customer (its role work) and of those that do. */
  roleRequests: number;
  leaseRequests: number;
}

interface CheckState {
  /** When the pacer granted the check's first request (epoch ms): its seniority. */
  firstGrantAt?: number;
  /** Customers the check leases, with the kind of demand their requests count as. */
  leases: Map<string, string>;
  leaseRequests: Map<string, number>;
}

/**
 * The workers of a bundled run ask for their start turn within about 0.1-0.2 s; without the wait
 * the first two turns went to whichever asked first, and the primary customer's first request
 * left after 1.3-1.8 s instead of 1.2-1.5 s (8 workers).
 */
const DEFAULT_STARTUP_GATHER_MS = 80;

/** Requests a leasing check sends on its customer before the run has measured any (a guess; the median check sends a few). */
const DEFAULT_REQUESTS_PER_LEASE = 6;

/**
 * Leases one customer serves at once. Lease sizes vary (1 to 40 requests) and are mostly unknown
 * when granted, so handing every waiting check a customer at the start piles a few heavy checks on
 * one budget; with a cap, a customer gets its next check when one of its checks ends, and the work
 * spreads by what was actually sent. Three keep a customer's 2 requests per second busy.
 */
const DEFAULT_MAX_LEASES_PER_CUSTOMER = 3;

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
  /** Customers checks may lease; a bare name is a pool-like customer with the heat-pump right and 2 tokens. */
  leaseGroup: (LeaseCandidate | string)[];
  /**
   * Requests each role customer is expected to send for its role (the floor estimate's table): a
   * customer with much role work to come gets leased only once the others have as much.
   */
  expectedRoleRequests?: Record<string, number>;
  marginMs?: number;
  /** Leases one customer holds at once (a check's further leases are not held back: it already waits on them). */
  maxLeasesPerCustomer?: number;
  /** Requests sent before the run (the CLI's preflight): per customer, when their responses arrived (epoch ms). */
  priorResponses?: Record<string, number[]>;
  /** Workers loading the suites at once (startup-turns.ts); default one per core. */
  startupSlots?: number;
  /** How long the first start turns wait for further workers to ask, so the lead files start first. */
  startupGatherMs?: number;
}): Promise<PacerServer> {
  const customers = new Map<string, CustomerState>();
  const checks = new Map<string, CheckState>();
  const candidates: LeaseCandidate[] = options.leaseGroup.map((c) => (typeof c === 'string' ? { customer: c, tokens: 2, heatpump: true, foreign: false } : c));
  const leaseWaiters: { check: string | undefined; seq: number; wake: () => void }[] = [];
  let interrupted = false;
  const startupTurns = createStartupTurns(options.startupSlots ?? availableParallelism(), { gatherMs: options.startupGatherMs ?? DEFAULT_STARTUP_GATHER_MS });
  let arrivals = 0;
  const finishedLeases = { count: 0, requests: 0 };
  const maxLeases = options.maxLeasesPerCustomer ?? DEFAULT_MAX_LEASES_PER_CUSTOMER;
  const busyByCustomer: NonNullable<RunStats['busyByCustomer']> = {};
  const stats: RunStats = { startedAt: Date.now(), requestsByCustomer: {}, demandByArea: {}, laneRequestsByRule: {}, busyByCustomer, unintended429: [], provenWrongRefusals: [], createdProjects: [] };
  // The timelines prove refusals wrong from differences of their times: a clock that never steps.
  const clock = () => performance.timeOrigin + performance.now();
  /**
   * Grant times of paced requests, and the slowest answer among them: the pacer grants only when
   * the customer's sliding second has room, so however long such a request waited, the target
   * held it without needing to (a late-deciding thread pool, a slow store), never for the limit.
   * The rate-limit checks take it into their bound for queueing (probe.ts).
   */
  const pacedGrantedAt = new Map<number, number>();
  let slowestPacedAnswerMs = 0;
  const timelinesStart = clock();
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
      // Before the pacer started (and at its preflight's answers, the latest it knows of) anyone may have sent for the customer.
      const horizon = Math.max(timelinesStart, ...(options.priorResponses?.[customer] ?? []));
      s = {
        window: createPacingWindow(limit, windowMs, options.marginMs ?? 5),
        timeline: createPacerTimeline(horizon),
        waiters: [],
        timer: undefined,
        leases: 0,
        leaseHints: new Map(),
        exclusive: undefined,
        roleRequests: 0,
        leaseRequests: 0,
      };
      customers.set(customer, s);
    }
    return s;
  }

  function checkState(id: string): CheckState {
    let c = checks.get(id);
    if (!c) {
      c = { leases: new Map(), leaseRequests: new Map() };
      checks.set(id, c);
    }
    return c;
  }

  /**
   * Seniority: a check the pacer has granted a request keeps precedence over checks not yet
   * started, in the order they started, so a started check finishes at its customers' pace
   * instead of sharing it with every check queued behind (its deadline runs from that first
   * grant). Checks not yet started, and lanes outside any check, are served in arrival order.
   */
  function bySeniority(a: { check: string | undefined; seq: number }, b: { check: string | undefined; seq: number }): number {
    const rank = (check: string | undefined) => (check === undefined ? undefined : checks.get(check)?.firstGrantAt) ?? Infinity;
    return rank(a.check) - rank(b.check) || a.seq - b.seq;
  }

  /**
   * Every check waiting for a lease tries again when one ends, by seniority (above): each
   * claims its customer before the next one resumes, so a started check is not beaten to every
   * freed customer by checks that have not sent anything yet (a check waiting for its second
   * customer on a profile of a few customers did not finish within 120 s of its first grant).
   */
  function wakeLeaseWaiters(): void {
    const waiting = leaseWaiters.splice(0);
    waiting.sort(bySeniority);
    for (const w of waiting) w.wake();
  }

  function busy(customer: string, granted: boolean): void {
    const at = Date.now() - stats.startedAt;
    const span = (busyByCustomer[customer] ??= { first: at, last: at });
    if (!granted) span.last = at;
  }

  function pump(customer: string, s: CustomerState): void {
    if (s.waiters.length > 1) s.waiters.sort(bySeniority);
    for (let head = s.waiters[0]; head; head = s.waiters[0]) {
      const wait = s.window.waitMs(Date.now(), head.grants);
      if (wait > 0) {
        if (wait !== Infinity && !s.timer) {
          s.timer = setTimeout(() => {
            s.timer = undefined;
            pump(customer, s);
          }, Math.ceil(wait));
        }
        return;
      }
      s.window.grant(head.grants);
      s.timeline.granted(head.seq, clock(), head);
      if (!head.held) pacedGrantedAt.set(head.seq, clock());
      s.waiters.shift();
      busy(customer, true);
      if (head.check !== undefined) checkState(head.check).firstGrantAt ??= Date.now();
      head.resolve();
    }
  }

  /** Requests a lease is expected to bring, learned from the leases that ended. */
  function requestsPerLease(): number {
    return finishedLeases.count >= 10 ? finishedLeases.requests / finishedLeases.count : DEFAULT_REQUESTS_PER_LEASE;
  }

  /**
   * The work a customer has had and is expected to get: its role work (as estimated, or as sent
   * when more) and its leases: what a hinted lease has still to send, a typical lease's worth for
   * the others (a long exploration lane on one customer must not look like a two-request check).
   */
  function expectedLoad(c: LeaseCandidate): number {
    const s = state(c.customer);
    let ahead = (s.leases - s.leaseHints.size) * requestsPerLease();
    for (const [check, hint] of s.leaseHints) ahead += Math.max(0, hint - (checks.get(check)?.leaseRequests.get(c.customer) ?? 0));
    return Math.max(options.expectedRoleRequests?.[c.customer] ?? 0, s.roleRequests) + s.leaseRequests + ahead;
  }

  /** `among`: the customers whose profile resources serve the check (the data it compares), when it names them. */
  function fits(c: LeaseCandidate, kind: LeaseKind, minTokens: number, among?: readonly string[]): boolean {
    return c.tokens >= minTokens && candidateFits(c, kind) && (among === undefined || among.includes(c.customer));
  }

  /**
   * The fitting customer with the least expected load (for an exclusive lease too: the work of its
   * holders and its role work waits while the probe runs, so the busiest customer is the worst
   * choice), never one another check holds exclusively, and for a check's first lease none that
   * serves the most leases at once already, nor one expected to be a lease's worth busier than a
   * fitting customer that does: while the others are at the cap, the customer left under it was
   * most often the primary customer with its role work still to come (a bundled run's primary
   * customer got 50 to 74 requests, 42 of them its own). Undefined while every fitting customer
   * is one of those.
   */
  function pickLease(kind: LeaseKind, minTokens: number, not: ReadonlySet<string>, capped: boolean, among?: readonly string[]): string | undefined {
    let best: string | undefined;
    let bestLoad = Infinity;
    let least = Infinity;
    for (const c of candidates) {
      const s = state(c.customer);
      if (s.exclusive !== undefined || not.has(c.customer) || !fits(c, kind, minTokens, among)) continue;
      const load = expectedLoad(c);
      least = Math.min(least, load);
      if (capped && s.leases >= maxLeases) continue;
      if (load < bestLoad) {
        best = c.customer;
        bestLoad = load;
      }
    }
    return capped && bestLoad > least + requestsPerLease() ? undefined : best;
  }

  /** A customer for the check, or null when no customer of the profile fits (the check is skipped). */
  async function lease(check: string | undefined, kind: LeaseKind, exclusive: boolean, minTokens: number, expectedRequests?: number, among?: readonly string[]): Promise<string | null> {
    if (!candidates.some((c) => fits(c, kind, minTokens, among))) return null;
    // A second exclusive customer of one check (RATE-5 takes two) must be another one; with none left it would wait for itself.
    const held = new Set(exclusive && check !== undefined ? checkState(check).leases.keys() : []);
    if (!candidates.some((c) => fits(c, kind, minTokens, among) && !held.has(c.customer))) return null;
    for (;;) {
      if (interrupted) throw new Interrupted('run interrupted');
      // Exclusive holders are few and waited for by design; a check's further leases would wait on
      // itself; a lease that says it is long is placed at once, on the least loaded customer (the
      // longest first, so the short ones fill in around it).
      const capped = !exclusive && expectedRequests === undefined && (check === undefined || checkState(check).leases.size === 0);
      const customer = pickLease(kind, minTokens, held, capped, among);
      if (customer) {
        const s = state(customer);
        s.leases += 1;
        if (check !== undefined && expectedRequests !== undefined) s.leaseHints.set(check, expectedRequests);
        if (exclusive) s.exclusive = check ?? '';
        if (check !== undefined) checkState(check).leases.set(customer, exclusive ? 'exclusive' : `lease:${kind}`);
        return customer;
      }
      await new Promise<void>((resolve) => leaseWaiters.push({ check, seq: arrivals++, wake: resolve }));
    }
  }

  /** `held`: grants a check holds to send requests it paces itself (RATE-12 holds the whole invalid-token lane). */
  function count(customer: string, check: string | undefined, area: string | undefined, grants: number, held = false, rule = '(no rule named)'): void {
    stats.requestsByCustomer[customer] = (stats.requestsByCustomer[customer] ?? 0) + grants;
    const s = state(customer);
    const c = check === undefined ? undefined : checks.get(check);
    const leased = c?.leases.get(customer);
    if (leased) {
      s.leaseRequests += grants;
      c?.leaseRequests.set(customer, (c.leaseRequests.get(customer) ?? 0) + grants);
    } else {
      s.roleRequests += grants;
    }
    if (customer.startsWith('#') && stats.laneRequestsByRule) {
      const key = held && grants > 1 ? `${rule} (lane held)` : rule;
      stats.laneRequestsByRule[key] = (stats.laneRequestsByRule[key] ?? 0) + grants;
    }
    if (area !== undefined && stats.demandByArea) {
      // A whole held lane of requests without a valid token (RATE-12's) is no request count but the windows its holder waits (floor-estimate.ts).
      const kind = leased ?? (held && grants > 1 && customer.startsWith('#') ? `hold:${customer}` : `role:${/^pool:\d+$/.test(customer) ? 'pool' : customer}`);
      const row = (stats.demandByArea[area] ??= {});
      row[kind] = (row[kind] ?? 0) + grants;
    }
  }

  const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

  const handlers: Record<string, (body: Record<string, unknown>) => Promise<unknown> | unknown> = {
    '/acquire': (body) =>
      new Promise<{ grant: number }>((resolve, reject) => {
        if (interrupted) return reject(new Interrupted('run interrupted'));
        const customer = String(body.customer);
        const grants = typeof body.grants === 'number' ? body.grants : 1;
        const check = optionalString(body.check);
        // The lane is created with the pace its first request names (count() would create it with
        // the API's 2 per second, and a whole-lane hold of the invalid-token lane could never be granted).
        const s = state(customer, typeof body.limit === 'number' ? body.limit : 2, typeof body.windowMs === 'number' ? body.windowMs : 1000);
        count(customer, check, optionalString(body.area), grants, body.hold === true, optionalString(body.rule));
        const seq = arrivals++;
        s.waiters.push({ grants, held: body.hold === true, check, seq, resolve: () => resolve({ grant: seq }), reject });
        pump(customer, s);
      }),
    '/release': (body) => {
      const customer = String(body.customer);
      const s = state(customer);
      s.window.complete(Date.now());
      if (typeof body.grant === 'number') {
        const grantedAt = pacedGrantedAt.get(body.grant);
        pacedGrantedAt.delete(body.grant);
        // An admission the target decided on: neither none (0), nor a refusal, nor a gateway's or its own 5xx.
        if (grantedAt !== undefined && typeof body.status === 'number' && outcome({ status: body.status }) === 'admitted') {
          slowestPacedAnswerMs = Math.max(slowestPacedAnswerMs, clock() - grantedAt);
        }
        s.timeline.released(body.grant, clock(), {
          ...(typeof body.status === 'number' ? { status: body.status } : {}),
          ...(typeof body.label === 'string' ? { label: body.label } : {}),
          openEnded: body.openEnded === true,
        });
      }
      busy(customer, false);
      pump(customer, s);
    },
    // A probe that needs a lane quiet for longer than its pace (the per-address window of RATE-12) waits from here.
    '/slowest-paced-answer': () => ({ ms: slowestPacedAnswerMs }),
    '/last-response': (body) => ({ at: customers.get(String(body.customer))?.window.lastCompletion() ?? null }),
    '/startup': async (body) => ({ turn: await startupTurns.take(typeof body.priority === 'number' ? body.priority : 0) }),
    '/startup-done': (body) => startupTurns.giveBack(typeof body.turn === 'number' ? body.turn : 0),
    '/lease': async (body) => {
      const kind = LEASE_KINDS.find((k) => k === body.kind) ?? 'licensed';
      const minTokens = typeof body.minTokens === 'number' ? body.minTokens : 1;
      const expectedRequests = typeof body.expectedRequests === 'number' ? body.expectedRequests : undefined;
      const among = Array.isArray(body.among) ? body.among.filter((c): c is string => typeof c === 'string') : undefined;
      return { customer: await lease(optionalString(body.check), kind, body.exclusive === true, minTokens, expectedRequests, among) };
    },
    '/unlease': (body) => {
      const customer = String(body.customer);
      const s = state(customer);
      const check = optionalString(body.check) ?? '';
      s.leases = Math.max(0, s.leases - 1);
      s.leaseHints.delete(check);
      if (s.exclusive === check) s.exclusive = undefined;
      const c = checks.get(check);
      if (c?.leases.delete(customer)) {
        finishedLeases.count += 1;
        finishedLeases.requests += c.leaseRequests.get(customer) ?? 0;
        c.leaseRequests.delete(customer);
      }
      wakeLeaseWaiters();
    },
    // A worker's 429 outside the rate-limit checks, after its release: the proof that it breaks RATE-2, or null.
    '/judge-429': (body) => {
      const customer = String(body.customer);
      const proof = typeof body.grant === 'number' ? customers.get(customer)?.timeline.disprove(body.grant, clock()) : undefined;
      if (proof) stats.provenWrongRefusals?.push({ customer, check: String(body.check), method: String(body.method), path: String(body.path) });
      return { proof: proof ?? null };
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
      startupTurns.close();
      for (const s of customers.values()) {
        clearTimeout(s.timer);
        for (const waiter of s.waiters.splice(0)) waiter.reject(new Interrupted('run interrupted'));
      }
      wakeLeaseWaiters();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of customers.values()) clearTimeout(s.timer);
        startupTurns.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
