import type { CheckResult } from '../../harness-core/check-result.js';
import type { Fault } from '../fault.js';

/**
 * Measure-only faults (Fault.measureOnly) in a run: chosen only by name, reported as found or not
 * found with what their checks said, never an escape.
 */

/** The faults a run takes: those named with --only (measure-only ones included), else every fault that is not measure-only. */
export function selectFaults<F extends Pick<Fault, 'id' | 'measureOnly'>>(catalogue: readonly F[], only: readonly string[]): F[] {
  return only.length ? catalogue.filter((f) => only.includes(f.id)) : catalogue.filter((f) => f.measureOnly === undefined);
}

/** The word for a fault's outcome: caught or ESCAPED, for a measure-only fault found or not found. */
export function outcomeWord(fault: Pick<Fault, 'measureOnly'>, caught: boolean): string {
  if (fault.measureOnly !== undefined) return caught ? 'found' : 'not found';
  return caught ? 'caught' : 'ESCAPED';
}

/** Whether the outcome fails the run: a fault not caught, unless it is only measured. */
export function failsRun(fault: Pick<Fault, 'measureOnly'>, caught: boolean): boolean {
  return !caught && fault.measureOnly === undefined;
}

/**
 * What the checks of the fault's rules said, one entry per check: a failed check's note is its
 * finding, a passed one's (when it leaves one) the resolution it reached.
 */
export function checkNotes(fault: Pick<Fault, 'rules'>, checks: readonly Pick<CheckResult, 'title' | 'rules' | 'state' | 'note'>[]): string[] {
  return checks
    .filter((c) => c.rules.some((r) => fault.rules.includes(r)))
    .map((c) => `${c.title}: ${c.state}${c.note ? ` (${c.note})` : ''}`);
}
