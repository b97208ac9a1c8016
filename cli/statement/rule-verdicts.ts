import type { CheckResult, CheckState, RuleEvidence } from '../../harness-core/check-result.js';

export type RuleVerdictKind = 'pass' | 'fail' | 'broken' | 'skip' | 'inconclusive';

export interface RuleVerdict {
  verdict: RuleVerdictKind;
  reason?: string;
  /** Titles of the checks behind the verdict, in run order. */
  checks: string[];
  /** Of a pass: what the passing checks judged it on, and the count of the target's items where they counted them. */
  evidence?: string[];
  items?: number;
}

/** What a verdict needs of a check: the statement's verifier rebuilds this shape from result files. */
export type JudgedCheck = Pick<CheckResult, 'title' | 'rules' | 'state' | 'note' | 'judged' | 'notExercised' | 'evidence'>;

/**
 * Each rule's verdict from the checks that name it. A failure decides (the target is known to
 * break the rule), then a broken check (the harness could not judge); a pass needs a passing check
 * that judged the rule in this run. A rule that no check judged is inconclusive when a skip says so,
 * else skipped, with the reasons of its checks (skips and "not exercised" alike).
 */
export function ruleVerdicts(checks: readonly JudgedCheck[]): Record<string, RuleVerdict> {
  const byRule = new Map<string, JudgedCheck[]>();
  for (const check of checks) {
    for (const rule of check.rules) byRule.set(rule, [...(byRule.get(rule) ?? []), check]);
  }
  const verdicts: Record<string, RuleVerdict> = {};
  for (const [rule, ruleChecks] of byRule) verdicts[rule] = verdictOf(rule, ruleChecks);
  return verdicts;
}

/**
 * A check's state where checks.json and its Allure result file both speak: a failure or breakage
 * the result file records is never a skip (an interrupted run's, or an edited checks.json's), so
 * the result file's state wins over a recorded skip.
 */
export function stateOfRecord(recorded: CheckState, resultFile: CheckState | 'unknown'): CheckState {
  return recorded === 'skipped' && (resultFile === 'failed' || resultFile === 'broken') ? resultFile : recorded;
}

/** Whether a passed check judged the rule; a result without the record (a charged or preflight failure, an older report) judged every rule it names. */
export const judgedBy = (check: JudgedCheck, rule: string): boolean => check.state === 'passed' && (check.judged ?? check.rules).includes(rule);

function verdictOf(rule: string, checks: readonly JudgedCheck[]): RuleVerdict {
  const titles = checks.map((c) => c.title);
  // A check that says it did not exercise the rule neither fails nor breaks it.
  const owning = checks.filter((c) => !(rule in (c.notExercised ?? {})));
  const failed = owning.find((c) => c.state === 'failed');
  if (failed) return withReason('fail', failed.note, titles);
  const broken = owning.find((c) => c.state === 'broken');
  if (broken) return withReason('broken', broken.note, titles);
  const passing = checks.filter((c) => judgedBy(c, rule));
  if (passing.length > 0) return { verdict: 'pass', checks: titles, ...evidenceOf(rule, passing) };
  const reasons = [...new Set(checks.map((c) => reasonOf(c, rule)))];
  const inconclusive = reasons.find((r) => r.startsWith('inconclusive'));
  if (inconclusive) return withReason('inconclusive', [inconclusive, ...reasons.filter((r) => r !== inconclusive)].join(' | '), titles);
  return withReason('skip', reasons.join(' | ') || undefined, titles);
}

function reasonOf(check: JudgedCheck, rule: string): string {
  const notExercised = check.notExercised?.[rule];
  if (notExercised !== undefined) return `not exercised: ${notExercised}`;
  if (check.state === 'passed') return 'not exercised: no comparison of it was made';
  return check.note ?? 'skipped';
}

function evidenceOf(rule: string, passing: readonly JudgedCheck[]): Pick<RuleVerdict, 'evidence' | 'items'> {
  const recorded = passing.map((c) => c.evidence?.[rule]).filter((e): e is RuleEvidence => e !== undefined);
  if (recorded.length === 0) return {};
  const counted = recorded.filter((e) => e.items !== undefined);
  // A check that judged a fixed request of its own counts no items: the rule is then not a matter of the target's data alone.
  const items = counted.length === recorded.length && recorded.length === passing.length ? counted.reduce((sum, e) => sum + (e.items ?? 0), 0) : undefined;
  return { evidence: recorded.map((e) => e.text), ...(items !== undefined ? { items } : {}) };
}

function withReason(verdict: RuleVerdictKind, reason: string | undefined, checks: string[]): RuleVerdict {
  return reason === undefined ? { verdict, checks } : { verdict, reason, checks };
}
