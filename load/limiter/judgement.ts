import { describeHeldBack, describeLiveness, describeSafety, heldBackViolations, HOLD_MARGIN_MS, holdBoundMs, livenessViolations, outcome, roomyDelayMs, safetyViolations, type Hit } from '../../harness-core/rate-limit-timeline.js';
import { percentile, sortedAscending } from '../order-statistics.js';
import { EDGE_PROBES } from './edge-probes.js';
import type { PhasesRun } from './phases.js';

/** Proofs stop counting here: the report says `N+`. */
const MAX_PROOFS = 1000;

/** The run's figures and verdict, as reports/load/limiter.json holds them (without the run's settings). */
export type LimiterFindings = ReturnType<typeof judgeLimiter>;

/**
 * Judges the run from the harness's timestamps alone (harness-core/rate-limit-timeline.ts):
 * safety, no queueing, liveness, and that the steady flood's admissions keep up with 2 per second.
 */
export function judgeLimiter(hits: Hit[], unknownOutcomes: number, run: PhasesRun) {
  const byStatus: Record<string, number> = {};
  for (const h of hits) {
    const key = h.status === 0 ? 'unknown' : String(h.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  const admitted = hits.filter((h) => outcome(h) === 'admitted');
  const safety = safetyViolations(hits, { max: MAX_PROOFS });
  const boundMs = Math.max(holdBoundMs(hits), roomyDelayMs(hits) + HOLD_MARGIN_MS);
  const held = safety.length === 0 ? heldBackViolations(hits, { boundMs, max: MAX_PROOFS }) : [];
  const liveness = livenessViolations(hits, { max: MAX_PROOFS });
  const { steadyStart, steadyEnd, started, wallSeconds } = run;
  // Admissions that can have been decided during the steady flood: admitted answers whose
  // interval [sent, received] meets it, and requests never answered that were sent before its
  // end (decided at any time after their send, possibly within it). Too few is shown only when
  // even all of these together fall short.
  const steadyAdmitted = admitted.filter((h) => h.sentAt <= steadyEnd && h.receivedAt >= steadyStart).length;
  const steadyUnread = hits.filter((h) => outcome(h) === 'unknown' && h.sentAt <= steadyEnd && !Number.isFinite(h.receivedAt)).length;
  const steadyWindow = (steadyEnd - steadyStart) / 1000;
  // 2 per second, less 15 % for the moments a freed slot waits in the server's queue under the flood.
  const required = Math.floor(2 * steadyWindow * 0.85);
  const keepsUp = steadyAdmitted + steadyUnread >= required;
  const latencies = sortedAscending(hits.filter((h) => h.status !== 0).map((h) => h.receivedAt - h.sentAt));
  const ok = safety.length === 0 && held.length === 0 && liveness.length === 0 && keepsUp;
  return {
    wallSeconds,
    bursts: run.bursts,
    requests: hits.length,
    requestsPerSecond: hits.length / wallSeconds,
    byStatus,
    admitted: admitted.length,
    refused: hits.length - admitted.length - unknownOutcomes,
    unknownOutcome: unknownOutcomes,
    latencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0 },
    safety: { provenViolations: safety.length, examples: safety.slice(0, 5).map((v) => describeSafety(v, started)) },
    edgeProbes: EDGE_PROBES.map(({ name }) => {
      const mine = run.edges.filter((e) => e.name === name);
      return { probe: name, runs: mine.length, lastRefused: mine.filter((e) => e.status === 429).length };
    }),
    queueing: { decisionBoundMs: boundMs, heldBack: held.length, examples: held.slice(0, 5).map((v) => describeHeldBack(v, started)) },
    liveness: {
      provenWrongRefusals: liveness.length,
      examples: liveness.slice(0, 5).map((v) => describeLiveness(v, started)),
      steadyFlood: { seconds: steadyWindow, admitted: steadyAdmitted, unreadMaybeAdmitted: steadyUnread, perSecond: steadyAdmitted / steadyWindow, required, keepsUp },
    },
    verdict: ok ? ('pass' as const) : ('fail' as const),
  };
}

/** `N`, or `N+` once the proofs stopped counting. */
export function proofCount(n: number): string {
  return `${n}${n >= MAX_PROOFS ? '+' : ''}`;
}
