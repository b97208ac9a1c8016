import { floodActive } from './flood-phase.js';
import { percentileMs, sumHistograms, type Histogram } from './histograms.js';
import { median, medianInterval } from '../order-statistics.js';

/**
 * Requests each phase of a pair needs. With 100 or fewer a phase's p99 is its slowest request;
 * the median over many pairs still compares the two arms fairly, and a small population gets its
 * pairs within a minute.
 */
export const MIN_PHASE_SAMPLES = 10;

/** Coverage of the interval for the median ratio; each side errs with at most half the rest. */
export const CONFIDENCE = 0.95;

/** One flood phase and the quiet phase right before it, both after the warm-up. */
export interface PhasePair {
  /** Wall-clock start of the quiet phase (ms); the flood phase follows it. */
  offStart: number;
  off: Histogram;
  on: Histogram;
  /** p99 of the flood phase over p99 of the quiet phase. */
  ratio: number;
}

export interface FloodComparison {
  pairs: PhasePair[];
  /** Phases that started before the warm-up ended. */
  warmUpPhases: number;
  /** Pairs left out because one of their phases had fewer than MIN_PHASE_SAMPLES requests. */
  thinPairs: number;
  /** Median of the pairs' ratios, and the distribution-free interval around it (undefined: too few pairs). */
  median: number | undefined;
  interval: [number, number] | undefined;
  /** The compared phases pooled: the customers' latencies during the flood and without it. */
  on: Histogram;
  off: Histogram;
}

/** The fewest values for which medianInterval gives an interval at CONFIDENCE. */
export const MIN_PAIRS = 6;

/**
 * Pairs each flood phase with the quiet phase right before it (flood-phase.ts): phases that differ
 * only in the flood, since both see the same machine and the same warm caches. Phases starting
 * before `fromWallMs` (the warm-up: cold caches) are left out of both arms. The verdict takes the
 * median of the pairs' p99 ratios: a stall of the machine lands in one pair, whose ratio the others
 * outvote, where one p99 per arm let a single slow second decide the verdict either way.
 */
export function compareFloodPhases(phases: ReadonlyMap<number, Histogram>, phaseSeconds: number, fromWallMs: number): FloodComparison {
  const phaseMs = phaseSeconds * 1000;
  const pairs: PhasePair[] = [];
  let warmUpPhases = 0;
  let thinPairs = 0;
  for (const [start, on] of [...phases].sort(([a], [b]) => a - b)) {
    if (start < fromWallMs) {
      warmUpPhases += 1;
      continue;
    }
    const offStart = start - phaseMs;
    if (!floodActive(start, phaseSeconds) || offStart < fromWallMs) continue;
    const off = phases.get(offStart);
    if (!off || off.totalCount < MIN_PHASE_SAMPLES || on.totalCount < MIN_PHASE_SAMPLES) thinPairs += 1;
    else pairs.push({ offStart, off, on, ratio: percentileMs(on, 99) / Math.max(0.001, percentileMs(off, 99)) });
  }
  const ratios = pairs.map((p) => p.ratio).sort((a, b) => a - b);
  return {
    pairs,
    warmUpPhases,
    thinPairs,
    median: median(ratios),
    interval: medianInterval(ratios, CONFIDENCE),
    on: sumHistograms(pairs.map((p) => p.on), 'timeline'),
    off: sumHistograms(pairs.map((p) => p.off), 'timeline'),
  };
}
