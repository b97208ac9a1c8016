/**
 * A rule a check judges in parts (a list read and a single read, the project data and a later
 * results call): each part judged records its items with `t.judged`; a part the target's data
 * leaves without anything to judge goes through `partNotExercised`.
 */
import type { CheckContext } from './check.js';

/** The noun for `count` items in the evidence ("1 application", "3 applications"): `one` for a single one, else `many`. */
export const plural = (count: number, one: string, many: string): string => (count === 1 ? one : many);

/**
 * A part of `rules` this run did not judge, and why. Call it after the check's judged parts: a rule
 * that another part judged keeps its pass and its evidence names the part left out ("not
 * exercised: ..."); a rule that no part judged reads "not exercised" with the reason.
 */
export function partNotExercised(t: CheckContext, rules: string | readonly string[], part: string, reason: string): void {
  for (const id of typeof rules === 'string' ? [rules] : rules) {
    if (id in t.judgement.evidence) t.judged(id, undefined, `not exercised: ${part} (${reason})`);
    else t.notExercised(id, `${part}: ${reason}`);
  }
}
