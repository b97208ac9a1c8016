/** The tolerances the active results checks allow (harness-core/results-tolerances.ts), and the judge's own epsilon. */

export { FLOW_RATE_RELATIVE_TOLERANCE, roundingStep, WATER_HEAT_CAPACITY } from '../../../harness-core/results-tolerances.js';

/** Comparisons of rounded figures forgive what floating point adds. */
export const EPSILON = 1e-9;
