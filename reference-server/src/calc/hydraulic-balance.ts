/**
 * Hydraulic balance of the radiator circuits at the requested spread, exact numbers.
 *
 * - Flow per radiator: V = Phi / (1.163 * spread) l/h, Phi = the radiator's design duty (its share
 *   of the room load), not its output: the valve is preset for the heat the room needs.
 * - Valve preset: kv = V [m3/h] / sqrt(dp [bar]) at the design differential pressure across the
 *   valve (default 100 mbar).
 * - Worst (index) circuit, decision: the engine has no pipe network (lengths, diameters), so every
 *   circuit needs the same valve pressure; the circuit with the largest flow (and so the largest
 *   kv, the valve opened widest) is the worst one. Ties: the first in input order. The pump has to
 *   provide at least the design differential pressure across that circuit; pipe and radiator
 *   losses are not known and not added.
 * - Pump flow: sum of all circuit flows.
 */
import { volumeFlow } from './water-flow.js';

export const DEFAULT_DESIGN_DIFFERENTIAL_PRESSURE = 100; // mbar

/** kv (m3/h) for a flow in l/h at a differential pressure in mbar. */
export function valveKv(flowRateLh: number, differentialPressureMbar: number): number {
  return flowRateLh / 1000 / Math.sqrt(differentialPressureMbar / 1000);
}

export interface CircuitDemand<T> {
  /** Caller's data carried through (ids, names). */
  ref: T;
  /** W */
  heatLoad: number;
}

export interface CircuitExact<T> {
  ref: T;
  heatLoad: number;
  /** l/h */
  flowRate: number;
  /** m3/h */
  kv: number;
}

export interface HydraulicBalanceExact<T> {
  circuits: CircuitExact<T>[];
  worstCircuit: CircuitExact<T> | undefined;
  /** mbar */
  requiredDifferentialPressure: number;
  /** l/h */
  pumpFlowRate: number;
}

export function hydraulicBalance<T>(
  demands: readonly CircuitDemand<T>[],
  spread: number,
  differentialPressureMbar = DEFAULT_DESIGN_DIFFERENTIAL_PRESSURE,
): HydraulicBalanceExact<T> {
  const circuits = demands.map(({ ref, heatLoad }) => {
    const flowRate = volumeFlow(heatLoad, spread);
    return { ref, heatLoad, flowRate, kv: valveKv(flowRate, differentialPressureMbar) };
  });
  let worstCircuit: CircuitExact<T> | undefined;
  let pumpFlowRate = 0;
  for (const c of circuits) {
    pumpFlowRate += c.flowRate;
    if (worstCircuit === undefined || c.flowRate > worstCircuit.flowRate) worstCircuit = c;
  }
  return {
    circuits,
    worstCircuit,
    requiredDifferentialPressure: worstCircuit === undefined ? 0 : differentialPressureMbar,
    pumpFlowRate,
  };
}
