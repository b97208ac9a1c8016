import { LIMIT, WINDOW_MS } from '../../../harness-core/rate-limit-timeline.js';
import { MIN_PHASE_SAMPLES } from './verdicts.js';

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
  /** Option keys given on the command line: those are kept as given. */
  given: readonly string[];
}

export interface Plan {
  rate: number;
  busyShare: number;
  floodPhaseSeconds: number;
  /** Paced requests per second the plan expects. */
  perSecond: number;
  /** Lines to print before the run. */
  lines: string[];
  /** Verdicts that even the whole budget cannot give enough samples in the duration: reported undecided. */
  shortfalls: string[];
}

/** Planned paced requests beyond the bare need: Poisson arrivals and phases cut by the run's edges. */
const HEADROOM = 1.3;

/**
 * Poisson arrivals near the budget are deferred by it and arrive later, so fewer go out than
 * planned: beyond this share of the budget a customer is planned steadily at its whole budget.
 */
const POISSON_SHARE = 0.6;

/**
 * Fits the defaults to the population: the mean rate of an ordinary customer is raised (up to
 * POISSON_SHARE of its budget), and then customers are moved to the steady plan at their whole
 * budget, until the flood comparison can get MIN_PHASE_SAMPLES paced requests in each of its
 * phases; the phases are shortened so the run holds at least two of each. Options given on the
 * command line stay as given; what they or the whole budget cannot give is said before the run,
 * and the other verdicts are judged anyway.
 */
export function planForPopulation(p: PlanInput): Plan {
  const maxRate = (LIMIT * WINDOW_MS) / (WINDOW_MS + p.marginMs);
  const poissonCap = Math.floor(maxRate * POISSON_SHARE * 1000) / 1000;
  const lines: string[] = [];
  const shortfalls: string[] = [];
  const D = p.durationSeconds;
  const n = p.customers;
  let rate = p.rate;
  let busyShare = p.busyShare;
  let floodPhaseSeconds = p.floodPhaseSeconds;
  const flooded = p.flooders > 0;
  if (flooded && !p.given.includes('floodPhaseSeconds')) floodPhaseSeconds = Math.max(1, Math.min(p.floodPhaseSeconds, Math.floor(D / 4)));
  const needed = flooded ? 2 * MIN_PHASE_SAMPLES * HEADROOM : 0;
  const busyOf = (share: number) => Math.floor(n * share);
  const planned = () => (busyOf(busyShare) * maxRate + (n - busyOf(busyShare)) * rate) * D;
  if (flooded && n > 0 && planned() < needed) {
    if (!p.given.includes('rate')) {
      const ordinary = n - busyOf(busyShare);
      const wanted = ordinary > 0 ? (needed - busyOf(busyShare) * maxRate * D) / (ordinary * D) : 0;
      rate = Math.max(rate, Math.min(poissonCap, Math.ceil(wanted * 1000) / 1000));
    }
    if (planned() < needed && !p.given.includes('busyShare') && rate < maxRate) {
      const busy = Math.min(n, Math.ceil((needed - n * rate * D) / ((maxRate - rate) * D)));
      busyShare = Math.max(busyShare, busy / n);
    }
  }
  const busy = busyOf(busyShare);
  const perSecond = busy * maxRate + (n - busy) * rate;
  const changed = (a: number, b: number, what: string) => (a !== b ? `, ${what} from ${b}` : '');
  lines.push(
    `plan: ${n} customers over ${D} s: ${busy} steadily at their whole budget (${maxRate.toFixed(2)}/s${changed(busyShare, p.busyShare, '--busy raised to fit the population')}), ${n - busy} at ${rate}/s on average${changed(rate, p.rate, 'raised to fit the population')}: about ${Math.round(perSecond * D)} requests${flooded ? `; flood phases of ${floodPhaseSeconds} s${changed(floodPhaseSeconds, p.floodPhaseSeconds, 'a quarter of the run at most,')}; the comparison needs ${MIN_PHASE_SAMPLES} requests in each` : ''}`,
  );
  if (flooded && perSecond * D < needed) {
    const most = n * maxRate * D;
    const why =
      most < needed
        ? `even the whole budget of ${n} customers (${maxRate.toFixed(2)}/s each) gives about ${Math.round(most)} requests in ${D} s, and the comparison needs about ${Math.round(needed)}. Fix: a longer --duration (at least ${Math.ceil(needed / Math.max(1e-9, n * maxRate))} s) or more customers`
        : `the options given plan about ${Math.round(perSecond * D)} requests, the comparison needs about ${Math.round(needed)}. Fix: leave --rate and --busy to the plan, or a longer --duration`;
    shortfalls.push(`flood's effect on the others: too few samples, it will be reported undecided (${why}); the other verdicts are judged`);
  }
  lines.push(...shortfalls.map((x) => `plan: ${x}`));
  return { rate, busyShare, floodPhaseSeconds, perSecond, lines, shortfalls };
}
