import type { CheckResult } from '../../harness-core/check-result.js';

export type RuleVerdictKind = 'pass' | 'fail' | 'broken' | 'skip' | 'inconclusive';

export interface RuleVerdict {
  verdict: RuleVerdictKind;
  reason?: string;
  /** Titles of the checks behind the verdict, in run order. */
  checks: string[];
}

/** What a verdict needs of a check: the statement's verifier rebuilds this shape from result files. */
export type JudgedCheck = Pick<CheckResult, 'title' | 'rules' | 'state' | 'note'>;

/**
 * Each rule's verdict from the checks that name it. A failure decides (the target is known to break
 * the rule), then a broken check (the harness could not judge), then any pass. A rule whose checks
 * all skipped is inconclusive when the skip says so, else skipped with the first skip's note.
 */
export function ruleVerdicts(checks: readonly JudgedCheck[]): Record<string, RuleVerdict> {
  const byRule = new Map<string, JudgedCheck[]>();
  for (const check of checks) {
    for (const rule of check.rules) byRule.set(rule, [...(byRule.get(rule) ?? []), check]);
  }
  const verdicts: Record<string, RuleVerdict> = {};
  for (const [rule, ruleChecks] of byRule) verdicts[rule] = verdictOf(ruleChecks);
  return verdicts;
}

function verdictOf(checks: readonly JudgedCheck[]): RuleVerdict {
  const titles = checks.map((c) => c.title);
  const first = (state: JudgedCheck['state']) => checks.find((c) => c.state === state);
  const failed = first('failed');
  if (failed) return withReason('fail', failed.note, titles);
  const broken = first('broken');
  if (broken) return withReason('broken', broken.note, titles);
  if (first('passed')) return { verdict: 'pass', checks: titles };
  const inconclusive = checks.find((c) => c.note?.startsWith('inconclusive'));
  if (inconclusive) return withReason('inconclusive', inconclusive.note, titles);
  return withReason('skip', checks[0]?.note, titles);
}

function withReason(verdict: RuleVerdictKind, reason: string | undefined, checks: string[]): RuleVerdict {
  return reason === undefined ? { verdict, checks } : { verdict, reason, checks };
}
