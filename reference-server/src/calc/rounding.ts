/**
 * Decimal rounding for published figures: half away from zero on the decimal value as written
 * (1.005 -> 1.01, 2.675 -> 2.68, -2.25 -> -2.3), never -0. Compute with full precision and round
 * once, at output.
 *
 * A decimal like 1.005 is stored as 1.00499999999999989...; scaling by (1 + 4 eps) lifts values
 * within a few ulps of a half (binary representation and scaling error) onto it, so they round as
 * their decimal text reads. Arithmetic only: much cheaper than going through strings.
 */
const LIFT = 1 + 4 * Number.EPSILON;

export function round(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const rounded = Math.round(Math.abs(value) * factor * LIFT) / factor;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** W, W/m2, m2, m3, l/h and temperatures. */
export const round1 = (value: number): number => round(value, 1);
/** l/min, kW, COP. */
export const round2 = (value: number): number => round(value, 2);
/** kv, output factors. */
export const round3 = (value: number): number => round(value, 3);
