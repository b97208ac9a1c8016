/**
 * What a lane judged: per rule, how many comparisons of the target's answers with the model's
 * predictions named it. Every comparison (a status, an error type, one field of a read-back, a
 * project's membership in a list, a password absent from an answer) goes through `compare`, which
 * counts its rules whether it holds or not and turns it into a finding naming the same rules when
 * it does not: a rule counts only where an answer was judged against its expectation, never for
 * a request the lane merely sent. The lane records the counts with `t.judged` (judge.ts,
 * session.ts and commands.ts compare; explore-run.ts records).
 */
import type { Finding } from './session.js';

export class Comparisons {
  private readonly counts = new Map<string, number>();
  private made = 0;
  /** Rules every comparison of the answer being judged names besides its own (AUTH-10 for the owner's second token). */
  private also: readonly string[] = [];

  /**
   * One comparison of an answer with the model's prediction, judging `rules`: each of them (and
   * the answer's further rules) counted once; a finding naming them when it does not hold.
   */
  compare(rules: readonly string[], holds: boolean, difference: () => Omit<Finding, 'rules'>): Finding[] {
    const judged = [...new Set([...rules, ...this.also])];
    this.made += 1;
    for (const rule of judged) this.counts.set(rule, (this.counts.get(rule) ?? 0) + 1);
    return holds ? [] : [{ rules: judged, ...difference() }];
  }

  /** Runs `judging` with every comparison also judging `rules` (an answer through the owner's second token must be the first one's: AUTH-10). */
  alsoJudging<T>(rules: readonly string[], judging: () => T): T {
    const before = this.also;
    this.also = [...before, ...rules];
    try {
      return judging();
    } finally {
      this.also = before;
    }
  }

  /** Comparisons that named `rule`. */
  of(rule: string): number {
    return this.counts.get(rule) ?? 0;
  }

  /** Comparisons made in all. */
  get total(): number {
    return this.made;
  }

  /** The rules compared at least once. */
  rules(): string[] {
    return [...this.counts.keys()];
  }
}

/**
 * Why a rule a lane names may go uncompared although the lane ran: the condition its comparisons
 * need, which the drawn sequences may never meet.
 */
export const COMPARISON_CONDITIONS: Readonly<Record<string, string>> = {
  'STAT-5': 'no project of the sequences was in status 4 or 5 when it got a room (a project they create starts in status 1)',
  'ERR-10': 'no results request was answered 403 (the license radius check)',
  'PROJ-115': 'no answer came after a password was sent',
  'ROOM-47': 'no floor read back after a PATCH changed it',
};

export interface LaneRecord {
  /** Named rules compared, with their counts, in the order the check names them. */
  judged: { rule: string; count: number }[];
  /** Named rules never compared, each with the reason. */
  notExercised: { rule: string; reason: string }[];
  /** Rules compared that the check does not name: a harness mistake (t.judged would refuse them). */
  unnamed: string[];
}

/**
 * What the lane records of its rules: the count of each compared one; for each other, why not,
 * the lane's own reason (a customer with one token, no other customer) before the rule's
 * condition before `fallback`.
 */
export function laneRecord(named: readonly string[], comparisons: Comparisons, reasons: Readonly<Record<string, string>>, fallback: string): LaneRecord {
  const record: LaneRecord = { judged: [], notExercised: [], unnamed: comparisons.rules().filter((rule) => !named.includes(rule)) };
  for (const rule of named) {
    const count = comparisons.of(rule);
    if (count > 0) record.judged.push({ rule, count });
    else record.notExercised.push({ rule, reason: reasons[rule] ?? COMPARISON_CONDITIONS[rule] ?? fallback });
  }
  return record;
}
