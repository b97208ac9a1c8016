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
}
