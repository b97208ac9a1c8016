import { describe, expect, it } from 'vitest';
import { MIN_PHASE_SAMPLES, compareFloodPhases } from './flood-comparison.js';
import { newHistogram, percentileMs, recordMs, sumHistograms, type Histogram } from './histograms.js';
import { seededRandom } from '../seeded-random.js';
import { floodVerdict } from './verdicts.js';

const PHASE_S = 1;
/** Wall-clock origin at the start of a cycle: phase 0 flood, 1 recovery, 2 quiet, 3 flood, and so on. */
const T0 = 1_764_000_000_000;

interface Synthetic {
  phases: number;
  perPhase: number;
  /** Latency factor of the customers during the flood. */
  flood?: number;
  /** Phase index -> share of its requests caught in a stall of 1.5 s (a cold start, another process). */
  stalls?: Record<number, number>;
  seed?: number;
}

/** Phases of long-tailed latencies (a few ms, a tail to ~100 ms), as the recorder files them. */
function phases(o: Synthetic): Map<number, Histogram> {
  const random = seededRandom(o.seed ?? 5);
  const map = new Map<number, Histogram>();
  for (let i = 0; i < o.phases; i++) {
    const h = newHistogram('timeline');
    const factor = i % 3 === 0 ? (o.flood ?? 1) : 1;
    const stalled = o.stalls?.[i] ?? 0;
    for (let k = 0; k < o.perPhase; k++) recordMs(h, random() < stalled ? 1500 + random() * 50 : (1 + Math.pow(random(), 8) * 100) * factor);
    map.set(T0 + i * PHASE_S * 1000, h);
  }
  return map;
}

const decide = (map: Map<number, Histogram>, warmUpPhases = 0, maxRatio = 2) => {
  const c = compareFloodPhases(map, PHASE_S, T0 + warmUpPhases * PHASE_S * 1000);
  return { c, verdict: floodVerdict(c, maxRatio, warmUpPhases * PHASE_S) };
};

describe("the flood's effect, compared pair by pair", () => {
  it('passes a target the flood leaves alone: the interval lies below the threshold', () => {
    const { c, verdict } = decide(phases({ phases: 76, perPhase: 150 }), 0);
    expect(c.pairs).toHaveLength(25);
    expect(c.interval?.[1]).toBeLessThan(2);
    expect(verdict).toMatchObject({ ok: true, kind: 'target' });
    expect(verdict.detail).toMatch(/median of 25 pairs \d\.\d\dx, 95 % interval \d\.\d\dx-1\.\d\dx \(allowed 2x; 0 phase\(s\) of the 0 s warm-up left out; pooled p99/);
  });

  it('fails a target whose customers wait three times as long during the flood: the interval lies above', () => {
    const { c, verdict } = decide(phases({ phases: 76, perPhase: 150, flood: 3 }), 0);
    expect(c.interval?.[0]).toBeGreaterThan(2);
    expect(verdict).toMatchObject({ ok: false, kind: 'target' });
  });

  it('is undecided, with the reason, when the interval holds the threshold', () => {
    const { c, verdict } = decide(phases({ phases: 29, perPhase: 30, flood: 2 }), 0);
    expect(c.interval?.[0]).toBeLessThan(2);
    expect(c.interval?.[1]).toBeGreaterThan(2);
    expect(verdict).toMatchObject({ ok: false, kind: 'undecided' });
    expect(verdict.detail).toMatch(/the interval holds the threshold\. Fix: a longer --duration/);
  });

  it('is not swung by a few stalled phases, where one p99 per arm was (the unstable verdicts of before)', () => {
    // Stalls of the machine in three flood phases: pooled, the flood arm's p99 is the stall.
    const intoFlood = phases({ phases: 76, perPhase: 150, stalls: { 12: 0.9, 24: 0.9, 36: 0.6 } });
    // A cold start and a stall in quiet phases: pooled, the quiet arm's p99 is the stall.
    const intoQuiet = phases({ phases: 76, perPhase: 150, stalls: { 5: 0.9, 8: 0.5, 29: 0.9 } });
    const arm = (map: Map<number, Histogram>, kind: number) => sumHistograms([...map].filter(([k]) => Math.round((k - T0) / 1000) % 3 === kind).map(([, h]) => h));
    expect(percentileMs(arm(intoFlood, 0), 99) / percentileMs(arm(intoFlood, 2), 99)).toBeGreaterThan(2);
    expect(percentileMs(arm(intoQuiet, 0), 99) / percentileMs(arm(intoQuiet, 2), 99)).toBeLessThan(0.5);
    for (const map of [intoFlood, intoQuiet]) {
      const { c, verdict } = decide(map, 0);
      expect(verdict).toMatchObject({ ok: true, kind: 'target' });
      expect(c.median).toBeGreaterThan(0.8);
      expect(c.median).toBeLessThan(1.25);
    }
  });

  it('leaves the warm-up out of both arms', () => {
    // A cold start in the first four phases, quiet and flood alike, three times slower.
    const map = phases({ phases: 40, perPhase: 290 });
    for (const [, h] of [...map].slice(0, 4)) for (let i = 0; i < 100; i++) recordMs(h, 900 + i);
    const { c } = decide(map, 4);
    expect(c.warmUpPhases).toBe(4);
    expect(c.pairs).toHaveLength(12);
    expect(c.pairs[0]?.offStart).toBe(T0 + 5000);
    expect(percentileMs(c.off, 100)).toBeLessThan(150);
  });

  it('leaves out pairs with a thin phase and says so when too few pairs remain', () => {
    const map = phases({ phases: 12, perPhase: MIN_PHASE_SAMPLES });
    map.set(T0 + 5000, newHistogram('timeline'));
    const { c, verdict } = decide(map, 2);
    expect([c.pairs.length, c.thinPairs, c.warmUpPhases]).toEqual([2, 1, 2]);
    expect(verdict).toMatchObject({ ok: false, kind: 'undecided' });
    expect(verdict.detail).toMatch(/^too few to compare: 2 pair\(s\) .*2 phase\(s\) of the 2 s warm-up left out, 1 pair\(s\) with fewer than 10 requests in a phase\); the interval needs 6\. Fix/);
  });
});
