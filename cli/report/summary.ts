import type { CheckResult } from '../../harness-core/check-result.js';
import type { RunStats } from '../../harness-core/pacer-server.js';
import type { ExpectationVerdict } from '../expectations.js';
import { demandOf } from '../floor-estimate.js';
import { INVALID_TOKEN_LANE } from '../../harness-core/invalid-token-lane.js';
import { laneDemandOf, limitsFloor, type WindowLimit } from '../limits-floor.js';
import { ruleVerdicts } from '../statement/rule-verdicts.js';

export interface AreaCounts {
  area: string;
  passed: number;
  failed: number;
  broken: number;
  skipped: number;
}

export interface RunSummary {
  target: string;
  readOnly: boolean;
  areas: AreaCounts[];
  totals: Omit<AreaCounts, 'area'>;
  wallSeconds: number;
  /**
   * The limits' floor (limits-floor.ts): no schedule of the run's requests under the target's
   * limits ends sooner, so a wall time below it is a defect of the floor.
   */
  pacingFloorSeconds: number;
  /** The plan's estimate of the run made before it (floor-estimate.ts), for runs the estimate covers. */
  expectedFloorSeconds?: number;
  /** Who sets the floor: a customer, or `#invalid-token` (the lane under the per-address limit). */
  busiestCustomer: string | undefined;
  busiestRequests?: number;
  /** Seconds after the pacer started at which the busiest customer's first request was granted and its last response arrived. */
  busiestSpan?: { first: number; last: number };
  /**
   * The quiet phase, when the run had one: it began this many seconds after the pacer started, and
   * its part of the floor (its busiest customer's requests in it at 2 per second: its checks cannot
   * share the target with the others').
   */
  quietPhase?: { from: number; floorSeconds: number };
  requests: number;
  unintended429: RunStats['unintended429'];
  /** 429s the pacer's timeline proves wrong (RATE-2), when there were any; their checks are among the failed ones. */
  provenWrongRefusals?: NonNullable<RunStats['provenWrongRefusals']>;
  /** Requests without a valid token per rule (the invalid-token lane), when there were any. */
  laneRequestsByRule?: Record<string, number>;
  createdProjects: number;
  skipped: { title: string; reason: string }[];
  failed: { title: string; state: string; note: string }[];
  /** With --expect: known failures, new failures (regressions) and listed checks that pass now. */
  expectations?: { known: { title: string; reason: string }[]; regressions: string[]; fixed: { title: string; reason: string }[] };
  /** Rules the run's checks name (selected), those a check judged (passed or failed), and the passes that rest on a single item of the target's data. */
  rules?: { selected: number; exercised: number; passedOnSingleItem: string[]; failed: string[] };
  reports: Record<string, string>;
}

export function ruleCounts(checks: readonly CheckResult[]): NonNullable<RunSummary['rules']> {
  const verdicts = Object.entries(ruleVerdicts(checks));
  const ids = (keep: (v: (typeof verdicts)[number][1]) => boolean) => verdicts.filter(([, v]) => keep(v)).map(([id]) => id);
  return {
    selected: verdicts.length,
    exercised: ids((v) => v.verdict === 'pass' || v.verdict === 'fail').length,
    passedOnSingleItem: ids((v) => v.verdict === 'pass' && v.items === 1),
    failed: ids((v) => v.verdict === 'fail'),
  };
}

export function summarize(input: {
  target: string;
  readOnly: boolean;
  checks: CheckResult[];
  stats: RunStats & { finishedAt?: number };
  wallSeconds: number;
  reports: Record<string, string>;
  expectedFloorSeconds?: number;
  /** The per-address limit the profile documents for requests without a valid token. */
  invalidTokenLimit?: WindowLimit;
  expectations?: ExpectationVerdict;
}): RunSummary {
  const byArea = new Map<string, AreaCounts>();
  for (const c of input.checks) {
    const row = byArea.get(c.area) ?? { area: c.area, passed: 0, failed: 0, broken: 0, skipped: 0 };
    row[c.state] += 1;
    byArea.set(c.area, row);
  }
  const areas = [...byArea.values()].sort((a, b) => a.area.localeCompare(b.area));
  const totals = { passed: 0, failed: 0, broken: 0, skipped: 0 };
  for (const a of areas) for (const k of ['passed', 'failed', 'broken', 'skipped'] as const) totals[k] += a[k];
  const quiet = input.stats.quietPhase;
  const floor = limitsFloor({
    requestsByCustomer: input.stats.requestsByCustomer,
    ...(quiet ? { quietRequestsByCustomer: quiet.requestsByCustomer } : {}),
    ...laneDemandOf(demandOf(input.stats.demandByArea ?? {})),
    invalidTokenLimit: input.invalidTokenLimit,
  });
  const busiest = floor.busiestRequests > 0 ? floor.busiest : undefined;
  const busiestSpan = busiest ? input.stats.busyByCustomer?.[busiest] : undefined;
  return {
    target: input.target,
    readOnly: input.readOnly,
    areas,
    totals,
    wallSeconds: input.wallSeconds,
    pacingFloorSeconds: floor.seconds,
    ...(input.expectedFloorSeconds !== undefined ? { expectedFloorSeconds: input.expectedFloorSeconds } : {}),
    busiestCustomer: busiest,
    ...(busiest ? { busiestRequests: floor.busiestRequests } : {}),
    ...(busiestSpan ? { busiestSpan: secondsOf(busiestSpan) } : {}),
    ...(quiet ? { quietPhase: { from: quiet.from / 1000, floorSeconds: floor.quietSeconds ?? 0 } } : {}),
    requests: Object.values(input.stats.requestsByCustomer).reduce((a, b) => a + b, 0),
    unintended429: input.stats.unintended429,
    ...(input.stats.provenWrongRefusals?.length ? { provenWrongRefusals: input.stats.provenWrongRefusals } : {}),
    ...(Object.keys(input.stats.laneRequestsByRule ?? {}).length > 0 ? { laneRequestsByRule: input.stats.laneRequestsByRule } : {}),
    createdProjects: input.stats.createdProjects.length,
    skipped: input.checks.filter((c) => c.state === 'skipped').map((c) => ({ title: c.title, reason: c.note ?? '' })),
    failed: input.checks.filter((c) => c.state === 'failed' || c.state === 'broken').map((c) => ({ title: c.title, state: c.state, note: c.note ?? '' })),
    ...(input.expectations
      ? { expectations: { known: input.expectations.known, regressions: input.expectations.regressions.map((r) => r.title), fixed: input.expectations.fixed } }
      : {}),
    rules: ruleCounts(input.checks),
    reports: input.reports,
  };
}

function secondsOf(span: { first: number; last: number }): { first: number; last: number } {
  return { first: span.first / 1000, last: span.last / 1000 };
}

export function formatSummary(s: RunSummary): string {
  const header = ['area', 'passed', 'failed', 'broken', 'skipped'];
  const rows = [...s.areas.map((a) => [a.area, a.passed, a.failed, a.broken, a.skipped]), ['total', s.totals.passed, s.totals.failed, s.totals.broken, s.totals.skipped]];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i] as number) : String(c).padStart(widths[i] as number))).join('  ');
  const out = [`Conformance run against ${s.target}${s.readOnly ? ' (read-only)' : ''}`, '', line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ''];
  const ratio = s.pacingFloorSeconds > 0 ? ` (${(s.wallSeconds / s.pacingFloorSeconds).toFixed(2)}x the floor)` : '';
  const plan = s.expectedFloorSeconds !== undefined ? `; the plan's estimate before the run ~${s.expectedFloorSeconds.toFixed(0)} s` : '';
  // Where the wall time beyond the floor went: before the busiest customer's first grant, after its last response, or idle in between.
  const span = s.busiestSpan ? `, served from ${s.busiestSpan.first.toFixed(1)} s to ${s.busiestSpan.last.toFixed(1)} s of the checks' run` : '';
  const requests = s.busiestRequests !== undefined ? ` ${s.busiestRequests} requests` : '';
  const busiest =
    s.busiestCustomer === INVALID_TOKEN_LANE ? `the lane of requests without a valid token,${requests} under the documented per-address limit` : `customer ${s.busiestCustomer},${requests} at 2 per second`;
  const quiet = s.quietPhase ? `; the quiet phase from ${s.quietPhase.from.toFixed(1)} s${s.quietPhase.floorSeconds > 0 ? `, its part of the floor ${s.quietPhase.floorSeconds.toFixed(1)} s` : ''}` : '';
  out.push(`wall time ${s.wallSeconds.toFixed(1)} s, floor ${s.pacingFloorSeconds.toFixed(1)} s${ratio} (what the limits force: ${s.busiestCustomer ? `${busiest}${span}` : 'no paced request'})${plan}${quiet}`);
  if (s.rules) {
    const single = s.rules.passedOnSingleItem;
    out.push(`exercised ${s.rules.exercised} of ${s.rules.selected} selected rules; ${single.length} passed on a single item${single.length > 0 ? ` (${single.join(', ')})` : ''}`);
    if (s.rules.failed.length > 0) out.push(`rules failed: ${s.rules.failed.join(', ')}`);
  }
  out.push(`requests ${s.requests}, unintended 429s ${s.unintended429.length} (must be 0), projects created ${s.createdProjects}`);
  if (s.laneRequestsByRule) {
    const entries = Object.entries(s.laneRequestsByRule).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const total = entries.filter(([rule]) => !rule.endsWith('(lane held)')).reduce((n, [, count]) => n + count, 0);
    out.push(`requests without a valid token ${total}, per rule: ${entries.map(([rule, count]) => `${rule} ${count}`).join(', ')}`);
  }
  if (s.provenWrongRefusals) {
    const checks = [...new Set(s.provenWrongRefusals.map((r) => r.check))];
    const more = checks.length > 5 ? `; ... and ${checks.length - 5} more (reports/summary.json lists all)` : '';
    out.push(`RATE-2 failed: ${s.provenWrongRefusals.length} refusal(s) the pacer's timeline proves wrong (checks: ${checks.slice(0, 5).join('; ')}${more})`);
  }
  if (s.skipped.length > 0) {
    const reasons = new Map<string, string[]>();
    for (const k of s.skipped) reasons.set(k.reason, [...(reasons.get(k.reason) ?? []), k.title]);
    out.push('', 'skipped (not run):');
    for (const [reason, titles] of reasons) {
      out.push(`  ${String(titles.length).padStart(3)} x ${reason}`);
      for (const title of titles.slice(0, 15)) out.push(`        ${title}`);
      if (titles.length > 15) out.push(`        ... and ${titles.length - 15} more (reports/summary.json lists all)`);
    }
  }
  const listed = (state: string, heading: string) => {
    const entries = s.failed.filter((f) => f.state === state);
    if (entries.length === 0) return;
    out.push('', heading);
    for (const f of entries) out.push(`  ${f.state.toUpperCase()} ${f.title}`, `      ${f.note}`);
  };
  listed('failed', 'failed (the target broke a rule):');
  listed('broken', 'broken (the harness or the setup failed; these checks judged nothing):');
  if (s.expectations) {
    const e = s.expectations;
    out.push('', `expectations: ${e.known.length} known failures, ${e.regressions.length} new failures, ${e.fixed.length} fixed`);
    for (const f of e.fixed) out.push(`  FIXED (remove from the expectations) ${f.title}`);
    for (const r of e.regressions) out.push(`  NEW FAILURE ${r}`);
  }
  out.push('', 'reports:');
  for (const [name, path] of Object.entries(s.reports)) out.push(`  ${name.padEnd(14)} ${path}`);
  return out.join('\n');
}

/**
 * 1 when a rule failed (not counting expected failures), even if other checks broke: the target is
 * known to break a rule, and the broken checks are listed with it. Else 3 when a check broke or a
 * paced customer met a 429, else 0.
 */
export function exitCodeFor(s: RunSummary): number {
  const failures = s.expectations ? s.expectations.regressions.length : s.totals.failed;
  if (failures > 0) return 1;
  return s.totals.broken > 0 || s.unintended429.length > 0 ? 3 : 0;
}
