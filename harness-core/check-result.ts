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
