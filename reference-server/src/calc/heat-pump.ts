/**
 * Heat pump sizing summary, exact numbers.
 *
 * - Capacity: P = (Phi_HL,building + DHW) * 24 / (24 - blocking hours), DHW 0.25 kW per resident
 *   (no residents known: no hot-water allowance). Shown for 0, 2, 4 and 6 h of utility blocking.
 * - Seasonal COP estimate (open fallback for VDI 4650): COP = 0.45 * T_sink / (T_sink - T_source)
 *   in kelvin, T_sink = flow temperature, T_source = design outdoor temperature (air source at the
 *   design point). At -10 C this gives 3.08 / 2.60 / 2.27 for 35 / 45 / 55 C flow, the notes'
 *   3.1 / 2.6 / 2.3. Undefined (null) when the flow is not above the source.
 */

export const DHW_PER_RESIDENT_KW = 0.25;
export const BLOCKING_HOURS: readonly number[] = Object.freeze([0, 2, 4, 6]);
export const CARNOT_EFFICIENCY = 0.45;
export const COP_REFERENCE_FLOW_TEMPERATURES: readonly number[] = Object.freeze([35, 45, 55]);
export const COP_METHOD = '0.45 * Carnot COP, T_sink = flow temperature, T_source = design outdoor temperature';

const KELVIN = 273.15;

/** Hot-water allowance (kW) for a number of residents. */
export function dhwLoad(residents: number | undefined): number {
  return residents !== undefined && residents > 0 ? residents * DHW_PER_RESIDENT_KW : 0;
}

/** Heat pump capacity (kW) for a building load (kW), residents and daily blocking hours. */
export function heatPumpCapacity(buildingHeatLoadKw: number, residents: number | undefined, blockingHours: number): number {
  return ((buildingHeatLoadKw + dhwLoad(residents)) * 24) / (24 - blockingHours);
}

/** Seasonal COP estimate, or undefined when the sink is not warmer than the source. */
export function copEstimate(flowTemperature: number, sourceTemperature: number): number | undefined {
  const sink = flowTemperature + KELVIN;
  const lift = flowTemperature - sourceTemperature;
  return lift > 0 ? (CARNOT_EFFICIENCY * sink) / lift : undefined;
}
