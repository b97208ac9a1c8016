import hdr, { type Histogram } from 'hdr-histogram-js';

/**
 * Latencies as HDR histograms in microseconds, three significant digits (every percentile within
 * 0.1 % of the recorded value). They add up exactly, so shards on several machines merge into the
 * histogram one process would have recorded; percentiles are never averaged.
 *
 * The per-interval histograms of the timeline keep two significant digits (1 %, enough for a
 * chart), a fraction of the size at full precision. Packed counters would be smaller still, but
 * encoding, decoding and adding them is slow, which merging hours of intervals cannot afford.
 */
export type { Histogram };
export type HistogramKind = 'total' | 'timeline';

/** One hour in µs: answers slower than that are recorded as one hour. */
const HIGHEST_MICROS = 3_600_000_000;

export function newHistogram(kind: HistogramKind = 'total'): Histogram {
  return hdr.build({
    bitBucketSize: 32,
    lowestDiscernibleValue: 1,
    highestTrackableValue: HIGHEST_MICROS,
    numberOfSignificantValueDigits: kind === 'total' ? 3 : 2,
    autoResize: false,
  });
}

export function recordMs(histogram: Histogram, ms: number): void {
  histogram.recordValue(Math.min(HIGHEST_MICROS, Math.max(1, Math.round(ms * 1000))));
}

/** The value at `percentile` (0..100) in milliseconds; 0 for an empty histogram. */
export function percentileMs(histogram: Histogram, percentile: number): number {
  return histogram.totalCount === 0 ? 0 : histogram.getValueAtPercentile(percentile) / 1000;
}

export function maxMs(histogram: Histogram): number {
  return histogram.totalCount === 0 ? 0 : histogram.maxValue / 1000;
}

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentiles(histogram: Histogram): Percentiles {
  return { count: histogram.totalCount, p50: percentileMs(histogram, 50), p95: percentileMs(histogram, 95), p99: percentileMs(histogram, 99), max: maxMs(histogram) };
}

export function encodeHistogram(histogram: Histogram): string {
  return hdr.encodeIntoCompressedBase64(histogram);
}

export function decodeHistogram(encoded: string, kind: HistogramKind = 'total'): Histogram {
  const decoded = hdr.decodeFromCompressedBase64(encoded, 32, false);
  // Decoding sizes the histogram to the values it holds; merging later shards needs the full range.
  const histogram = newHistogram(kind);
  histogram.add(decoded);
  return histogram;
}

/** A new histogram holding the sum of the given ones. */
export function sumHistograms(histograms: readonly Histogram[], kind: HistogramKind = 'total'): Histogram {
  const sum = newHistogram(kind);
  for (const h of histograms) sum.add(h);
  return sum;
}
