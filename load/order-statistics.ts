/**
 * Percentiles and medians of measured samples, sorted ascending. Nearest rank: the p-th percentile
 * is the smallest sample with at least p % of them at or below it (index ceil(p/100 · n) - 1), the
 * standard definition; it is always a measured value, and the p99 of 100 samples is the 99th, not
 * the maximum. 0 for no samples. Latencies kept as histograms (simulate/histograms.ts) take theirs
 * from the histogram.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** The middle sample, or the mean of the two middle ones; undefined for no samples. */
export function median(sorted: readonly number[]): number | undefined {
  const n = sorted.length;
  if (n === 0) return undefined;
  return n % 2 === 1 ? (sorted[(n - 1) / 2] as number) : ((sorted[n / 2 - 1] as number) + (sorted[n / 2] as number)) / 2;
}

/** The median of samples in any order (sorted on a copy). */
export function medianOfSamples(samples: readonly number[]): number | undefined {
  return median(sortedAscending(samples));
}

/** Sorted ascending, as the functions above take them (a copy). */
export function sortedAscending(samples: readonly number[]): number[] {
  return [...samples].sort((a, b) => a - b);
}

/** P(X <= k) for X ~ Binomial(n, 1/2), summed in log space so large n do not underflow to 0. */
function binomialHalfCdf(n: number, k: number): number {
  let log = -n * Math.LN2;
  let sum = 0;
  for (let i = 0; i <= k; i++) {
    sum += Math.exp(log);
    log += Math.log(n - i) - Math.log(i + 1);
  }
  return sum;
}

/**
 * The order statistics bounding the median with at least `confidence` for any continuous
 * distribution: [x(k), x(n+1-k)] (1-based) for the largest k with 2 P(Bin(n, 1/2) <= k-1) <= 1 -
 * confidence. Needs no model of the latencies and no resampling; undefined where even the smallest
 * and the largest value cover the median less often than that (5 values or fewer at 0.95).
 */
export function medianInterval(sorted: readonly number[], confidence: number): [number, number] | undefined {
  const n = sorted.length;
  let k = 0;
  while (k + 1 <= n / 2 && 2 * binomialHalfCdf(n, k) <= 1 - confidence) k += 1;
  return k === 0 ? undefined : [sorted[k - 1] as number, sorted[n - k] as number];
}
