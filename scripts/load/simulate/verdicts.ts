import { percentileMs, sumHistograms } from './histograms.js';
import { OPERATIONS, OPERATION_SPECS } from './operations.js';
import type { SimulationResult } from './result-file.js';

export interface Verdict {
  name: string;
  ok: boolean;
  detail: string;
  /** 'load-side': the run could not judge the target (exit 3), 'target': the target missed (exit 1). */
  kind: 'target' | 'load-side';
}

/** Samples per flood phase below which a p99 says too little to compare. */
export const MIN_PHASE_SAMPLES = 200;

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
  const { on, off } = stats.floodPhases;
  // Recorded only when the population has flooders (in this shard or another).
  if (on.totalCount + off.totalCount > 0) {
    if (on.totalCount < MIN_PHASE_SAMPLES || off.totalCount < MIN_PHASE_SAMPLES) {
      verdicts.push({ name: "flood's effect on the others", ok: false, detail: `too few requests to compare (${on.totalCount} during the flood, ${off.totalCount} without; needs ${MIN_PHASE_SAMPLES} each). Fix: a longer --duration, a higher --rate or a shorter --flood-phase`, kind: 'load-side' });
    } else {
      const ratio = percentileMs(on, 99) / Math.max(0.001, percentileMs(off, 99));
      verdicts.push({
        name: "flood's effect on the others",
        ok: ratio <= t.maxFloodRatio,
        detail: `customers' p99 ${percentileMs(on, 99).toFixed(1)} ms during the flood, ${percentileMs(off, 99).toFixed(1)} ms without: ${ratio.toFixed(2)}x (allowed ${t.maxFloodRatio}x)`,
        kind: 'target',
      });
    }
  }
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
 * stands on its own, as in the conformance CLI); else 3 when a verdict was left undecided by the
 * load side; else 0.
 */
export function exitCode(verdicts: readonly Verdict[]): number {
  if (verdicts.some((v) => !v.ok && v.kind === 'target')) return 1;
  if (verdicts.some((v) => !v.ok && v.kind === 'load-side')) return 3;
  return 0;
}

/** The verdict line: FAIL with the missed ones, the undecided ones listed apart. */
export function verdictLine(verdicts: readonly Verdict[]): string {
  const missed = verdicts.filter((v) => !v.ok && v.kind === 'target').map((v) => v.name);
  const undecided = verdicts.filter((v) => !v.ok && v.kind === 'load-side').map((v) => v.name);
  const apart = undecided.length > 0 ? `; undecided (INVALID, the load was not delivered as planned or gave too few samples): ${undecided.join(', ')}` : '';
  if (missed.length > 0) return `FAIL (missed: ${missed.join(', ')})${apart}`;
  return undecided.length > 0 ? `INVALID${apart}` : 'PASS';
}
