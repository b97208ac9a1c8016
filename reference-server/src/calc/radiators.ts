/**
 * Radiator output at other system temperatures (EN 442), exact numbers.
 *
 * - Phi = Phi_n * (dT_ln / dT_ln,n)^n with n = 1.3 and the log mean temperature difference
 *   dT_ln = (t_flow - t_return) / ln((t_flow - t_room) / (t_return - t_room)).
 * - dT_ln,n is the nominal 75/65/20 value, computed (49.833 K; the notes round it to 49.83).
 * - When the return is not above the room temperature the formula has no value; its limit is 0
 *   (dT_ln -> 0 as t_return -> t_room), so the output is 0 there. A spread of 0 gives the limit
 *   t_flow - t_room.
 * - Required nominal output = load / factor; the flow temperature a radiator needs for a load at a
 *   given spread is the inverse of the output formula (domain notes):
 *   c = exp(spread / (dT_ln,n * q^(1/n))), t_flow = t_room + c * spread / (c - 1), q = Phi / Phi_n.
 */

/** Radiator exponent n (EN 442 typical panel radiator). */
export const RADIATOR_EXPONENT = 1.3;

export const NOMINAL_FLOW = 75;
export const NOMINAL_RETURN = 65;
export const NOMINAL_ROOM = 20;

/** Log mean temperature difference (K); 0 when flow or return is not above the room. */
export function logMeanTemperatureDifference(flow: number, ret: number, room: number): number {
  const dFlow = flow - room;
  const dReturn = ret - room;
  if (dFlow <= 0 || dReturn <= 0) return 0;
  if (dFlow === dReturn) return dFlow;
  return (dFlow - dReturn) / Math.log(dFlow / dReturn);
}

/** dT_ln at 75/65/20 = 49.833 K. */
export const NOMINAL_LMTD = logMeanTemperatureDifference(NOMINAL_FLOW, NOMINAL_RETURN, NOMINAL_ROOM);

/** Output factor Phi / Phi_n at flow/return/room temperature (1 at 75/65/20). */
export function outputFactor(flow: number, ret: number, room: number, exponent = RADIATOR_EXPONENT): number {
  return (logMeanTemperatureDifference(flow, ret, room) / NOMINAL_LMTD) ** exponent;
}

/** Output (W) of a radiator with nominal output Phi_n at flow temperature, spread and room temperature. */
export function radiatorOutput(nominalOutput: number, flow: number, spread: number, room: number): number {
  return nominalOutput * outputFactor(flow, flow - spread, room);
}

/** Nominal output (75/65/20) a radiator needs to deliver `load` at the given temperatures; Infinity when the factor is 0. */
export function requiredNominalOutput(load: number, flow: number, spread: number, room: number): number {
  const factor = outputFactor(flow, flow - spread, room);
  if (load <= 0) return 0;
  return factor > 0 ? load / factor : Number.POSITIVE_INFINITY;
}

/**
 * Flow temperature (C) at which a radiator of nominal output Phi_n delivers `load` at the given
 * spread and room temperature. For load <= 0 it is the limit t_room + spread (return at room).
 */
export function requiredFlowTemperature(load: number, nominalOutput: number, spread: number, room: number, exponent = RADIATOR_EXPONENT): number {
  const q = load / nominalOutput;
  if (!(q > 0)) return room + spread;
  const c = Math.exp(spread / (NOMINAL_LMTD * q ** (1 / exponent)));
  return room + (c * spread) / (c - 1);
}

/** Exchange check of one radiator: does it deliver its load at the given temperatures? */
export function coversLoad(load: number, nominalOutput: number, flow: number, spread: number, room: number): boolean {
  return radiatorOutput(nominalOutput, flow, spread, room) >= load;
}
