/**
 * Room and building heat load after DIN EN 12831-1, simplified as in the domain notes. All
 * functions return exact (unrounded) numbers; `results.ts` rounds when it writes the output.
 *
 * - Transmission: Phi_T = sum A * (U + dU_TB) * f * dT, with dT = theta_int - theta_e and f by
 *   adjacency (outside 1.0, unheated cellar 0.5, unheated attic 0.9, ground 0.3); toward a heated
 *   neighbour f = 1 and dT = theta_int - theta_adj (can be negative: a warmer neighbour gives
 *   heat). The thermal-bridge surcharge applies to every component, as the formula states.
 * - Ventilation: Phi_V = 0.34 * n_min * V * (theta_int - theta_e), V = area * height.
 * - Room total: max(0, Phi_T + Phi_V) (a room that gains more from warmer neighbours than it loses
 *   needs no heat; it is not a heat source for the building). No heating-up allowance.
 * - Building load (decision, the "older method" of the domain notes): the transmission of all rooms
 *   toward outside, ground and unheated spaces (losses between heated rooms stay in the building)
 *   plus the sum of the room ventilation losses weighted 0.5 (not every room ventilates at its
 *   minimum rate at the same time). So it is smaller than the sum of the room loads.
 */
import { resolveUValue, type ResolvedUValue } from './default-u-values.js';
import { isFiniteNumber } from './numbers.js';
import type { Adjacency, BuildingCategory, CalcComponent, CalcRoom, RoomUse } from './types.js';

/** dU_TB in W/m2K by building category (DIN 4108 Bbl 2 cat. A / B for new builds). */
export const THERMAL_BRIDGE_SURCHARGE: Readonly<Record<BuildingCategory, number>> = Object.freeze({
  existing: 0.1,
  newA: 0.05,
  newB: 0.03,
  internalInsulation: 0.15,
});

/** Temperature correction factor f by adjacency (heated neighbours use their own dT with f = 1). */
export const TEMPERATURE_FACTOR: Readonly<Record<Adjacency, number>> = Object.freeze({
  outside: 1.0,
  unheatedCellar: 0.5,
  unheatedAttic: 0.9,
  ground: 0.3,
  heated: 1.0,
});

/** rho * c_p of air in Wh/(m3 K). */
export const AIR_HEAT_CAPACITY = 0.34;

/** Weight of the room ventilation losses in the building load. */
export const BUILDING_VENTILATION_WEIGHTING = 0.5;

/** Volume limit of a "small" kitchen (n_min 1.0). */
const SMALL_KITCHEN_VOLUME = 20;

/**
 * Minimum air change rate n_min (1/h) by room use and volume (m3): living, bedroom, office and
 * bath (with window) 0.5; kitchen up to 20 m3 1.0; storeroom 0. Decisions where the notes are
 * silent: a kitchen above 20 m3 0.5 (like a living room); hall 0.5.
 */
export function minimumAirChangeRate(use: RoomUse, volume: number): number {
  switch (use) {
    case 'kitchen':
      return volume <= SMALL_KITCHEN_VOLUME ? 1.0 : 0.5;
    case 'storeroom':
      return 0;
    case 'living':
    case 'bedroom':
    case 'office':
    case 'bath':
    case 'hall':
      return 0.5;
  }
}

export interface ComponentLossExact {
  component: CalcComponent;
  uValue: ResolvedUValue;
  thermalBridgeSurcharge: number;
  temperatureFactor: number;
  temperatureDifference: number;
  loss: number;
  countsForBuilding: boolean;
}

export interface RoomHeatLoadExact {
  room: CalcRoom;
  volume: number;
  airChangeRate: number;
  components: ComponentLossExact[];
  transmission: number;
  transmissionToExterior: number;
  ventilation: number;
  total: number;
  /** W/m2 */
  specificLoad: number;
}

export interface HeatLoadContext {
  designOutdoorTemperature: number;
  category: BuildingCategory;
  buildingYear?: number;
}

/** Transmission loss of one component (W). Throws when no U-value can be resolved. */
export function componentLoss(component: CalcComponent, indoorTemperature: number, ctx: HeatLoadContext): ComponentLossExact {
  const uValue = resolveUValue(component, ctx.buildingYear);
  if (uValue === undefined) throw new Error(`component ${component.kind} has no U-value and no default applies`);
  const heated = component.adjacency === 'heated';
  let temperatureDifference = indoorTemperature - ctx.designOutdoorTemperature;
  if (heated) {
    if (!isFiniteNumber(component.adjacentTemperature)) throw new Error('heated neighbour without adjacent temperature');
    temperatureDifference = indoorTemperature - component.adjacentTemperature;
  }
  const thermalBridgeSurcharge = THERMAL_BRIDGE_SURCHARGE[ctx.category];
  const temperatureFactor = TEMPERATURE_FACTOR[component.adjacency];
  const loss = component.area * (uValue.value + thermalBridgeSurcharge) * temperatureFactor * temperatureDifference;
  return { component, uValue, thermalBridgeSurcharge, temperatureFactor, temperatureDifference, loss, countsForBuilding: !heated };
}

/** Ventilation loss (W) of a room: 0.34 * n_min * V * (theta_int - theta_e). */
export function ventilationLoss(airChangeRate: number, volume: number, indoorTemperature: number, designOutdoorTemperature: number): number {
  return AIR_HEAT_CAPACITY * airChangeRate * volume * (indoorTemperature - designOutdoorTemperature);
}

/** Heat load of one room, exact. */
export function roomHeatLoad(room: CalcRoom, ctx: HeatLoadContext): RoomHeatLoadExact {
  const volume = room.area * room.height;
  const airChangeRate = minimumAirChangeRate(room.use, volume);
  const components = room.components.map((c) => componentLoss(c, room.indoorTemperature, ctx));
  let transmission = 0;
  let transmissionToExterior = 0;
  for (const c of components) {
    transmission += c.loss;
    if (c.countsForBuilding) transmissionToExterior += c.loss;
  }
  const ventilation = ventilationLoss(airChangeRate, volume, room.indoorTemperature, ctx.designOutdoorTemperature);
  const total = Math.max(0, transmission + ventilation);
  return {
    room,
    volume,
    airChangeRate,
    components,
    transmission,
    transmissionToExterior,
    ventilation,
    total,
    specificLoad: room.area > 0 ? total / room.area : 0,
  };
}

export interface BuildingHeatLoadExact {
  sumOfRoomHeatLoads: number;
  transmission: number;
  ventilation: number;
  total: number;
  heatedArea: number;
  heatedVolume: number;
  /** W/m2 */
  specificLoad: number;
}

/** Building heat load from the room loads (see the module comment for the method). */
export function buildingHeatLoad(rooms: readonly RoomHeatLoadExact[]): BuildingHeatLoadExact {
  let sumOfRoomHeatLoads = 0;
  let transmission = 0;
  let roomVentilation = 0;
  let heatedArea = 0;
  let heatedVolume = 0;
  for (const r of rooms) {
    sumOfRoomHeatLoads += r.total;
    transmission += r.transmissionToExterior;
    roomVentilation += r.ventilation;
    heatedArea += r.room.area;
    heatedVolume += r.volume;
  }
  const ventilation = BUILDING_VENTILATION_WEIGHTING * roomVentilation;
  const total = Math.max(0, transmission + ventilation);
  return {
    sumOfRoomHeatLoads,
    transmission,
    ventilation,
    total,
    heatedArea,
    heatedVolume,
    specificLoad: heatedArea > 0 ? total / heatedArea : 0,
  };
}
