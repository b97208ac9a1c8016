import { createEngine, type Customer } from './engine.js';
import { createInvalidTokenLane, laneAddresses } from './invalid-token-lane.js';
import { burstSize, type DocumentedLimit } from './invalid-token-limit.js';
import { floodActive, PHASES_PER_CYCLE } from './flood-phase.js';
import type { SimulateOptions } from './options.js';
import { operationPicker, readOnlyWeights } from './operations.js';
import { startProgress } from './progress.js';
import { streamOf } from '../seeded-random.js';
import { Recorder, type SetupExchange } from './recorder.js';
import type { RunInfo, SimulationResult } from './result-file.js';
import { runScheduler, type ArrivalPlan } from './scheduler.js';
import { SendBudget } from './send-budget.js';
import { LIMIT, WINDOW_MS } from '../../harness-core/rate-limit-timeline.js';

export interface SimulationTarget {
  baseUrl: string;
  /** Where the requests go instead of `baseUrl`: the recording proxy of `--record`. */
  via?: string | undefined;
  kind: RunInfo['kind'];
  fault?: string | undefined;
  customers: readonly Customer[];
  flooders: readonly Customer[];
  /**
   * Each customer's place in the whole population, when the lists are a shard's part of it
   * (population.ts): its arrivals and operations are drawn from the seed and its place, so the
   * shards together plan what one process plans for the whole. Absent: the lists are the whole.
   */
  places?: { customers: readonly number[]; flooders: readonly number[] };
  /** Paced customers of the whole population, when the lists are a shard's part of it. */
  populationCustomers?: number;
  /** Flooders of the whole population: another shard's flood also falls on this shard's customers. */
  populationFlooders: number;
  /** Send times the customers already spent (project setup), so the budget counts them. */
  budget?: SendBudget;
  /** The tool's own requests before the load (project setup): judged with the customers' requests. */
  setup?: readonly SetupExchange[];
  /** The target's documented limit per source address on requests without a valid token: the invalid-token lane is judged against it. */
  invalidTokenLimit?: DocumentedLimit | undefined;
}

const FLOODER_KEYS = 2 ** 30;

type Knobs = Pick<SimulateOptions, 'durationSeconds' | 'rate' | 'busyShare' | 'marginMs' | 'floodRate' | 'floodPhaseSeconds' | 'warmUpSeconds' | 'weights' | 'readOnly' | 'connections' | 'floodConnections' | 'timeoutSeconds' | 'maxInFlight' | 'seed' | 'intervalSeconds' | 'thresholds' | 'shard'> & Partial<Pick<SimulateOptions, 'sourceAddresses' | 'invalidRate' | 'invalidBurst'>>;

/**
 * The arrival plan of every customer. `busyShare` of them, spread evenly over the population, use
 * their whole budget (one request every (1 s + margin) / 2); the others arrive at random with
 * mean `rate` per second; flooders send `floodRate` per second in the flood's phases. `customers`
 * is the count of the whole population, or the places in it of a shard's customers.
 */
export function planArrivals(customers: number | readonly number[], flooders: number, k: Pick<Knobs, 'rate' | 'busyShare' | 'marginMs' | 'floodRate' | 'floodPhaseSeconds'>): ArrivalPlan[] {
  const plans: ArrivalPlan[] = [];
  const places = typeof customers === 'number' ? Array.from({ length: customers }, (_, i) => i) : customers;
  for (const i of places) {
    const busy = Math.floor((i + 1) * k.busyShare) > Math.floor(i * k.busyShare);
    if (busy) plans.push({ kind: 'steady', periodMs: (WINDOW_MS + k.marginMs) / LIMIT });
    else if (k.rate > 0) plans.push({ kind: 'poisson', meanGapMs: 1000 / k.rate });
    else plans.push({ kind: 'poisson', meanGapMs: Infinity });
  }
  for (let i = 0; i < flooders; i++) plans.push({ kind: 'flood', meanGapMs: 1000 / k.floodRate, active: (wall) => floodActive(wall, k.floodPhaseSeconds) });
  return plans;
}

export function plannedPerSecond(plans: readonly ArrivalPlan[]): number {
  return plans.reduce((sum, p) => sum + (p.kind === 'steady' ? 1000 / p.periodMs : p.kind === 'poisson' ? 1000 / p.meanGapMs : 1000 / p.meanGapMs / PHASES_PER_CYCLE), 0);
}

/** One process's run: schedule, send, record, judge the 429s; the result is mergeable with other shards'. */
export async function simulate(target: SimulationTarget, k: Knobs, log: (line: string) => void = console.log): Promise<SimulationResult> {
  const places = target.places ?? { customers: target.customers.map((_, i) => i), flooders: target.flooders.map((_, i) => i) };
  const plans = planArrivals(places.customers, target.flooders.length, k);
  // Flooders' keys apart from the customers', both from the place in the whole population.
  const streams = [...places.customers, ...places.flooders.map((p) => FLOODER_KEYS + p)].map((key) => streamOf(k.seed, key));
  const recorder = new Recorder({ intervalMs: k.intervalSeconds * 1000, floodPhaseSeconds: target.populationFlooders > 0 ? k.floodPhaseSeconds : undefined });
  const invalidRate = k.invalidRate ?? 0;
  const limit = target.invalidTokenLimit;
  if (k.invalidBurst && !limit) throw new Error('--invalid-burst needs the documented invalid-token limit (target.invalidTokenLimit)');
  const lane =
    invalidRate > 0 || k.invalidBurst
      ? createInvalidTokenLane({
          baseUrl: target.via ?? target.baseUrl,
          addresses: laneAddresses(k.sourceAddresses, k.shard),
          totalAddresses: k.sourceAddresses?.length ?? 1,
          ratePerSecond: invalidRate,
          burst: k.invalidBurst && limit ? burstSize(limit) : 0,
          seed: k.seed,
          timeoutMs: k.timeoutSeconds * 1000,
          recorder,
        })
      : undefined;
  // The lane's plans after the customers' and flooders': scheduler ids from `clients` on are its addresses.
  const clients = plans.length;
  const allPlans = lane ? [...plans, ...lane.plans] : plans;
  if (lane) streams.push(...lane.randoms);
  const randomOf = (id: number) => streams[id] as () => number;
  for (const x of target.setup ?? []) recorder.recordSetup(x);
  const weights = k.readOnly ? readOnlyWeights(k.weights) : k.weights;
  const engine = createEngine({
    baseUrl: target.via ?? target.baseUrl,
    connections: k.connections,
    floodConnections: k.floodConnections,
    timeoutMs: k.timeoutSeconds * 1000,
    maxInFlight: k.maxInFlight,
    recorder,
    customers: target.customers,
    flooders: target.flooders,
    sourceAddresses: k.sourceAddresses,
    pick: operationPicker(weights, randomOf),
  });
  const budget = target.budget ?? new SendBudget(target.customers.length, k.marginMs);
  const startAt = performance.now() + 100;
  const endAt = startAt + k.durationSeconds * 1000;
  const startedWall = new Date(performance.timeOrigin + startAt);
  const cpuBefore = process.cpuUsage();
  const eluBefore = performance.eventLoopUtilization();
  const fire = lane ? (id: number, sentAt: number) => (id < clients ? engine.fire(id, sentAt) : lane.fire(id - clients, sentAt)) : engine.fire;
  const scheduler = runScheduler({ plans: allPlans, budget, randomOf, startAt, endAt, fire });
  lane?.burstAt(startAt + (endAt - startAt) / 2);
  const stopProgress = startProgress({ recorder, sent: () => engine.state.sent + (lane?.state.sent ?? 0), inFlight: () => engine.state.inFlight + (lane?.state.inFlight ?? 0), startedAt: startAt, durationSeconds: k.durationSeconds, log });
  const schedule = await scheduler.done;
  await Promise.all([engine.drain(k.timeoutSeconds * 1000 + 1000), lane?.drain(k.timeoutSeconds * 1000 + 1000)]);
  stopProgress();
  const wallMs = performance.now() - startAt;
  const cpu = process.cpuUsage(cpuBefore);
  const elu = performance.eventLoopUtilization(eluBefore);
  await Promise.all([engine.close(), lane?.close()]);
  recorder.judgeRefusals(startAt);
  const { stats } = recorder;
  if (lane) stats.invalidTokens = lane.judge(limit, startAt);
  stats.loadSide.push({
    shard: k.shard ? `${k.shard.index}/${k.shard.count}` : 'whole',
    fired: schedule.fired,
    sent: engine.state.sent + (lane?.state.sent ?? 0),
    deferred: schedule.deferred,
    droppedInFlight: engine.state.droppedInFlight,
    lag: schedule.lag,
    schedulerMs: schedule.ownMs,
    dispatchMs: schedule.fireMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    eventLoopBusy: elu.utilization,
    wallMs,
  });
  const run: RunInfo = {
    target: target.baseUrl,
    kind: target.kind,
    fault: target.fault ?? null,
    shard: k.shard ? `${k.shard.index}/${k.shard.count}` : null,
    customers: target.customers.length,
    flooders: target.flooders.length,
    plannedPerSecond: plannedPerSecond(plans),
    budgetPerSecond: LIMIT * target.customers.length,
    startedAt: startedWall.toISOString(),
    endedAt: new Date(performance.timeOrigin + performance.now()).toISOString(),
    durationSeconds: k.durationSeconds,
    seed: k.seed,
    floodPhaseSeconds: k.floodPhaseSeconds,
    warmUpSeconds: k.warmUpSeconds,
    ...(k.sourceAddresses && { sourceAddresses: k.sourceAddresses.length }),
    ...(lane && { invalidTokens: { ratePerSecond: invalidRate, addresses: k.sourceAddresses?.length ?? 1, burst: k.invalidBurst === true, limit: limit ?? null } }),
  };
  return { runs: [run], thresholds: k.thresholds, stats };
}
