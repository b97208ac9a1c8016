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
    // Refusing exponent forms (422) is a reading the spec permits (variation plain-query-numbers);
    // reading them as another number than they denote is not.
    id: 'results-exponent-as-mantissa',
    description: 'system temperatures in exponent notation are read as their mantissa (0.7e1 as 0.7): accepted, but not as the number they denote',
    rules: ['RES-21', 'RES-22'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteQuery(isResults, (params) => {
          for (const name of SYSTEM_TEMPERATURES) {
            const value = params.get(name);
            if (value !== null && /e/i.test(value)) params.set(name, value.split(/e/i)[0] ?? value);
          }
        }),
      ),
  },
];
