import type { AppDeps } from '../reference-server/src/app.js';
import type { InvalidTokenLimit } from '../reference-server/src/rate-limit/fixed-window.js';
import type { StartOptions } from '../reference-server/src/start.js';

/**
 * A deliberate defect of the reference server. Each names the rules it breaks; `npm run faults`
 * runs the checks of exactly those rules against a server with the fault and fails unless at
 * least one of them fails.
 */
export interface Fault {
  id: string;
  description: string;
  rules: string[];
  configure(deps: AppDeps): AppDeps;
  /**
   * Rules whose checks meet the deviation on their way, for a fault of a rule judged on every answer
   * any check collects (ERR-1 and ERR-5 on each error answer): the fault runner runs their checks
   * too, and the failures they charge to the fault's rules prove it.
   */
  metBy?: string[];
  /**
   * How the webhook checks see this faulted server's deliveries (faulted-run.ts): by default a nock
   * capture in the fault runner's process; 'receiver' delivers to the CLI's real receiver instead,
   * as a foreign target would.
   */
  webhookCapture?: 'receiver';
  /**
   * 'sequences': a defect only a sequence of operations shows, proven by the stateful exploration
   * (suites/explore). Its lanes name nearly every project and room rule, so the fault runner runs
   * them only for such faults: for the others they would add a minute of exploring each.
   */
  foundBy?: 'sequences';
  /**
   * Why this fault is only measured: a defect near the checks' resolution, which a run may find or
   * not. `npm run faults` leaves it out unless named with --only, it counts toward no rule's
   * coverage, and its outcome (found, or the resolution the checks reached) never fails the run.
   */
  measureOnly?: string;
  /**
   * A defect seen only in the target's timing: the fault runner runs it alone, after the others,
   * since faults running beside it would add their load to the noise its checks measure.
   */
  timing?: true;
  /**
   * Rules whose checks run beside the fault's, for the setting they make (the invalid-token lane's
   * waits, say), not for what they find: no failure of theirs proves or disproves this fault.
   */
  alongside?: string[];
  /**
   * What the faulted server's profile says beyond the seed's: a token the fault's server issued in a
   * form of its own reaches the checks only as the profile names it, as a foreign target's would.
   */
  adjustProfile?: StartOptions['adjustProfile'];
  /** The server enforces and its profile documents this limit on requests without a valid token, instead of its default. */
  invalidTokenLimit?: InvalidTokenLimit;
  /**
   * What the passive judge (observe/) may and cannot see of this fault in the traffic its checks
   * exchange with the faulted server. The fault runner holds the judge to exactly this: every
   * passively decidable rule the fault names failed unless declared unseen, no rule failed beyond
   * those and `alsoBreaks`.
   */
  passive?: PassiveExpectation;
}

export interface PassiveExpectation {
  /**
   * Further rules the deviation breaks by their own sentences (a value accepted against its field's
   * rule is also against the rule that invalid values answer 422), each with that reason: the
   * active checks charge the fault's rules, a passive judge may charge these too.
   */
  alsoBreaks?: Record<string, string>;
  /**
   * Rules the fault names that its checks' traffic may not show passively, each with why (a judge
   * finding one anyway is reported, not wrong).
   */
  unseen?: Record<string, string>;
  /**
   * Rules whose deviation the recorded traffic cannot tell from this fault's, each with why (three
   * admissions within a second fit a fixed window as well as a larger limit): a judge charging one
   * of them, beside or instead of the fault's rule, read the traffic right.
   */
  indistinguishable?: Record<string, string>;
}
