/**
 * The paired probe on a target: pool customers each send pairs of the same request for a foreign
 * resource and for a never-existing resource of the same form (pair.ts), one request after the
 * other in an order drawn per pair, every request through the pacer. Each customer takes the next
 * pair when its previous one is answered; a pair's four requests take a customer two seconds at
 * the pacer's 2 requests per second, so a look takes about 2 × (pairs / customers) seconds.
 */
import { GatewayAnswered, type Actor, type ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/check.js';
import { QUIET_SAMPLING_SECONDS } from '../../../harness-core/quiet-phase.js';
import { readRunEnv } from '../../../harness-core/run-env.js';
import type { ArmAnswer, Pair } from './pair.js';
import { PAIR_BUDGET } from './paired-statistics.js';
import { RequestTurns } from './request-turns.js';

/** Pool customers one probe leases: the budget's pairs (2 s each at a customer's pace) then take about 12 s, and the five probes of the area leave a part of the pool to the other checks. */
export const CUSTOMERS_PER_PROBE = 16;
/**
 * How long a probe may collect pairs: on a profile with few pool customers, which the five probes
 * share, the budget's pairs would take minutes; the probe then decides on what it has (mostly:
 * undecided, with the resolution reached), well within the check's deadline.
 */
export const PROBE_SECONDS = QUIET_SAMPLING_SECONDS;
/** The seed of the arms' order when the run names none (--seed); the check's note names the seed used. */
const DEFAULT_SEED = 23;

/** The paths of the two arms for one customer. */
export interface Arms {
  foreign: string;
  missing: string;
}

export interface ProbeRequest {
  method: 'GET' | 'PATCH';
  /** The same body for both arms (a PATCH the target must refuse with 404 on both). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ProbeLane {
  customer: string;
  actor: Actor;
  arms: Arms;
}

export function probeSeed(): number {
  return readRunEnv('exploreSeed') ?? DEFAULT_SEED;
}

/** mulberry32 of the seed and the pair's index: the arms' order of pair i is the same in every run with that seed, whichever customer sends it. */
export function foreignFirst(seed: number, index: number): boolean {
  let a = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
  a = (a + 0x6d2b79f5) >>> 0;
  let t = Math.imul(a ^ (a >>> 15), a | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) % 2 === 0;
}

const poolNames = (t: CheckContext): string[] => (t.profile.customers.pool ?? []).map((_, i) => `pool:${i}`);

/**
 * Leases up to CUSTOMERS_PER_PROBE pool customers (never a role customer: the primary customer's
 * budget sets the run's length), preparing each one's arms as it comes; the lanes fill while the
 * first ones already send, until `wanted` says the probe has ended (the checks need a pool).
 */
export async function leaseLanes(t: CheckContext, expectedRequests: number, arms: (actor: Actor) => Promise<Arms>, onLane: (lane: ProbeLane) => void, wanted: () => boolean): Promise<void> {
  const pool = poolNames(t);
  const taken: string[] = [];
  const count = Math.min(CUSTOMERS_PER_PROBE, pool.length);
  for (let i = 0; i < count && wanted(); i++) {
    const among = pool.filter((c) => !taken.includes(c));
    const actor = await t.owner('licensed', { among, expectedRequests: Math.ceil(expectedRequests / count), needs: 'a pool customer with an active license' });
    taken.push(actor.label);
    onLane({ customer: actor.label, actor, arms: await arms(actor) });
  }
}

/** The probes of a quiet phase run at once, in one worker: their lanes share the target through these turns. */
const turns = new RequestTurns();

/** Sends one arm; the time runs from sending to the complete answer (the exchange's own timestamps). */
async function arm(lane: ProbeLane, path: string, request: ProbeRequest): Promise<ApiResponse> {
  const options = { ...(request.body === undefined ? {} : { body: request.body }), ...(request.headers ? { headers: request.headers } : {}), turn: turns.take };
  return lane.actor.send(request.method, path, options);
}

const answerOf = (res: ApiResponse): ArmAnswer => ({ status: res.status, headers: res.headers, ms: res.exchange.receivedAt - res.exchange.sentAt });

/** Sends the pair's requests one after the other, in the order A, B, B, A (pair.ts). */
export async function sendPair(lane: ProbeLane, index: number, seed: number, request: ProbeRequest): Promise<Pair> {
  const first = foreignFirst(seed, index);
  const order: ('foreign' | 'missing')[] = first ? ['foreign', 'missing', 'missing', 'foreign'] : ['missing', 'foreign', 'foreign', 'missing'];
  const answers: Record<'foreign' | 'missing', ArmAnswer[]> = { foreign: [], missing: [] };
  for (const which of order) answers[which].push(answerOf(await arm(lane, lane.arms[which], request)));
  return { index, customer: lane.customer, foreignFirst: first, foreign: answers.foreign, missing: answers.missing };
}

/**
 * The pairs a look at `look` pairs waits for: whole rounds of the lanes (one pair each), within
 * the budget. At a look every lane waits until the look's last pair is answered, so a look that
 * left a round half taken (24 pairs of 16 lanes) would idle the other half for a round, and put
 * every later look a round later; the pairs of a whole round take no longer. The count depends on
 * the lanes only, never on the answers, so each look still tests at its share of α.
 */
export function pairsWanted(look: number, lanes: number, budget = PAIR_BUDGET): number {
  const rounds = Math.ceil(look / Math.max(1, lanes));
  return Math.max(look, Math.min(budget, rounds * Math.max(1, lanes)));
}

/**
 * Runs pairs on every lane from when the lane arrives until `stop()`, never more than the look
 * being waited for needs (a pair begun past it would be spent for nothing when the probe decides
 * there): the pacer keeps each lane at its customer's pace, and the turns spread the lanes'
 * requests (request-turns.ts). `judge` is asked after each pair, and an error it throws ends
 * every lane.
 */
export class PairScheduler {
  readonly pairs: Pair[] = [];
  private readonly runs: Promise<void>[] = [];
  private readonly waiting: (() => void)[] = [];
  private next = 0;
  /** Pairs begun and dropped (`droppedForGateway`). */
  private dropped = 0;
  /** The pairs the current look asked for; it waits for `wanted()` of them. */
  private look = 0;
  private stopped = false;
  private failure: { error: unknown } | undefined;
  /** When each lane's last pair was answered. */
  private readonly answeredAt = new Map<ProbeLane, number>();

  constructor(
    private readonly seed: number,
    private readonly request: ProbeRequest,
    private readonly judge: (pair: Pair) => void,
  ) {}

  /**
   * The lanes that have answered a pair, the longest idle first: the pacer grants their next
   * requests soonest, since their last ones left their customer's second longest ago.
   */
  idlestLanes(): ProbeLane[] {
    return [...this.answeredAt].sort((a, b) => a[1] - b[1]).map(([lane]) => lane);
  }

  add(lane: ProbeLane): void {
    if (this.stopped) return;
    this.runs.push(this.run(lane));
    // One more lane may round the current look up to a fuller round.
    this.wake();
  }

  /**
   * Pairs begun and dropped: a request of theirs got a gateway's 502 or 504 in the target's place
   * (a rate-limit check's request is not sent again), so the pair holds no time of the target's.
   * The gateway answers as it does whatever the arm, so the pairs kept are drawn as the others.
   */
  get droppedForGateway(): number {
    return this.dropped;
  }

  /** Pairs the current look needs: lanes take no pair beyond it. */
  private wanted(): number {
    return pairsWanted(this.look, this.runs.length);
  }

  /** The leasing failed (a skip, an ended check): a look waiting for lanes ends with that error. */
  abort(error: unknown): void {
    this.failure ??= { error };
    this.wake();
  }

  private wake(): void {
    for (const wake of this.waiting.splice(0)) wake();
  }

  private async run(lane: ProbeLane): Promise<void> {
    turns.startLane();
    try {
      while (!this.stopped && !this.failure) {
        if (this.next - this.dropped >= this.wanted()) {
          await new Promise<void>((resolve) => this.waiting.push(resolve));
          continue;
        }
        const pair = await sendPair(lane, this.next++, this.seed, this.request).catch((error: unknown) => {
          if (error instanceof GatewayAnswered) return undefined;
          throw error;
        });
        if (pair === undefined) {
          this.dropped++;
          continue;
        }
        this.pairs.push(pair);
        this.answeredAt.set(lane, performance.now());
        this.judge(pair);
        this.wake();
      }
    } catch (error) {
      this.abort(error);
    } finally {
      turns.endLane();
    }
  }

  /** The pairs answered so far, in the order they were drawn. */
  answered(): Pair[] {
    return [...this.pairs].sort((x, y) => x.index - y.index);
  }

  /**
   * The pairs answered so far once there are at least `count` of them, or at `deadline` (a
   * performance.now() time) however many there are.
   */
  async atLeastUntil(count: number, deadline: number): Promise<Pair[]> {
    const enough = this.atLeast(count);
    enough.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, deadline - performance.now()))));
    try {
      const first = await Promise.race([enough, late]);
      return first === 'late' ? this.answered() : first;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The pairs answered so far, at least `count` of them, in the order they were drawn. */
  async atLeast(count: number): Promise<Pair[]> {
    this.look = Math.max(this.look, count);
    this.wake();
    while (this.pairs.length < this.wanted()) {
      if (this.failure) throw this.failure.error;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    if (this.failure) throw this.failure.error;
    return this.answered();
  }

  /** Ends every lane after its pair in flight; the pairs answered meanwhile are kept (for the report). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await Promise.all(this.runs);
  }
}
