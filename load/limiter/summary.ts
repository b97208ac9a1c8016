import { proofCount, type LimiterFindings } from './judgement.js';

const indented = (example: string) => `  ${example.replace(/\n/g, '\n  ')}`;

/** The console's account of a run: figures, each property's verdict with up to two examples, the verdict. */
export function summaryLines(f: LimiterFindings, reportPath: string): string[] {
  const { steadyFlood } = f.liveness;
  const lines = [
    `${f.requests} requests in ${f.wallSeconds.toFixed(1)} s (${f.requestsPerSecond.toFixed(0)}/s, ${f.bursts} bursts), by status ${JSON.stringify(f.byStatus)}; latency p50 ${f.latencyMs.p50.toFixed(1)} ms, p99 ${f.latencyMs.p99.toFixed(1)} ms`,
    `admitted ${f.admitted} (${(f.admitted / f.wallSeconds).toFixed(2)}/s over the run)`,
    `edge probes (last request refused by a sliding second): ${f.edgeProbes.map((e) => `${e.probe} ${e.lastRefused}/${e.runs} refused`).join(', ')}`,
    `safety:   ${f.safety.provenViolations === 0 ? 'held: no three admitted requests provably within one sliding second' : `VIOLATED: ${proofCount(f.safety.provenViolations)} proven sets of 3 admitted in one second`}`,
    ...f.safety.examples.slice(0, 2).map(indented),
    `queueing: ${f.queueing.heldBack === 0 ? `none: every admission fits a sliding second with each request decided within ${f.queueing.decisionBoundMs.toFixed(0)} ms of its send` : `VIOLATED: ${proofCount(f.queueing.heldBack)} sets of admitted requests that a sliding second admits only by holding one back more than ${f.queueing.decisionBoundMs.toFixed(0)} ms`}`,
    ...f.queueing.examples.slice(0, 2).map(indented),
    `liveness: ${f.liveness.provenWrongRefusals === 0 ? 'held: no refusal was provably wrong' : `VIOLATED: ${proofCount(f.liveness.provenWrongRefusals)} refusals with fewer than 2 admitted in the second before`}; steady flood admitted ${steadyFlood.admitted} in ${steadyFlood.seconds.toFixed(1)} s = ${steadyFlood.perSecond.toFixed(2)}/s${steadyFlood.unreadMaybeAdmitted > 0 ? ` (+ up to ${steadyFlood.unreadMaybeAdmitted} never answered, maybe admitted)` : ''} (needs >= ${steadyFlood.required}: ${steadyFlood.keepsUp ? 'keeps up' : 'TOO FEW'})`,
    ...f.liveness.examples.slice(0, 2).map(indented),
    `verdict: ${f.verdict === 'pass' ? 'PASS' : 'FAIL'} (report ${reportPath})`,
  ];
  return lines;
}
