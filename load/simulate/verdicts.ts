import { CONFIDENCE, MIN_PAIRS, MIN_PHASE_SAMPLES, compareFloodPhases, type FloodComparison } from './flood-comparison.js';
import { percentileMs, sumHistograms } from './histograms.js';
import { invalidTokenVerdicts } from './invalid-token-verdict.js';
import { OPERATIONS, OPERATION_SPECS } from './operations.js';
import type { SimulationResult } from './result-file.js';

export interface Verdict {
  name: string;
  ok: boolean;
  detail: string;
  /**
   * What a verdict that is not ok means. 'target': the target missed (exit 1); 'load-side': the
   * load was not delivered as planned, so the run could not judge (exit 3); 'undecided': the
   * measurements leave it open, e.g. a confidence interval across the threshold (exit 3).
   */
  kind: 'target' | 'load-side' | 'undecided';
}

/** The flood comparison of a result: its phases after the latest warm-up of its runs. */
export function floodComparisonOf(result: SimulationResult): FloodComparison {
  const from = Math.max(...result.runs.map((r) => Date.parse(r.startedAt) + r.warmUpSeconds * 1000));
  return compareFloodPhases(result.stats.floodPhases, result.runs[0]?.floodPhaseSeconds ?? 1, from);
}

const times = (x: number) => `${x.toFixed(2)}x`;

/**
 * Met when the interval of the median ratio lies below the threshold, missed when it lies above;
 * otherwise, or without enough pairs, undecided with the reason and what would decide it.
 */
export function floodVerdict(c: FloodComparison, maxRatio: number, warmUpSeconds: number): Verdict {
  const name = "flood's effect on the others";
  const left = `${c.warmUpPhases} phase(s) of the ${warmUpSeconds} s warm-up left out${c.thinPairs ? `, ${c.thinPairs} pair(s) with fewer than ${MIN_PHASE_SAMPLES} requests in a phase` : ''}`;
  if (c.interval === undefined || c.median === undefined) {
    return {
      name,
      ok: false,
      kind: 'undecided',
      detail: `too few to compare: ${c.pairs.length} pair(s) of a quiet and a flood phase with ${MIN_PHASE_SAMPLES} customer requests each (${left}); the interval needs ${MIN_PAIRS}. Fix: a longer --duration, more customers, or leave --rate, --busy and --flood-phase to the plan`,
    };
  }
  const [low, high] = c.interval;
  const measured = `customers' p99 in a flood phase over the quiet phase before it, median of ${c.pairs.length} pairs ${times(c.median)}, ${CONFIDENCE * 100} % interval ${times(low)}-${times(high)} (allowed ${maxRatio}x; ${left}; pooled p99 ${percentileMs(c.on, 99).toFixed(1)} ms during the flood, ${percentileMs(c.off, 99).toFixed(1)} ms without)`;
  if (high < maxRatio) return { name, ok: true, kind: 'target', detail: measured };
  if (low > maxRatio) return { name, ok: false, kind: 'target', detail: measured };
  return { name, ok: false, kind: 'undecided', detail: `${measured}: the interval holds the threshold. Fix: a longer --duration (more pairs narrow the interval) or a quieter machine` };
}

export function judge(result: SimulationResult): Verdict[] {
  const { stats, thresholds: t } = result;
  const verdicts: Verdict[] = [];
  const r = stats.refusals;
  verdicts.push({
    name: 'no false refusals',
    ok: r.falseRefusals <= t.maxFalseRefusals,
    detail: `${r.falseRefusals} of ${r.paced} 429s to customers within their budget proven wrong (allowed ${t.maxFalseRefusals}); ${r.paced - r.falseRefusals} possible because a request ahead was decided late`,
    kind: 'target',
  });
  const sent = OPERATIONS.reduce((n, op) => n + stats.endpoints[op].sent, 0);
  const errors = OPERATIONS.reduce((n, op) => n + stats.endpoints[op].errors, 0);
  const rate = sent === 0 ? 0 : errors / sent;
  verdicts.push({ name: 'error rate', ok: sent > 0 && rate <= t.maxErrorRate, detail: `${errors} of ${sent} requests (${(rate * 100).toFixed(3)} %) answered unexpectedly or not at all (allowed ${(t.maxErrorRate * 100).toFixed(3)} %)`, kind: 'target' });
  for (const op of OPERATIONS) {
    const h = stats.endpoints[op].latency;
    if (h.totalCount === 0) continue;
    const p99 = percentileMs(h, 99);
    verdicts.push({ name: `p99 ${OPERATION_SPECS[op].label}`, ok: p99 <= t.maxP99Ms[op], detail: `${p99.toFixed(1)} ms over ${h.totalCount} requests (allowed ${t.maxP99Ms[op]} ms)`, kind: 'target' });
  }
  const dropped = stats.loadSide.reduce((n, l) => n + l.droppedInFlight, 0);
  verdicts.push({ name: 'every arrival sent', ok: dropped === 0, detail: dropped === 0 ? 'no arrival met the in-flight cap' : `${dropped} arrivals dropped: the in-flight cap was reached (the target fell behind)`, kind: 'target' });
  // Recorded only when the population has flooders (in this shard or another).
  if (stats.floodPhases.size > 0) verdicts.push(floodVerdict(floodComparisonOf(result), t.maxFloodRatio, result.runs[0]?.warmUpSeconds ?? 0));
  verdicts.push(...invalidTokenVerdicts(result));
  const lag = sumHistograms(stats.loadSide.map((l) => l.lag));
  const lagP99 = percentileMs(lag, 99);
  const busiest = Math.max(0, ...stats.loadSide.map((l) => l.eventLoopBusy));
  // A late scheduler with an idle event loop waited for the CPU: other processes had it.
  const cause =
    busiest >= 0.8
      ? `its event loop was ${(busiest * 100).toFixed(0)} % busy: the load process was the limit. Fix: --shard over more processes or machines`
      : `its event loop was only ${(busiest * 100).toFixed(0)} % busy: other processes on this machine took the CPU. Fix: a quieter machine, or --shard over more machines`;
  verdicts.push({
    name: 'load side kept up',
    ok: lagP99 <= t.maxLagMs,
    detail: `scheduler lag p99 ${lagP99.toFixed(1)} ms, max ${(lag.maxValue / 1000).toFixed(1)} ms (allowed p99 ${t.maxLagMs} ms)${lagP99 > t.maxLagMs ? `; requests left late, so the load was not the planned one: ${cause}` : ''}`,
    kind: 'load-side',
  });
  return verdicts;
}

/**
 * 1 when the target missed any verdict, whatever else the run could not decide (a proven failure
 * stands on its own, as in the conformance CLI); else 3 when a verdict was left undecided or the
 * load side invalidated one; else 0.
 */
export function exitCode(verdicts: readonly Verdict[]): number {
  if (verdicts.some((v) => !v.ok && v.kind === 'target')) return 1;
  if (verdicts.some((v) => !v.ok)) return 3;
  return 0;
}

/** How a verdict reads on the console: met, MISSED, UNDECIDED or INVALID (the load side). */
export function verdictLabel(v: Verdict): string {
  if (v.ok) return 'met';
  return v.kind === 'target' ? 'MISSED' : v.kind === 'undecided' ? 'UNDECIDED' : 'INVALID';
}

/** The verdict line: FAIL with the missed ones, the undecided and the invalid ones listed apart. */
export function verdictLine(verdicts: readonly Verdict[]): string {
  const named = (kind: Verdict['kind']) => verdicts.filter((v) => !v.ok && v.kind === kind).map((v) => v.name);
  const missed = named('target');
  const undecided = named('undecided');
  const invalid = named('load-side');
  const open = [invalid.length > 0 ? `INVALID (the load was not delivered as planned): ${invalid.join(', ')}` : '', undecided.length > 0 ? `UNDECIDED (the measurements leave it open): ${undecided.join(', ')}` : ''].filter(Boolean);
  if (missed.length > 0) return [`FAIL (missed: ${missed.join(', ')})`, ...open].join('; ');
  if (open.length > 0) return open.join('; ');
  return 'PASS';
}
