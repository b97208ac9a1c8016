import { intercept } from '../kit/intercept.js';
import { isResults } from '../kit/paths.js';
import { rewriteQuery } from '../kit/query-rewrite.js';
import type { Fault } from '../fault.js';

/**
 * Faults of the hardening pass (issue 17): behaviour a fuzzer found wrong once, put back on purpose
 * so the checks written for it prove they notice.
 */

const SYSTEM_TEMPERATURES = ['flowTemperature', 'spread', 'vorlaufT', 'spreizung'];

export const hardeningFaults: Fault[] = [
  {
    id: 'results-exponent-refused',
    description: 'system temperatures in exponent notation (7e0, 4.5e1) answer 422 "muss eine Zahl sein", as before the fuzzer finding',
    rules: ['RES-18', 'RES-20', 'RES-21', 'RES-22'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteQuery(isResults, (params) => {
          for (const name of SYSTEM_TEMPERATURES) if (/e/i.test(params.get(name) ?? '')) params.set(name, 'keine Zahl');
        }),
      ),
  },
];
