import { ENDPOINTS, type Endpoint } from './operations.js';
import { decodeHistogram, encodeHistogram, newHistogram, type Histogram } from './histograms.js';

/**
 * Everything a run measures, in a form that adds up: counts and HDR histograms. One process
 * fills it; shards' files are merged by adding, so n machines report what one would have.
 */
export interface EndpointStats {
  latency: Histogram;
  sent: number;
  byStatus: Record<string, number>;
  /** Answers that are neither expected nor 429, and requests without an answer. */
  errors: number;
  refused: number;
}

export interface BucketStats {
  latency: Histogram;
  sent: number;
  refused: number;
  errors: number;
}

/** The load process itself: whether it, and not the target, limited the load. */
export interface LoadSide {
  shard: string;
  /** Arrivals the scheduler handed out, and requests actually sent (the rest were dropped). */
  fired: number;
  sent: number;
  /** Arrivals pushed back to keep a customer within its budget. */
  deferred: number;
  /** Arrivals dropped because too many requests were in flight: the load side was saturated. */
  droppedInFlight: number;
  /** How late requests left against their plan (µs). */
  lag: Histogram;
  /** The scheduler's own work and the engine's synchronous sending, ms. */
  schedulerMs: number;
  dispatchMs: number;
  /** CPU time of the load process, ms, and the busy share of its event loop (0..1). */
  cpuMs: number;
  eventLoopBusy: number;
  wallMs: number;
}

export interface RefusalJudgement {
  /** 429s answered to customers that stayed within their budget. */
  paced: number;
  /** Of these, refusals proven wrong from the send and receive times. */
  falseRefusals: number;
  examples: string[];
}

/** One source address's requests without a valid token (the invalid-token lane), judged there. */
export interface LaneAddressStats {
  sent: number;
  /** Answered 401 (within the limit), 429 (the limit per address), or otherwise or not at all. */
  unauthorized: number;
  refused: number;
  errors: number;
  /** 429s proven false: fewer than the documented limit's requests of the address can lie in the window before them. */
  falseRefusals: number;
  /** The most admitted (answered, not with 429) within less than one window: above twice the limit, none applied. */
  mostAdmitted: number;
  /** 1 when its admissions prove that no limit of the documented value applied (invalid-token-judgement.ts). */
  notLimited: number;
}

/** `--invalid-burst`: more than twice the limit at once from one address. */
export interface LaneBurst {
  address: string;
  sent: number;
  unauthorized: number;
  refused: number;
  /** From the send to the last answer, ms; null when one had no answer. */
  spanMs: number | null;
}

export interface InvalidTokenStats {
  /** Key: the source address, or DEFAULT_ADDRESS. Shards send from disjoint addresses. */
  addresses: Record<string, LaneAddressStats>;
  burst?: LaneBurst;
  /** The proofs: false refusals and over-admissions, the first few. */
  examples: string[];
}

export interface SimulationStats {
  intervalMs: number;
  endpoints: Record<Endpoint, EndpointStats>;
  /** Per interval (key: wall-clock ms of its start, by send time), per endpoint. */
  timeline: Map<number, Partial<Record<Endpoint, BucketStats>>>;
  /**
   * Latencies of the paced customers per flood phase (key: wall-clock ms of its start, by send
   * time; flood-phase.ts says whether it was on): the comparison pairs neighbouring phases.
   */
  floodPhases: Map<number, Histogram>;
  refusals: RefusalJudgement;
  errorExamples: string[];
  loadSide: LoadSide[];
  invalidTokens: InvalidTokenStats;
}

const EXAMPLES = 20;

/** The lane's address key when it sends from the machine's default address (no --source-addresses). */
export const DEFAULT_ADDRESS = 'default address';

function emptyEndpoint(): EndpointStats {
  return { latency: newHistogram(), sent: 0, byStatus: {}, errors: 0, refused: 0 };
}

export function emptyStats(intervalMs = 1000): SimulationStats {
  return {
    intervalMs,
    endpoints: Object.fromEntries(ENDPOINTS.map((e) => [e, emptyEndpoint()])) as Record<Endpoint, EndpointStats>,
    timeline: new Map(),
    floodPhases: new Map(),
    refusals: { paced: 0, falseRefusals: 0, examples: [] },
    errorExamples: [],
    loadSide: [],
    invalidTokens: { addresses: {}, examples: [] },
  };
}

export function bucketOf(stats: SimulationStats, wallMs: number, endpoint: Endpoint): BucketStats {
  const key = Math.floor(wallMs / stats.intervalMs) * stats.intervalMs;
  let bucket = stats.timeline.get(key);
  if (!bucket) stats.timeline.set(key, (bucket = {}));
  return (bucket[endpoint] ??= { latency: newHistogram('timeline'), sent: 0, refused: 0, errors: 0 });
}

/** The histogram of the flood phase starting at `key`; two significant digits, as the timeline's. */
export function floodPhaseOf(stats: SimulationStats, key: number): Histogram {
  let h = stats.floodPhases.get(key);
  if (!h) stats.floodPhases.set(key, (h = newHistogram('timeline')));
  return h;
}

const addCounts = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
};

/** Adds `from` into `into` (shards of one run: disjoint customers, one interval length). */
export function mergeStats(into: SimulationStats, from: SimulationStats): void {
  if (into.intervalMs !== from.intervalMs) throw new Error(`cannot merge intervals of ${from.intervalMs} ms into ${into.intervalMs} ms`);
  for (const e of ENDPOINTS) {
    const a = into.endpoints[e];
    const b = from.endpoints[e];
    a.latency.add(b.latency);
    a.sent += b.sent;
    a.errors += b.errors;
    a.refused += b.refused;
    addCounts(a.byStatus, b.byStatus);
  }
  for (const [key, bucket] of from.timeline) {
    for (const [e, b] of Object.entries(bucket) as [Endpoint, BucketStats][]) {
      const a = bucketOf(into, key, e);
      a.latency.add(b.latency);
      a.sent += b.sent;
      a.refused += b.refused;
      a.errors += b.errors;
    }
  }
  for (const [key, h] of from.floodPhases) floodPhaseOf(into, key).add(h);
  into.refusals.paced += from.refusals.paced;
  into.refusals.falseRefusals += from.refusals.falseRefusals;
  into.refusals.examples = [...into.refusals.examples, ...from.refusals.examples].slice(0, EXAMPLES);
  into.errorExamples = [...into.errorExamples, ...from.errorExamples].slice(0, EXAMPLES);
  into.loadSide.push(...from.loadSide);
  mergeInvalidTokens(into.invalidTokens, from.invalidTokens);
}

function mergeInvalidTokens(into: InvalidTokenStats, from: InvalidTokenStats): void {
  for (const [address, b] of Object.entries(from.addresses)) {
    const a = (into.addresses[address] ??= { sent: 0, unauthorized: 0, refused: 0, errors: 0, falseRefusals: 0, mostAdmitted: 0, notLimited: 0 });
    a.sent += b.sent;
    a.unauthorized += b.unauthorized;
    a.refused += b.refused;
    a.errors += b.errors;
    a.falseRefusals += b.falseRefusals;
    a.mostAdmitted = Math.max(a.mostAdmitted, b.mostAdmitted);
    a.notLimited = Math.max(a.notLimited, b.notLimited);
  }
  // The burst leaves from the lane's first address, which one shard holds.
  if (from.burst) into.burst = from.burst;
  into.examples = [...into.examples, ...from.examples].slice(0, EXAMPLES);
}

export function addErrorExample(stats: SimulationStats, line: string): void {
  if (stats.errorExamples.length < EXAMPLES) stats.errorExamples.push(line);
}

type Encoded<T> = { [K in keyof T]: T[K] extends Histogram ? string : T[K] };

export interface SerializedStats {
  intervalMs: number;
  endpoints: Record<Endpoint, Encoded<EndpointStats>>;
  timeline: [number, Partial<Record<Endpoint, Encoded<BucketStats>>>][];
  floodPhases: [number, string][];
  refusals: RefusalJudgement;
  errorExamples: string[];
  loadSide: Encoded<LoadSide>[];
  /** Absent in files written before the lane: they had none. */
  invalidTokens?: InvalidTokenStats;
}

export function serializeStats(s: SimulationStats): SerializedStats {
  const mapValues = <T, U>(o: Partial<Record<Endpoint, T>>, f: (v: T) => U) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v as T)]));
  return {
    intervalMs: s.intervalMs,
    endpoints: mapValues(s.endpoints, (e) => ({ ...e, latency: encodeHistogram(e.latency) })) as Record<Endpoint, Encoded<EndpointStats>>,
    timeline: [...s.timeline].sort(([a], [b]) => a - b).map(([key, bucket]) => [key, mapValues(bucket, (b) => ({ ...b, latency: encodeHistogram(b.latency) }))]),
    floodPhases: [...s.floodPhases].sort(([a], [b]) => a - b).map(([key, h]) => [key, encodeHistogram(h)]),
    refusals: s.refusals,
    errorExamples: s.errorExamples,
    loadSide: s.loadSide.map((l) => ({ ...l, lag: encodeHistogram(l.lag) })),
    invalidTokens: s.invalidTokens,
  };
}

export function deserializeStats(s: SerializedStats): SimulationStats {
  const stats = emptyStats(s.intervalMs);
  for (const e of ENDPOINTS) {
    const from = s.endpoints[e];
    if (from) stats.endpoints[e] = { ...from, latency: decodeHistogram(from.latency) };
  }
  for (const [key, bucket] of s.timeline) {
    stats.timeline.set(key, Object.fromEntries(Object.entries(bucket).map(([e, b]) => [e, { ...b, latency: decodeHistogram(b.latency, 'timeline') }])));
  }
  stats.floodPhases = new Map(s.floodPhases.map(([key, h]) => [key, decodeHistogram(h, 'timeline')]));
  stats.refusals = s.refusals;
  stats.errorExamples = s.errorExamples;
  stats.loadSide = s.loadSide.map((l) => ({ ...l, lag: decodeHistogram(l.lag) }));
  if (s.invalidTokens) stats.invalidTokens = s.invalidTokens;
  return stats;
}
