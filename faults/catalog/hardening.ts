import { intercept } from '../../reference-server/seams/intercept.js';
import { isResults } from '../../reference-server/seams/paths.js';
import { rewriteSystemTemperatures } from '../../reference-server/seams/query-rewrite.js';
import type { Fault } from '../fault.js';

/**
 * Faults of the hardening pass (issue 17): behaviour a fuzzer found wrong once, put back on purpose
 * so the checks written for it prove they notice.
 */


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
        rewriteSystemTemperatures(isResults, (value) => value.split(/e/i)[0] ?? value),
      ),
  },
];
