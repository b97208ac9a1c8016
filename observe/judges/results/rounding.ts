/** The tolerances the active results checks allow (harness-core/results-tolerances.ts), and the judge's own epsilon. */

import { roundingStep } from '../../../harness-core/results-tolerances.js';
import { BoundedMap } from '../../judge/bounded-map.js';

export { FLOW_RATE_RELATIVE_TOLERANCE, WATER_HEAT_CAPACITY } from '../../../harness-core/results-tolerances.js';

/** Comparisons of rounded figures forgive what floating point adds. */
export const EPSILON = 1e-9;

/** Fractions seen lately with their steps: published figures repeat from answer to answer. */
const FRACTION_STEPS = new BoundedMap<number, number>(1024);

/**
 * `roundingStep` of the values: the finest step of any one of them. Whole numbers show 1, as it
 * says; a fraction is written out to count its decimals only the first time it is seen lately.
 */
export function stepOf(values: readonly number[]): number {
  if (values.length === 0) return roundingStep(values);
  let finest = 1;
  for (const value of values) if (!Number.isInteger(value)) finest = Math.min(finest, fractionStep(value));
  return finest;
}

function fractionStep(value: number): number {
  return FRACTION_STEPS.upsert(value, stepOfFraction);
}

const stepOfFraction = (value: number) => roundingStep([value]);
