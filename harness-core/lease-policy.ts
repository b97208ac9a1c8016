import { candidateFits } from './lease-fit.js';
import type { LeaseCandidate, LeaseKind } from './lease-kinds.js';
import { PacerInterrupted } from './pacer-interrupted.js';
import type { Arrival, Seniority } from './pacer-seniority.js';

/** Requests a leasing check sends on its customer before the run has measured any (a guess; the median check sends a few). */
const DEFAULT_REQUESTS_PER_LEASE = 6;

/**
 * Leases one customer serves at once. Lease sizes vary (1 to 40 requests) and are mostly unknown
 * when granted, so handing every waiting check a customer at the start piles a few heavy checks on
 * one budget; with a cap, a customer gets its next check when one of its checks ends, and the work
 * spreads by what was actually sent. Three keep a customer's 2 requests per second busy.
 */
const DEFAULT_MAX_LEASES_PER_CUSTOMER = 3;

/** A customer's work as the lease policy weighs it. */
interface CustomerLoad {
  leases: number;
  /** Requests the checks holding a lease said they would send (a lease without a hint is absent). */
  leaseHints: Map<string, number>;
  /** The check holding the customer exclusively ('' for a caller outside any check). */
  exclusive: string | undefined;
  /** Requests of checks that do not lease this customer (its role work) and of those that do. */
  roleRequests: number;
  leaseRequests: number;
}

interface CheckLeases {
  /** Customers the check leases, with the kind of demand their requests count as. */
  leases: Map<string, string>;
  leaseRequests: Map<string, number>;
}

export interface LeaseRequest {
  check: string | undefined;
  kind: LeaseKind;
  exclusive: boolean;
  minTokens: number;
  /** Requests the check says it will send on the customer (a long lease is placed at once). */
  expectedRequests?: number;
  /** The customers whose profile resources serve the check (the data it compares), when it names them. */
  among?: readonly string[];
}

export interface LeasePolicy {
  /** A customer for the check, or null when no customer of the profile fits (the check is skipped). */
  lease(request: LeaseRequest): Promise<string | null>;
  unlease(customer: string, check: string): void;
  /** Counts a request of the check on the customer; returns the demand kind of the check's lease of it, undefined for role work. */
  count(customer: string, check: string | undefined, grants: number): string | undefined;
  /** Every waiting and later lease fails (PacerInterrupted). */
  interrupt(): void;
}

export function createLeasePolicy(options: {
  /** Customers checks may lease; a bare name is a pool-like customer with the heat-pump right and 2 tokens. */
  leaseGroup: (LeaseCandidate | string)[];
  /**
   * Requests each role customer is expected to send for its role (the floor estimate's table): a
   * customer with much role work to come gets leased only once the others have as much.
   */
  expectedRoleRequests?: Record<string, number>;
  /** Leases one customer holds at once (a check's further leases are not held back: it already waits on them). */
  maxLeasesPerCustomer?: number;
  seniority: Seniority;
}): LeasePolicy {
  const { seniority } = options;
  const candidates: LeaseCandidate[] = options.leaseGroup.map((c) => (typeof c === 'string' ? { customer: c, tokens: 2, heatpump: true, foreign: false } : c));
  const maxLeases = options.maxLeasesPerCustomer ?? DEFAULT_MAX_LEASES_PER_CUSTOMER;
  const loads = new Map<string, CustomerLoad>();
  const checks = new Map<string, CheckLeases>();
  const waiting: (Arrival & { wake: () => void })[] = [];
  const finishedLeases = { count: 0, requests: 0 };
  let interrupted = false;

  function load(customer: string): CustomerLoad {
    let l = loads.get(customer);
    if (!l) {
      l = { leases: 0, leaseHints: new Map(), exclusive: undefined, roleRequests: 0, leaseRequests: 0 };
      loads.set(customer, l);
    }
    return l;
  }

  function checkLeases(id: string): CheckLeases {
    let c = checks.get(id);
    if (!c) {
      c = { leases: new Map(), leaseRequests: new Map() };
      checks.set(id, c);
    }
    return c;
  }

  /**
   * Every check waiting for a lease tries again when one ends, by seniority: each claims its
   * customer before the next one resumes, so a started check is not beaten to every freed
   * customer by checks that have not sent anything yet (a check waiting for its second customer
   * on a profile of a few customers could miss its deadline).
   */
  function wakeWaiting(): void {
    const woken = waiting.splice(0);
    woken.sort(seniority.compare);
    for (const w of woken) w.wake();
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
    const l = load(c.customer);
    let ahead = (l.leases - l.leaseHints.size) * requestsPerLease();
    for (const [check, hint] of l.leaseHints) ahead += Math.max(0, hint - (checks.get(check)?.leaseRequests.get(c.customer) ?? 0));
    return Math.max(options.expectedRoleRequests?.[c.customer] ?? 0, l.roleRequests) + l.leaseRequests + ahead;
  }

  function fits(c: LeaseCandidate, r: LeaseRequest): boolean {
    return c.tokens >= r.minTokens && candidateFits(c, r.kind) && (r.among === undefined || r.among.includes(c.customer));
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
  function pickLease(r: LeaseRequest, not: ReadonlySet<string>, capped: boolean): string | undefined {
    let best: string | undefined;
    let bestLoad = Infinity;
    let least = Infinity;
    for (const c of candidates) {
      const l = load(c.customer);
      if (l.exclusive !== undefined || not.has(c.customer) || !fits(c, r)) continue;
      const expected = expectedLoad(c);
      least = Math.min(least, expected);
      if (capped && l.leases >= maxLeases) continue;
      if (expected < bestLoad) {
        best = c.customer;
        bestLoad = expected;
      }
    }
    return capped && bestLoad > least + requestsPerLease() ? undefined : best;
  }

  return {
    async lease(r) {
      if (!candidates.some((c) => fits(c, r))) return null;
      // A second exclusive customer of one check (RATE-5 takes two) must be another one; with none left it would wait for itself.
      const held = new Set(r.exclusive && r.check !== undefined ? checkLeases(r.check).leases.keys() : []);
      if (!candidates.some((c) => fits(c, r) && !held.has(c.customer))) return null;
      for (;;) {
        if (interrupted) throw new PacerInterrupted();
        // Exclusive holders are few and waited for by design; a check's further leases would wait on
        // itself; a lease that says it is long is placed at once, on the least loaded customer (the
        // longest first, so the short ones fill in around it).
        const capped = !r.exclusive && r.expectedRequests === undefined && (r.check === undefined || checkLeases(r.check).leases.size === 0);
        const customer = pickLease(r, held, capped);
        if (customer) {
          const l = load(customer);
          l.leases += 1;
          if (r.check !== undefined && r.expectedRequests !== undefined) l.leaseHints.set(r.check, r.expectedRequests);
          if (r.exclusive) l.exclusive = r.check ?? '';
          if (r.check !== undefined) checkLeases(r.check).leases.set(customer, r.exclusive ? 'exclusive' : `lease:${r.kind}`);
          return customer;
        }
        await new Promise<void>((resolve) => waiting.push({ check: r.check, seq: seniority.arrive(), wake: resolve }));
      }
    },
    unlease(customer, check) {
      const l = load(customer);
      l.leases = Math.max(0, l.leases - 1);
      l.leaseHints.delete(check);
      if (l.exclusive === check) l.exclusive = undefined;
      const c = checks.get(check);
      if (c?.leases.delete(customer)) {
        finishedLeases.count += 1;
        finishedLeases.requests += c.leaseRequests.get(customer) ?? 0;
        c.leaseRequests.delete(customer);
      }
      wakeWaiting();
    },
    count(customer, check, grants) {
      const l = load(customer);
      const c = check === undefined ? undefined : checks.get(check);
      const leased = c?.leases.get(customer);
      if (leased) {
        l.leaseRequests += grants;
        c?.leaseRequests.set(customer, (c.leaseRequests.get(customer) ?? 0) + grants);
      } else {
        l.roleRequests += grants;
      }
      return leased;
    },
    interrupt() {
      interrupted = true;
      wakeWaiting();
    },
  };
}
