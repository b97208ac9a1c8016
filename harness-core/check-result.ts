/** One check's outcome as the CLI summarises it (written by the progress reporter). */
export type CheckState = 'passed' | 'failed' | 'broken' | 'skipped';

export interface CheckResult {
  title: string;
  file: string;
  area: string;
  rules: string[];
  state: CheckState;
  /** Skip reason, the first error message for failed/broken checks, or what a passed check stated (CheckContext.note). */
  note?: string;
  durationMs: number;
  /** Of a passed check: the named rules its assertions ran on in this run (a rule it names and did not judge reads "not exercised"). */
  judged?: string[];
  /** Named rules the check did not judge in this run, each with the reason (no such data at the target, a prerequisite missing). */
  notExercised?: Record<string, string>;
  /** Per judged rule, what the check judged it on: the count of the target's items and what they were ("3 circuits"). */
  evidence?: Record<string, RuleEvidence>;
  /** A failure charged to a rule the check does not own, met on its way (a proven false 429, a prerequisite read that broke its rule): the title of that check. */
  metBy?: string;
  /** Of a charged failure: the answer that broke the rule, as a curl line (token redacted). */
  curl?: string;
}

export interface RuleEvidence {
  /** Items of the target's data judged; absent when the check judged a fixed request of its own. */
  items?: number;
  text: string;
}

/**
 * What a check records about its rules while it runs (task.meta.judgement), for the reporter: the
 * rules it judged with their evidence, those it did not exercise, and failures it met of rules it
 * does not own.
 */
export interface CheckJudgement {
  evidence: Record<string, RuleEvidence>;
  notExercised: Record<string, string>;
  charged: ChargedFailure[];
  /** The check judges only the rules it records (the exploration lanes); else every named rule it does not mark not exercised. */
  onlyRecorded: boolean;
}

/** A rule broken by an answer a check met on its way, charged to that rule instead of the check's own. */
export interface ChargedFailure {
  rule: string;
  /** The same kind met by several checks is one failure (the first met); a proven false 429 is one per check. */
  kind: string;
  /** The failure's title beside the rule ID, e.g. `a refusal the pacer's timeline proves wrong, met by "..."`. */
  title: string;
  message: string;
  /** The answer that broke the rule, as a curl line (token redacted). */
  curl?: string;
}

/** How a check's Allure result names the rules it judged (labels), its evidence and the rules it did not exercise (parameters with the rule after the prefix). */
export const JUDGED_LABEL = 'judged';
export const EVIDENCE_PARAMETER = 'evidence ';
export const NOT_EXERCISED_PARAMETER = 'not exercised ';

/** The named rules a passed check judged, from its record. */
export function judgedRules(rules: readonly string[], judgement: CheckJudgement | undefined): string[] {
  if (!judgement) return [...rules];
  return rules.filter((r) => (judgement.onlyRecorded ? r in judgement.evidence : r in judgement.evidence || !(r in judgement.notExercised)));
}

/** An error as vitest hands it to reporters: serialised, so only names tell the kinds apart. */
export interface ReportedError {
  name?: string;
  message?: string;
  cause?: unknown;
}

/** vitest's (chai's) assertion errors, and the harness's own statements about the target's answer. */
const TARGET_ASSERTIONS = new Set(['AssertionError', 'TargetAssertionError']);

/**
 * Whether an error states that the target's answer broke a rule: an assertion, or an error whose
 * cause chain reaches one (fast-check and the property helpers wrap the failing run's assertion).
 * A HarnessError on the way says the harness could not judge. Messages are never read: a harness
 * bug may say "expected" as well as a target failure may not.
 */
export function isTargetFailure(error: ReportedError | undefined): boolean {
  for (const e of causeChain(error)) {
    if (e.name === 'HarnessError') return false;
    if (TARGET_ASSERTIONS.has(e.name ?? '')) return true;
  }
  return false;
}

/** The error and its causes, outermost first (a cycle ends the chain). */
function causeChain(error: ReportedError | undefined): ReportedError[] {
  const chain: ReportedError[] = [];
  for (let e = error; e && !chain.includes(e); e = e.cause as ReportedError | undefined) chain.push(e);
  return chain;
}

/**
 * The state of a check that threw: failed when any of its errors is a target failure (the target
 * is known to break a rule, whatever else went wrong), else broken. The note is the first line of
 * the deciding error.
 */
export function verdictOf(errors: readonly ReportedError[]): { state: 'failed' | 'broken' | 'skipped'; note: string | undefined } {
  const failure = errors.find(isTargetFailure);
  // Ctrl-C stopped the check: it judged nothing, and nothing broke.
  if (!failure && errors.some((e) => causeChain(e).some((c) => c.name === 'RunInterrupted'))) return { state: 'skipped', note: 'interrupted: the run was stopped before this check finished' };
  const deciding = failure ?? errors[0];
  return { state: failure ? 'failed' : 'broken', note: deciding?.message?.split('\n')[0] };
}
