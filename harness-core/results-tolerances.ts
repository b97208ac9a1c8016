/**
 * The tolerances of the published results figures, shared by the active results checks and the
 * passive judge: the spec gives no precision for any published figure, so each figure is taken as
 * rounded to the step its own values show.
 *
 * flowRate = heatingLoad / (c * spread) with c = 1.163 Wh/(kg K): the domain notes take kg/h as l/h
 * (error below 1 %); an implementation may use the density or a c between 1.16 and 1.17, so 1.5 %
 * relative, plus the rounding of the figures (`roundingStep`).
 */
export const WATER_HEAT_CAPACITY = 1.163;
export const FLOW_RATE_RELATIVE_TOLERANCE = 0.015;

function decimalsOf(value: number): number {
  const [mantissa = '', exponent = '0'] = String(value).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/**
 * The rounding step a figure shows: the finest of its published values (12.35 and 7.1 show 0.01;
 * whole numbers show 1); comparisons allow half that step per rounded term.
 */
export function roundingStep(values: readonly number[]): number {
  if (values.length === 0) return 0;
  return 10 ** -Math.min(12, Math.max(...values.map(decimalsOf)));
}
