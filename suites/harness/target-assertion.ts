/**
 * A statement about the target's answer that does not hold, raised by the harness itself rather
 * than by `expect`: the check failed because the target broke its rule (docs/running.md, "Results"). The
 * progress reporter tells it apart from harness errors by its name, as it does vitest's
 * AssertionError: errors reach the reporter serialised, without their classes.
 */
export class TargetAssertionError extends Error {
  override name = 'TargetAssertionError';
}
