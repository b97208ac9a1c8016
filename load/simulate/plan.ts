import { LIMIT, WINDOW_MS } from '../../harness-core/rate-limit-timeline.js';
import { MIN_PAIRS, MIN_PHASE_SAMPLES } from './flood-comparison.js';
import { PHASES_PER_CYCLE } from './flood-phase.js';

/** What the plan fits to the population, and what it needs to know. */
export interface PlanInput {
  /** Paced customers of this run (flooders apart). */
  customers: number;
  /** Flooders of the whole population: without them there is no flood comparison. */
  flooders: number;
  durationSeconds: number;
  rate: number;
  busyShare: number;
  marginMs: number;
  floodPhaseSeconds: number;
  warmUpSeconds: number;
  /** Option keys given on the command line: those are kept as given. */
  given: readonly string[];
}

export interface Plan {
  rate: number;
  busyShare: number;
  floodPhaseSeconds: number;
  warmUpSeconds: number;
  /** Paced requests per second the plan expects. */
  perSecond: number;
  /** Pairs of phases (quiet, then flood) after the warm-up the plan expects the comparison to get. */
  pairs: number;
  /** Lines to print before the run. */
  lines: string[];
  /** Verdicts that even the whole budget cannot give enough samples in the duration: reported undecided. */
  shortfalls: string[];
}

/** Pairs the plan aims at: more than MIN_PAIRS, so a pair or two hit by a stall weigh less. */
const TARGET_PAIRS = 15;

/**
 * Phases are whole multiples of this (s). Shorter phases interleave the two arms more finely and
 * give more pairs, so a stall of the machine weighs less; much shorter, and the requests still in
 * flight when the flood starts or stops would blur the two arms.
 */
export const PHASE_STEP = 0.5;

/** Planned paced requests beyond the bare need: Poisson arrivals and phases cut by the run's edges. */
const HEADROOM = 1.5;

/** Paced requests a phase is planned to hold: MIN_PHASE_SAMPLES with headroom for Poisson arrivals. */
export const PHASE_REQUESTS = Math.ceil(MIN_PHASE_SAMPLES * HEADROOM);

/**
 * Poisson arrivals near the budget are deferred by it and arrive later, so fewer go out than
 * planned: beyond this share of the budget a customer is planned steadily at its whole budget.
 */
const POISSON_SHARE = 0.6;

/** Pairs (one per cycle of phases) in `seconds`: the wall clock's cycles need not start with the measurement. */
const pairsIn = (seconds: number, phaseSeconds: number) => Math.max(0, Math.floor(seconds / (PHASES_PER_CYCLE * phaseSeconds)) - 1);

/**
 * Fits the defaults to the population. The warm-up is cut to a sixth of the run at most. The
 * mean rate of an ordinary customer is raised (up to POISSON_SHARE of its budget), and then
 * customers are moved to the steady plan at their whole budget, until the time after the warm-up
 * can hold TARGET_PAIRS cycles of phases of PHASE_REQUESTS paced requests each; the phases are
 * then the shortest multiple of PHASE_STEP that holds them. Options given on the command line
 * stay as given; when fewer than MIN_PAIRS pairs fit, the plan says so before the run, and the
 * other verdicts are judged anyway.
 */
export function planForPopulation(p: PlanInput): Plan {
  const maxRate = (LIMIT * WINDOW_MS) / (WINDOW_MS + p.marginMs);
  const poissonCap = Math.floor(maxRate * POISSON_SHARE * 1000) / 1000;
  const lines: string[] = [];
  const shortfalls: string[] = [];
  const D = p.durationSeconds;
  const n = p.customers;
  const flooded = p.flooders > 0;
  const warmUpSeconds = p.given.includes('warmUpSeconds') ? p.warmUpSeconds : Math.min(p.warmUpSeconds, Math.floor(D / 6));
  const measured = Math.max(0, D - warmUpSeconds);
  let rate = p.rate;
  let busyShare = p.busyShare;
  // The longest phases that still give TARGET_PAIRS pairs, and the rate that fills them.
  const targetPhase = Math.max(PHASE_STEP, Math.floor(measured / (PHASES_PER_CYCLE * (TARGET_PAIRS + 1)) / PHASE_STEP) * PHASE_STEP);
  const needed = flooded ? PHASE_REQUESTS / targetPhase : 0;
  const busyOf = (share: number) => Math.floor(n * share);
  const perSecondOf = (r: number, share: number) => busyOf(share) * maxRate + (n - busyOf(share)) * r;
  if (n > 0 && perSecondOf(rate, busyShare) < needed) {
    if (!p.given.includes('rate')) {
      const ordinary = n - busyOf(busyShare);
      const wanted = ordinary > 0 ? (needed - busyOf(busyShare) * maxRate) / ordinary : 0;
      rate = Math.max(rate, Math.min(poissonCap, Math.ceil(wanted * 1000) / 1000));
    }
    if (perSecondOf(rate, busyShare) < needed && !p.given.includes('busyShare') && rate < maxRate) {
      const busy = Math.min(n, Math.ceil((needed - n * rate) / (maxRate - rate)));
      busyShare = Math.max(busyShare, busy / n);
    }
  }
  const busy = busyOf(busyShare);
  const perSecond = perSecondOf(rate, busyShare);
  const shortestPhase = (perSecondNow: number) => Math.max(PHASE_STEP, Math.ceil(PHASE_REQUESTS / Math.max(1e-9, perSecondNow) / PHASE_STEP) * PHASE_STEP);
  const floodPhaseSeconds = p.given.includes('floodPhaseSeconds') || !flooded ? p.floodPhaseSeconds : shortestPhase(perSecond);
  const pairs = flooded ? pairsIn(measured, floodPhaseSeconds) : 0;
  const changed = (a: number, b: number, what: string) => (a !== b ? `, ${what} from ${b}` : '');
  lines.push(
    `plan: ${n} customers over ${D} s: ${busy} steadily at their whole budget (${maxRate.toFixed(2)}/s${changed(busyShare, p.busyShare, '--busy raised to fit the population')}), ${n - busy} at ${rate}/s on average${changed(rate, p.rate, 'raised to fit the population')}: about ${Math.round(perSecond * D)} requests${
      flooded
        ? `; flood phases of ${floodPhaseSeconds} s (about ${Math.round(perSecond * floodPhaseSeconds)} customer requests each), the first ${warmUpSeconds} s a warm-up: about ${pairs} pairs of a quiet and a flood phase to compare, a recovery phase after each flood left out (an interval needs ${MIN_PAIRS} pairs with ${MIN_PHASE_SAMPLES} requests in each phase)`
        : ''
    }`,
  );
  if (flooded && pairs < MIN_PAIRS) {
    const fastest = shortestPhase(n * maxRate);
    const shortest = Math.ceil(warmUpSeconds + PHASES_PER_CYCLE * fastest * (TARGET_PAIRS + 1));
    const why =
      busy === n || (!p.given.includes('rate') && !p.given.includes('busyShare') && !p.given.includes('floodPhaseSeconds'))
        ? `${n} customers at their whole budget (${maxRate.toFixed(2)}/s each) fill a phase in ${fastest} s, and ${D} s less the warm-up hold ${pairsIn(measured, fastest)} pairs. Fix: a longer --duration (at least ${shortest} s) or more customers`
        : `the options given plan about ${pairs} pairs. Fix: leave --rate, --busy and --flood-phase to the plan, or a longer --duration`;
    shortfalls.push(`flood's effect on the others: too few to compare, it will be reported undecided (${why}); the other verdicts are judged`);
  }
  lines.push(...shortfalls.map((x) => `plan: ${x}`));
  return { rate, busyShare, floodPhaseSeconds, warmUpSeconds, perSecond, pairs, lines, shortfalls };
}
