import { RUNS_PAST_A_GATEWAY } from '../harness/check.js';
import { GatewayAnswered } from '../harness/client.js';

/**
 * Runs of one scenario, at most, as many as a check's: a run that met a gateway's answer in the
 * target's place (a pdf request is not sent again, client.ts) is forgotten, so the checks that run
 * again after it (check.ts) run it again, on a fresh project of its own; the project of the run
 * forgotten is used up (fresh-projects.ts), its deliveries judged by no one.
 */
export const SCENARIO_RUNS = RUNS_PAST_A_GATEWAY;

/**
 * Each scenario runs once and is shared by the checks that inspect it (one worker runs them all);
 * `once(name, run)` gives the run of `name` so far, or starts one.
 */
export function sharedScenarios(): <T>(name: string, run: () => Promise<T>) => Promise<T> {
  const scenarios = new Map<string, Promise<unknown>>();
  const runs = new Map<string, number>();
  return <T>(name: string, run: () => Promise<T>): Promise<T> => {
    let scenario = scenarios.get(name) as Promise<T> | undefined;
    if (!scenario) {
      const started = (runs.get(name) ?? 0) + 1;
      runs.set(name, started);
      scenario = run();
      scenarios.set(name, scenario);
      // Settled before the checks awaiting it go on: one that runs again finds the run forgotten.
      if (started < SCENARIO_RUNS) scenario.catch((error: unknown) => error instanceof GatewayAnswered && scenarios.delete(name));
    }
    return scenario;
  };
}
