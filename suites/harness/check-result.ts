/** One check's outcome as the CLI summarises it (written by the progress reporter). */
export type CheckState = 'passed' | 'failed' | 'broken' | 'skipped';

export interface CheckResult {
  title: string;
  file: string;
  area: string;
  rules: string[];
  state: CheckState;
  /** Skip reason, or the first error message for failed/broken checks. */
  note?: string;
  durationMs: number;
}

/** Errors that are not assertion failures say the harness or the setup broke, not the target. */
export function isBrokenError(error: { name?: string; message?: string; cause?: unknown } | undefined): boolean {
  if (!error) return false;
  if (error.name === 'HarnessError') return true;
  // fast-check reports a failing property with its own message; the assertion sits in `cause`.
  const cause = error.cause as { name?: string } | undefined;
  if (error.name === 'AssertionError' || cause?.name === 'AssertionError') return false;
  return !/expected|^Property failed/i.test(error.message ?? '');
}
