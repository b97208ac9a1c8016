/**
 * The statistics of the paired timing probe (docs/existence-oracles.md): per pair the difference
 * d = foreign − missing (ms), judged with the exact sign test, which holds under any noise that is
 * symmetric about zero. The arms of a pair go out in random order, so under equal code the
 * difference is symmetric whatever the order costs (a warm connection, a cache): jitter can only
 * coarsen the resolution, never make a difference significant.
 */

/** α of the whole sequential probe: a difference is proven only below it. */
export const ALPHA = 0.001;
/**
 * The pair counts at which the probe looks at the least; α is split evenly over them (Bonferroni).
 * The last one is the probe's budget, 96 pairs of four requests each: 16 customers at 2 requests
 * per second send 16 pairs in about two seconds, and a quiet target lets most probes stop at the
 * first or second look; the last look is for noisy ones, where a 1 ms difference needs that many
 * pairs. The probe rounds each up to whole rounds of its customers (paired-probe.ts, pairsWanted).
 */
export const LOOKS: readonly number[] = [24, 48, 96];
export const PAIR_BUDGET = 96;
/** The probe stops early, passing, once it could have seen a difference this large with power POWER. */
export const TARGET_RESOLUTION_MS = 0.5;
export const POWER = 0.9;
/**
 * Before the last look, the probe gives up (undecided) when even the budget, at the noise measured
 * so far, could not resolve this multiple of one answer's time: spending it would prove nothing.
 */
export const FUTILITY_FACTOR = 2;
/**
 * A look whose sign test leans this far never gives up: a real but small difference under large
 * noise needs the whole budget to be proven.
 */
export const LEANING_P = 0.05;
/** 1.4826·MAD estimates σ of a normal sample, robust to the outliers a busy machine adds. */
const MAD_TO_SIGMA = 1.4826;

const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++) logFactorials.push((logFactorials[i - 1] as number) + Math.log(i));
  return logFactorials[n] as number;
}

/** P(K = k) for K ~ Binomial(n, p). */
export function binomialPmf(k: number, n: number, p: number): number {
  if (k < 0 || k > n) return 0;
  if (p <= 0) return k === 0 ? 1 : 0;
  if (p >= 1) return k === n ? 1 : 0;
  return Math.exp(logFactorial(n) - logFactorial(k) - logFactorial(n - k) + k * Math.log(p) + (n - k) * Math.log1p(-p));
}

/** P(K ≥ k) for K ~ Binomial(n, p). */
export function binomialUpper(k: number, n: number, p: number): number {
  let sum = 0;
  for (let i = Math.max(0, k); i <= n; i++) sum += binomialPmf(i, n, p);
  return Math.min(1, sum);
}

/** P(K ≤ k) for K ~ Binomial(n, p). */
export function binomialLower(k: number, n: number, p: number): number {
  let sum = 0;
  for (let i = 0; i <= Math.min(n, k); i++) sum += binomialPmf(i, n, p);
  return Math.min(1, sum);
}

export interface SignTest {
  /** Differences that are not exactly zero (ties carry no sign and are left out). */
  n: number;
  positive: number;
  /** Exact two-sided p-value. */
  p: number;
}

export function signTest(differences: readonly number[]): SignTest {
  const nonzero = differences.filter((d) => d !== 0);
  const n = nonzero.length;
  const positive = nonzero.filter((d) => d > 0).length;
  const tail = Math.min(binomialLower(positive, n, 0.5), binomialUpper(positive, n, 0.5));
  return { n, positive, p: Math.min(1, 2 * tail) };
}

/**
 * The smallest count c with P(K ≥ c) ≤ α/2 under p = ½: the two-sided sign test at α rejects at
 * c positives or at n − c. Undefined when n is too small to reject at all.
 */
export function criticalCount(n: number, alpha: number): number | undefined {
  let tail = 0;
  // From the top down, adding one term at a time: the tail grows past α/2 one count below the critical one.
  for (let c = n; c >= Math.ceil(n / 2); c--) {
    tail += binomialPmf(c, n, 0.5);
    if (tail > alpha / 2) return c === n ? undefined : c + 1;
  }
  return Math.ceil(n / 2);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * A distribution-free confidence interval of the median at 1 − α: the order statistics
 * d(l) and d(n+1−l) with the largest l for which P(K < l) ≤ α/2, K ~ Binomial(n, ½). Infinite
 * bounds when n is too small for that confidence.
 */
export function medianInterval(values: readonly number[], alpha: number): { low: number; high: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  let l = 0;
  while (l + 1 <= n / 2 && binomialLower(l, n, 0.5) <= alpha / 2) l++;
  if (l === 0) return { low: -Infinity, high: Infinity };
  return { low: sorted[l - 1] as number, high: sorted[n - l] as number };
}

/** σ of the differences, robustly: 1.4826 · the median absolute deviation from their median. */
export function robustSigma(values: readonly number[]): number {
  const m = median(values);
  return MAD_TO_SIGMA * median(values.map((v) => Math.abs(v - m)));
}

/** The standard normal distribution function (erfc after W. J. Cody's rational approximations, via Numerical Recipes' erfc, relative error below 1.2e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/** z with normalCdf(z) = q, by bisection (q in (0, 1)). */
export function normalQuantile(q: number): number {
  let low = -40;
  let high = 40;
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (normalCdf(mid) < q) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/**
 * The exact power of the two-sided sign test at α with n pairs when a difference is positive with
 * probability q.
 */
export function signTestPower(n: number, alpha: number, q: number): number {
  const c = criticalCount(n, alpha);
  if (c === undefined) return 0;
  return Math.min(1, binomialUpper(c, n, q) + binomialLower(n - c, n, q));
}

/**
 * The resolution: the smallest shift δ that the sign test at α with n pairs finds with power
 * `power`, when the noise is normal with σ (a difference is then positive with probability Φ(δ/σ)).
 * Infinite when n pairs cannot reject at α at all.
 */
export function resolution(n: number, sigma: number, alpha: number, power = POWER): number {
  return sigma * resolutionInSigmas(n, alpha, power);
}

/** The resolution for σ = 1, which the probe asks for at every look with the same n and α. */
const sigmasCache = new Map<string, number>();
function resolutionInSigmas(n: number, alpha: number, power: number): number {
  const key = `${n} ${alpha} ${power}`;
  let z = sigmasCache.get(key);
  if (z === undefined) {
    z = Infinity;
    if (criticalCount(n, alpha) !== undefined) {
      let low = 0.5;
      let high = 1;
      for (let i = 0; i < 60; i++) {
        const mid = (low + high) / 2;
        if (signTestPower(n, alpha, mid) >= power) high = mid;
        else low = mid;
      }
      z = normalQuantile(high);
    }
    sigmasCache.set(key, z);
  }
  return z;
}

export type Verdict =
  | { kind: 'distinguishable'; look: number }
  | { kind: 'indistinguishable'; look: number }
  | { kind: 'continue' }
  | { kind: 'undecided'; look: number };

/** What a look has: each pair's difference, and the time of one answer on the never-existing arm (the median). */
export interface Collected {
  differences: readonly number[];
  answerMs: number;
}

export interface PairedSummary {
  pairs: number;
  median: number;
  interval: { low: number; high: number };
  p: number;
  sigma: number;
  /** The resolution reached at this look's α. */
  resolutionMs: number;
  /** The median answer time of the never-existing arm: a resolution coarser than one whole answer says nothing. */
  answerMs: number;
}

export function summarise({ differences, answerMs }: Collected, alphaPerLook = ALPHA / LOOKS.length): PairedSummary {
  const sigma = robustSigma(differences);
  return {
    pairs: differences.length,
    median: median(differences),
    interval: medianInterval(differences, ALPHA),
    p: signTest(differences).p,
    sigma,
    resolutionMs: resolution(differences.length, sigma, alphaPerLook),
    answerMs,
  };
}

/**
 * The decision at look `look` (an index into `looks`): distinguishable when the sign test rejects
 * at α/looks; indistinguishable once the resolution reaches the target (early), or at the last
 * look when it is finer than one answer's time; else undecided at the last look, or earlier when
 * even the budget could not resolve FUTILITY_FACTOR answers' time (a claim of neither kind, so
 * stopping early costs no α) unless the sign test leans (LEANING_P); else on to the next look.
 */
export function decide(summary: PairedSummary, look: number, options: { looks?: readonly number[]; targetMs?: number } = {}): Verdict {
  const looks = options.looks ?? LOOKS;
  const target = options.targetMs ?? TARGET_RESOLUTION_MS;
  const alpha = ALPHA / looks.length;
  if (summary.p < alpha) return { kind: 'distinguishable', look };
  if (summary.resolutionMs <= target) return { kind: 'indistinguishable', look };
  if (look >= looks.length - 1) return summary.resolutionMs <= summary.answerMs ? { kind: 'indistinguishable', look } : { kind: 'undecided', look };
  if (summary.p < LEANING_P) return { kind: 'continue' };
  const reachable = resolution(looks[looks.length - 1] as number, summary.sigma, alpha);
  return reachable > FUTILITY_FACTOR * summary.answerMs ? { kind: 'undecided', look } : { kind: 'continue' };
}

/**
 * Runs the sequential probe: `collect(n)` returns what was collected so far once there are at
 * least n pairs (synthetic data in the tests, pairs on a target in the checks), or fewer once the
 * probe's time is spent (`timeSpent()` then says so, and that look is the last); the decision at a
 * look uses all of them.
 */
export async function sequentialProbe(
  collect: (atLeast: number) => Promise<Collected>,
  options: { looks?: readonly number[]; targetMs?: number; timeSpent?: () => boolean } = {},
): Promise<{ verdict: Exclude<Verdict, { kind: 'continue' }>; summary: PairedSummary }> {
  const looks = options.looks ?? LOOKS;
  for (let look = 0; ; look++) {
    const summary = summarise(await collect(looks[look] as number), ALPHA / looks.length);
    const verdict = decide(summary, options.timeSpent?.() ? looks.length - 1 : look, options);
    if (verdict.kind !== 'continue') return { verdict, summary };
  }
}
