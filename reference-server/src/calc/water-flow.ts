/**
 * Water flow for a heat load at a given spread, shared by the radiator hydraulic balance and the
 * floor heating balance so both use the same constant.
 *
 * c = 1.163 Wh/(kg K) (specific heat capacity of water, domain notes); kg/h is taken as l/h, the
 * error is below 1 % at heating temperatures.
 */
export const SPECIFIC_HEAT_CAPACITY_WATER = 1.163;

/** l/h = load [W] / (1.163 * spread [K]). */
export function volumeFlow(load: number, spread: number): number {
  return load / (SPECIFIC_HEAT_CAPACITY_WATER * spread);
}
