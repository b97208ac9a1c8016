/**
 * A developer check (package:check, test:container) found the kit wrong: its message alone is
 * printed, where any other error also shows its stack.
 */
export class CheckFailed extends Error {}

/** The line a check prints when it fails. */
export function failureMessage(err: unknown): string {
  return err instanceof CheckFailed ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
}
