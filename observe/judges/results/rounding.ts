/**
 * The tolerances the active results checks allow (suites/results/support.ts, which observe/ may not
 * import): the spec gives no precision for any published figure, so each figure is taken as rounded
 * to the step its own values show, and the physics of a heating circuit as "l/h, single circuit".
 */

/** Water's heat capacity in Wh/(kg K), kg/h taken as l/h; an implementation may use 1.16 to 1.17. */
export const WATER_HEAT_CAPACITY = 1.163;
export const FLOW_RATE_RELATIVE_TOLERANCE = 0.015;

function decimalsOf(value: number): number {
  const [mantissa = '', exponent = '0'] = String(value).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** The finest step the values show (12.35 and 7.1 show 0.01; whole numbers 1). */
export function roundingStep(values: readonly number[]): number {
  if (values.length === 0) return 0;
  return 10 ** -Math.min(12, Math.max(...values.map(decimalsOf)));
}

/** Comparisons of rounded figures forgive what floating point adds. */
export const EPSILON = 1e-9;
