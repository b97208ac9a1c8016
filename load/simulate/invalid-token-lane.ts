import { randomBytes } from 'node:crypto';
import { Pool } from 'undici';
import type { Hit } from '../../harness-core/rate-limit-timeline.js';
import { poolOfShard, type Shard } from '../../harness-core/shard.js';
import { streamOf } from '../seeded-random.js';
import { undiciFrom } from '../source-addresses.js';
import { addressPools } from './address-pools.js';
import { describeFalseRefusal, describeOverAdmission, falseRefusals, mostAdmitted, overAdmission } from './invalid-token-judgement.js';
import type { InvalidTokenLimit } from './invalid-token-limit.js';
import { OPERATION_SPECS } from './operations.js';
import type { Recorder } from './recorder.js';
import type { ArrivalPlan } from './scheduler.js';
import { DEFAULT_ADDRESS, type InvalidTokenStats, type LaneAddressStats } from './stats.js';

/**
 * The invalid-token lane of `load:simulate --invalid-rate R`: requests without a valid token
 * (`Authorization: Bearer <random>`, GET /reports), R per second over the whole run, spread over
 * the source addresses (each its own Poisson stream), so that a target's limit per source address
 * (RATE-12) sees a population of addresses. Each address's requests are judged on their own
 * against the documented limit (invalid-token-judgement.ts).
 */

/** Stream keys of the lane's addresses, apart from the customers' (their place) and the flooders' (2**30 + place). */
const LANE_KEYS = 2 ** 31;

/**
 * A target may hold back a connection that carries only requests without a customer (the bundled
 * server holds each 50 ms after 16 in a row, about 20 a second): connections enough per address
 * that its stream does not queue behind such holds, which would blur when each was decided.
 */
const connectionsFor = (perAddressPerSecond: number) => Math.max(2, Math.ceil(perAddressPerSecond / 10));

/** The burst's connections: each carries a few of its requests, so no hold as above stretches it past the window. */
const BURST_CONNECTIONS = 64;

/** Judgement examples kept per process. */
const EXAMPLES = 10;

/** An address of the lane: its place in the whole list (the stream key, the shard) and what it is called in the result. */
export interface LaneAddress {
  index: number;
  /** Undefined: the machine's default address (no --source-addresses). */
  address: string | undefined;
  label: string;
}

/**
 * This process's addresses of the lane: address k of the list goes to shard (k mod n) + 1, as
 * customer k does, so the shards together send what one process sends. Without
 * `--source-addresses` the lane has one address, the default one, and shard 1 sends it.
 */
export function laneAddresses(sourceAddresses: readonly string[] | undefined, shard: Shard | undefined): LaneAddress[] {
  const all: (string | undefined)[] = sourceAddresses ? [...sourceAddresses] : [undefined];
  return poolOfShard(
    all.map((address, index) => ({ index, address, label: address ?? DEFAULT_ADDRESS })),
    shard,
  );
}

export interface LaneOptions {
  baseUrl: string;
  /** This process's addresses (laneAddresses). */
  addresses: readonly LaneAddress[];
  /** Addresses of the whole lane, over all shards: the rate is spread over them. */
  totalAddresses: number;
  /** Requests per second of the whole lane. */
  ratePerSecond: number;
  /** Requests of the burst from the lane's first address (0: none). */
  burst: number;
  seed: number;
  timeoutMs: number;
  /** Files each exchange into the run's per-endpoint statistics. */
  recorder: Recorder;
}

export function createInvalidTokenLane(o: LaneOptions) {
  const url = new URL(o.baseUrl);
  const spec = OPERATION_SPECS.invalidToken;
  const path = url.pathname.replace(/\/+$/, '') + spec.path({ read: '', write: '' });
  const perAddress = o.ratePerSecond / o.totalAddresses;
  const options = { pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: o.timeoutMs, bodyTimeout: o.timeoutMs };
  const bound = o.addresses.flatMap((a) => (a.address === undefined ? [] : [a.address]));
  const pools = addressPools({ origin: url.origin, connections: connectionsFor(perAddress) * o.addresses.length, clients: o.addresses.length, addresses: bound.length > 0 ? bound : undefined, options });
  const burstPools: Pool[] = [];
  const hits: Hit[][] = o.addresses.map(() => []);
  const burstHits: Hit[] = [];
  const state = { sent: 0, inFlight: 0 };
  let burstTimer: NodeJS.Timeout | undefined;
  /** Resolves once the burst left (at once without one): a run of the burst alone has no arrivals to wait for. */
  let burstSent: Promise<void> = Promise.resolve();

  const send = (pool: Pool, id: number, sentAt: number, burst: boolean) => {
    state.sent += 1;
    state.inFlight += 1;
    const label = `${spec.label}${burst ? ' (burst)' : ''} from ${(o.addresses[id] as LaneAddress).label}`;
    const file = (status: number, detail?: string) => {
      const receivedAt = performance.now();
      o.recorder.record({ customer: id, endpoint: 'invalidToken', sentAt, receivedAt, status, detail });
      // Without an answer the target may still decide on it at any later time.
      const hit = { label, sentAt, receivedAt: status === 0 ? Infinity : receivedAt, status };
      (hits[id] as Hit[]).push(hit);
      if (burst) burstHits.push(hit);
    };
    // Random and well-formed: 256 bits that no target has issued.
    const headers = { authorization: `Bearer ${randomBytes(32).toString('hex')}` };
    pool
      .request({ path, method: spec.method, headers })
      .then(async (res) => {
        if (res.statusCode === 429 || spec.expected.includes(res.statusCode)) {
          await res.body.dump();
          file(res.statusCode);
        } else file(res.statusCode, (await res.body.text()).slice(0, 200));
      })
      .catch((err: unknown) => file(0, err instanceof Error ? err.message : String(err)))
      .finally(() => (state.inFlight -= 1));
  };

  const addressStats = (list: readonly Hit[], limit: InvalidTokenLimit | undefined, label: string, origin: number, examples: string[]): LaneAddressStats => {
    const count = (status: number) => list.filter((h) => h.status === status).length;
    const s: LaneAddressStats = { sent: list.length, unauthorized: count(401), refused: count(429), errors: 0, falseRefusals: 0, mostAdmitted: 0, notLimited: 0 };
    s.errors = s.sent - s.unauthorized - s.refused;
    if (!limit) return s;
    const refusals = falseRefusals(list, limit);
    s.falseRefusals = refusals.length;
    for (const v of refusals.slice(0, EXAMPLES - examples.length)) examples.push(describeFalseRefusal(label, v, limit, origin));
    s.mostAdmitted = mostAdmitted(list, limit.windowSeconds).count;
    const over = overAdmission(list, limit);
    if (over) {
      s.notLimited = 1;
      if (examples.length < EXAMPLES) examples.push(describeOverAdmission(label, over, limit, origin));
    }
    return s;
  };

  return {
    state,
    /** One Poisson stream per address of this process, never deferred: the scheduler's flood kind, always on. */
    plans: o.ratePerSecond > 0 ? o.addresses.map((): ArrivalPlan => ({ kind: 'flood', meanGapMs: 1000 / perAddress, active: () => true })) : [],
    /** Each address's randomness, from the seed and its place in the whole lane. */
    randoms: o.addresses.map((a) => streamOf(o.seed, LANE_KEYS + a.index)),
    /** The scheduler's arrival for the lane's address `id` (of this process). */
    fire(id: number, sentAt: number): void {
      send(pools.of(id), id, sentAt, false);
    },
    /** The burst at monotonic time `at`, when this process holds the lane's first address. */
    burstAt(at: number): void {
      const id = o.addresses.findIndex((a) => a.index === 0);
      if (o.burst === 0 || id < 0) return;
      const address = (o.addresses[id] as LaneAddress).address;
      const pool = new Pool(url.origin, { ...options, connections: Math.min(o.burst, BURST_CONNECTIONS), ...(address === undefined ? {} : undiciFrom(address)) });
      burstPools.push(pool);
      burstSent = new Promise((resolve) => {
        burstTimer = setTimeout(
          () => {
            const sentAt = performance.now();
            for (let i = 0; i < o.burst; i++) send(pool, id, sentAt, true);
            resolve();
          },
          Math.max(0, at - performance.now()),
        );
      });
    },
    /** Waits until the burst left and every request has its answer, or `timeoutMs` passed after that. */
    async drain(timeoutMs: number): Promise<void> {
      await burstSent;
      const until = performance.now() + timeoutMs;
      while (state.inFlight > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
    },
    async close(): Promise<void> {
      clearTimeout(burstTimer);
      await Promise.all([pools.destroy(), ...burstPools.map((p) => p.destroy())]);
    },
    /** Each address's counts and, with a documented limit, its proofs; `origin` is where the examples' times count from. */
    judge(limit: InvalidTokenLimit | undefined, origin: number): InvalidTokenStats {
      const examples: string[] = [];
      const addresses = Object.fromEntries(o.addresses.map((a, id) => [a.label, addressStats(hits[id] as Hit[], limit, a.label, origin, examples)]));
      const first = o.addresses.find((a) => a.index === 0);
      if (burstHits.length === 0 || !first) return { addresses, examples };
      const last = Math.max(...burstHits.map((h) => h.receivedAt));
      const burst = {
        address: first.label,
        sent: burstHits.length,
        unauthorized: burstHits.filter((h) => h.status === 401).length,
        refused: burstHits.filter((h) => h.status === 429).length,
        spanMs: Number.isFinite(last) ? last - (burstHits[0] as Hit).sentAt : null,
      };
      return { addresses, burst, examples };
    },
  };
}
