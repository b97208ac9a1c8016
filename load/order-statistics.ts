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

/** Sorted ascending, as the functions above take them (a copy). */
export function sortedAscending(samples: readonly number[]): number[] {
  return [...samples].sort((a, b) => a - b);
}
