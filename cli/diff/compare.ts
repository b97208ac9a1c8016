import type { RuleVerdict, RuleVerdictKind } from '../statement/rule-verdicts.js';
import type { Run } from './read-run.js';

/** A rule whose verdict changed between the last two runs; `from` is absent when the older run had no verdict for it. */
export interface Transition {
  rule: string;
  from: RuleVerdict | undefined;
  to: RuleVerdict;
  /** The run each verdict came from, for naming the failing check behind it. */
  fromRun: Run;
  toRun: Run;
}

export interface Flip {
  rule: string;
  /** The rule's verdict in each run given, oldest first; absent where a run had none. */
  verdicts: (RuleVerdictKind | undefined)[];
}

export interface RunComparison {
  runs: readonly Run[];
  regressions: Transition[];
  fixes: Transition[];
  newSkips: Transition[];
  flaky: Flip[];
  checksAdded: string[];
  checksRemoved: string[];
}

const failing = (v: RuleVerdictKind | undefined) => v === 'fail' || v === 'broken';
const unjudged = (v: RuleVerdictKind | undefined) => v === 'skip' || v === 'inconclusive';
const byRuleId = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * What changed over runs given oldest first: regressions, fixes, new skips and checks between the
 * last two (what a CI gate acts on), and flaky rules over all of them.
 */
export function compareRuns(runs: readonly Run[]): RunComparison {
  const previous = runs.at(-2);
  const latest = runs.at(-1);
  if (!previous || !latest) throw new Error('compareRuns needs at least two runs');
  const transitions = Object.keys(latest.rules)
    .sort(byRuleId)
    .flatMap((rule): Transition[] => {
      const to = latest.rules[rule] as RuleVerdict;
      const from = previous.rules[rule];
      return from?.verdict === to.verdict ? [] : [{ rule, from, to, fromRun: previous, toRun: latest }];
    });
  return {
    runs,
    regressions: transitions.filter((t) => t.from?.verdict === 'pass' && failing(t.to.verdict)),
    fixes: transitions.filter((t) => failing(t.from?.verdict) && t.to.verdict === 'pass'),
    newSkips: transitions.filter((t) => unjudged(t.to.verdict)),
    flaky: flips(runs),
    checksAdded: [...latest.checks].filter((c) => !previous.checks.has(c)).sort(),
    checksRemoved: [...previous.checks].filter((c) => !latest.checks.has(c)).sort(),
  };
}

/**
 * Rules that went pass → fail somewhere and fail → pass somewhere. Runs that did not judge the rule
 * (absent, skipped, inconclusive) are passed over: pass, skip, fail still counts as a flip.
 */
function flips(runs: readonly Run[]): Flip[] {
  const rules = new Set(runs.flatMap((r) => Object.keys(r.rules)));
  return [...rules].sort(byRuleId).flatMap((rule): Flip[] => {
    const verdicts = runs.map((r) => r.rules[rule]?.verdict);
    const judged = verdicts.filter((v) => v === 'pass' || failing(v)).map((v) => v === 'pass');
    const steps = judged.slice(1).map((passes, i) => [judged[i], passes]);
    const broke = steps.some(([before, after]) => before && !after);
    const healed = steps.some(([before, after]) => !before && after);
    return broke && healed ? [{ rule, verdicts }] : [];
  });
}
