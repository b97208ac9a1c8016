/**
 * Floor heating balance (the spec's `floorHeatingBalance`) and its compatibility structure
 * `projekt.abgleichFBH`, generated from the same group objects.
 *
 * - Groups for spreads 10, 7 and 5 K, always (also without heating surfaces: then empty), never
 *   depending on the requested system temperatures.
 * - Per heating surface: heatingLoad = room total * surface area / sum of the room's surface areas;
 *   flowRate = heatingLoad / (1.163 * spread) l/h; flowLpm = flowRate / 60 (the manifold's flow
 *   meters read l/min); setting = { value: flowLpm, unit: 'l/min' }.
 * - Rounding (decision): everything is computed with full precision, then each output is rounded
 *   once: heatingLoad (W) to 1 decimal, flowRate (l/h) to 1 decimal, flowLpm to 2 decimals. The
 *   group's flowRateSum is the sum of the published (rounded) flowRates, rounded to 1 decimal, so
 *   the published numbers add up exactly; it can differ from the exact sum by up to 0.05 l/h per
 *   circuit.
 * - A room with radiators and heating surfaces: each emitter type is sized for the full room load
 *   (the engine does not know how the load is shared between them).
 */
import { round1, round2 } from './rounding.js';
import type { AbgleichFBH, CalcHeatingSurface, FloorHeatingBalance, FloorHeatingCircuit, FloorHeatingGroup } from './types.js';
import { volumeFlow } from './water-flow.js';

export const FLOOR_HEATING_SPREADS: readonly number[] = Object.freeze([10, 7, 5]);

export interface FloorHeatingRoom {
  name: string;
  floorLabel: string;
  /** Exact room heat load (W). */
  heatLoad: number;
  heatingSurfaces: readonly CalcHeatingSurface[];
}

interface SurfaceLoad {
  surfaceId: string;
  roomName: string;
  floorLabel: string;
  heatingLoad: number;
}

/** Splits each room's load over its heating surfaces in proportion to their area (exact). */
export function surfaceLoads(rooms: readonly FloorHeatingRoom[]): SurfaceLoad[] {
  const out: SurfaceLoad[] = [];
  for (const room of rooms) {
    const totalArea = room.heatingSurfaces.reduce((sum, s) => sum + s.area, 0);
    if (!(totalArea > 0)) continue;
    for (const s of room.heatingSurfaces) {
      out.push({ surfaceId: s.id, roomName: room.name, floorLabel: room.floorLabel, heatingLoad: (room.heatLoad * s.area) / totalArea });
    }
  }
  return out;
}

/** One published circuit at a spread. */
export function floorHeatingCircuit(surface: SurfaceLoad, spread: number): FloorHeatingCircuit {
  const flowRate = volumeFlow(surface.heatingLoad, spread);
  const flowLpm = round2(flowRate / 60);
  return {
    surfaceId: surface.surfaceId,
    roomName: surface.roomName,
    floorLabel: surface.floorLabel,
    heatingLoad: round1(surface.heatingLoad),
    spread,
    flowRate: round1(flowRate),
    flowLpm,
    setting: { value: flowLpm, unit: 'l/min' },
  };
}

export function floorHeatingGroup(surfaces: readonly SurfaceLoad[], spread: number): FloorHeatingGroup {
  const rooms = surfaces.map((s) => floorHeatingCircuit(s, spread));
  return { spread, flowRateSum: round1(rooms.reduce((sum, r) => sum + r.flowRate, 0)), flowRateUnit: 'l/h', rooms };
}

export function floorHeatingBalance(rooms: readonly FloorHeatingRoom[]): FloorHeatingBalance {
  const surfaces = surfaceLoads(rooms);
  return { groups: FLOOR_HEATING_SPREADS.map((spread) => floorHeatingGroup(surfaces, spread)) };
}

/** The compatibility structure `projekt.abgleichFBH`, value by value from the groups. */
export function toAbgleichFBH(balance: FloorHeatingBalance): AbgleichFBH {
  return balance.groups.map((g) => ({
    spreizung: g.spread,
    summeVolumenstrom: g.flowRateSum,
    raeume: g.rooms.map((r) => ({ raumBezeichnung: r.roomName, heizlast: r.heatingLoad, durchfluss: r.setting.value })),
  }));
}
