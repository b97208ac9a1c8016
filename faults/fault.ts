import type { AppDeps } from '../reference-server/src/app.js';

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
}
