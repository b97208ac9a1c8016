import { describeLiveness, livenessViolations, type Hit } from '../../harness-core/rate-limit-timeline.js';
import { recordMs } from './histograms.js';
import { ENDPOINTS, OPERATION_SPECS, type Endpoint } from './operations.js';
import { phaseStartMs } from './flood-phase.js';
import { addErrorExample, bucketOf, emptyStats, floodPhaseOf, type SimulationStats } from './stats.js';

/** One answered (or lost) request; times on the harness's monotonic clock, status 0 = no answer. */
export interface Exchange {
  customer: number;
  endpoint: Endpoint;
  sentAt: number;
  receivedAt: number;
  status: number;
  /** Start of an unexpected answer's body, for the examples. */
  detail?: string;
}

/**
 * A request without an answer may still have been decided after the connection broke, at any time
 * (as in load:limiter): its decision is not bounded.
 */
const NEVER_READ = Infinity;

/** The endpoint column's value for the tool's own setup requests (project-setup.ts). */
const SETUP = 255;

/** A request the tool sent before the load (project setup): it counts on the target like any other. */
export interface SetupExchange {
  customer: number;
  label: string;
  sentAt: number;
  /** After the answer was read; Infinity when none was. */
  receivedAt: number;
  status: number;
}

/** Append-only typed columns: millions of requests without an object each. */
class Columns {
  size = 0;
  customer = new Int32Array(1024);
  endpoint = new Uint8Array(1024);
  status = new Uint16Array(1024);
  sentAt = new Float64Array(1024);
  receivedAt = new Float64Array(1024);

  push(customer: number, endpoint: number, status: number, sentAt: number, receivedAt: number): void {
    if (this.size === this.customer.length) this.grow();
    const i = this.size++;
    this.customer[i] = customer;
    this.endpoint[i] = endpoint;
    this.status[i] = status;
    this.sentAt[i] = sentAt;
    this.receivedAt[i] = receivedAt;
  }

  private grow(): void {
    const n = this.customer.length * 2;
    const grown = <T extends Int32Array | Uint8Array | Uint16Array | Float64Array>(a: T, make: (n: number) => T) => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.customer = grown(this.customer, (k) => new Int32Array(k));
    this.endpoint = grown(this.endpoint, (k) => new Uint8Array(k));
    this.status = grown(this.status, (k) => new Uint16Array(k));
    this.sentAt = grown(this.sentAt, (k) => new Float64Array(k));
    this.receivedAt = grown(this.receivedAt, (k) => new Float64Array(k));
  }
}

/**
 * Files every exchange into the mergeable statistics, and keeps the paced customers' exchanges
 * (send time, receive time, status) to judge their 429s afterwards.
 */
export class Recorder {
  readonly stats: SimulationStats;
  private readonly paced = new Columns();
  private readonly refusedCustomers = new Set<number>();
  private readonly setupLabels = new Map<number, string>();
  answered = 0;
  errors = 0;
  floodRefused = 0;

  /** `floodPhaseSeconds`: file the paced customers' latencies per flood phase (when the population floods). */
  constructor(private readonly options: { intervalMs?: number; floodPhaseSeconds?: number | undefined; timeOrigin?: number } = {}) {
    this.stats = emptyStats(options.intervalMs ?? 1000);
  }

  record(x: Exchange): void {
    const spec = OPERATION_SPECS[x.endpoint];
    const ms = x.receivedAt - x.sentAt;
    const wall = (this.options.timeOrigin ?? performance.timeOrigin) + x.sentAt;
    const endpoint = this.stats.endpoints[x.endpoint];
    const bucket = bucketOf(this.stats, wall, x.endpoint);
    this.answered += 1;
    endpoint.sent += 1;
    bucket.sent += 1;
    const key = x.status === 0 ? 'no answer' : String(x.status);
    endpoint.byStatus[key] = (endpoint.byStatus[key] ?? 0) + 1;
    recordMs(endpoint.latency, ms);
    recordMs(bucket.latency, ms);
    if (x.status === 429) {
      endpoint.refused += 1;
      bucket.refused += 1;
    } else if (!spec.expected.includes(x.status)) {
      endpoint.errors += 1;
      bucket.errors += 1;
      this.errors += 1;
      addErrorExample(this.stats, `${spec.label}: ${x.status === 0 ? 'no answer' : x.status} after ${ms.toFixed(1)} ms${x.detail ? ` ${x.detail}` : ''}`);
    }
    if (x.endpoint === 'flood') {
      if (x.status === 429) this.floodRefused += 1;
      return;
    }
    // Judged per source address by the lane itself (invalid-token-lane.ts), and no customer's latency.
    if (x.endpoint === 'invalidToken') return;
    if (this.options.floodPhaseSeconds !== undefined) recordMs(floodPhaseOf(this.stats, phaseStartMs(wall, this.options.floodPhaseSeconds)), ms);
    this.paced.push(x.customer, ENDPOINTS.indexOf(x.endpoint), x.status, x.sentAt, x.status === 0 ? NEVER_READ : x.receivedAt);
    if (x.status === 429) {
      this.stats.refusals.paced += 1;
      this.refusedCustomers.add(x.customer);
    }
  }

  /**
   * Files a request the tool sent before the load into the customer's timeline (not into the
   * load's statistics): the target counted it in the customer's budget, so the judge must too.
   */
  recordSetup(x: SetupExchange): void {
    this.paced.push(x.customer, SETUP, x.status, x.sentAt, x.status === 0 ? NEVER_READ : x.receivedAt);
    this.setupLabels.set(this.paced.size - 1, x.label);
  }

  /**
   * Judges every 429 of a paced customer from its own exchanges, as load:limiter does: a refusal
   * is false when fewer than two of the customer's admitted (or unanswered) requests can have been
   * decided in the second before it. A 429 that is not proven false was possible: a request ahead
   * of it was decided late enough to share its second.
   */
  judgeRefusals(origin: number): void {
    if (this.refusedCustomers.size === 0) return;
    const hits = new Map<number, Hit[]>();
    const p = this.paced;
    for (let i = 0; i < p.size; i++) {
      const customer = p.customer[i] as number;
      if (!this.refusedCustomers.has(customer)) continue;
      let list = hits.get(customer);
      if (!list) hits.set(customer, (list = []));
      const endpoint = ENDPOINTS[p.endpoint[i] as number];
      const label = endpoint === undefined ? `${this.setupLabels.get(i) ?? 'setup'} (the tool's setup)` : OPERATION_SPECS[endpoint].label;
      list.push({ label: `${label} customer #${customer}`, sentAt: p.sentAt[i] as number, receivedAt: p.receivedAt[i] as number, status: p.status[i] as number });
    }
    const judged = this.stats.refusals;
    for (const list of hits.values()) {
      const violations = livenessViolations(list, { max: Number.MAX_SAFE_INTEGER });
      judged.falseRefusals += violations.length;
      for (const v of violations) if (judged.examples.length < 5) judged.examples.push(describeLiveness(v, origin));
    }
  }
}
