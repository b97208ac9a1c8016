import type { CheckResult } from '../../harness-core/check-result.js';
import type { Fault } from '../fault.js';

export interface FaultVerdict {
  /** Every rule the fault names was proven: at least one check of that rule failed. */
  caught: boolean;
  /** Per named rule, the titles of its checks that failed (empty: the rule stayed unproven). */
  byRule: { rule: string; failedChecks: string[] }[];
}

/**
 * A fault proves each rule it names only through a failing check of that rule: a fault naming
 * PROJ-5 and PROJ-12 that only trips a PROJ-5 check leaves PROJ-12 unproven, so it is not caught.
 * Broken checks prove nothing (the harness failed, not an assertion about the target), and a run
 * that did not end with exit 1 did not report the target as breaking a rule.
 */
export function judgeFault(fault: Pick<Fault, 'rules'>, checks: readonly Pick<CheckResult, 'title' | 'rules' | 'state'>[], exitCode: number | null): FaultVerdict {
  const byRule = fault.rules.map((rule) => ({
    rule,
    failedChecks: checks.filter((c) => c.state === 'failed' && c.rules.includes(rule)).map((c) => c.title),
  }));
  return { caught: exitCode === 1 && byRule.every((r) => r.failedChecks.length > 0), byRule };
}
