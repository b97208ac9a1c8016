/**
 * The results endpoint's calculation: ties heat load, radiators, hydraulic balance, floor heating
 * and heat pump together into the published `CalcResults` (every field is documented in
 * `types.ts`). Pure: no I/O; the caller resolves the design outdoor temperature, checks the data
 * with `checkCalculable` (422 `calculation_unavailable` with its reason) and validates the query
 * parameters (422 `validation`) before calling.
 *
 * Only radiators, hydraulic balance, exchange and the heat-pump COP depend on `params`; room
 * loads, building load, floor heating groups (always 10/7/5 K) and capacities do not.
 *
 * The compatibility structure `projekt.abgleichFBH` comes from `toAbgleichFBH(results.floorHeatingBalance)`,
 * so both structures are generated from the same group objects.
 */
import { checkCalculable } from './calculable.js';
import { floorHeatingBalance } from './floor-heating.js';
import { buildingHeatLoad, BUILDING_VENTILATION_WEIGHTING, roomHeatLoad, THERMAL_BRIDGE_SURCHARGE, type RoomHeatLoadExact } from './heat-load.js';
import {
  BLOCKING_HOURS,
  COP_METHOD,
  COP_REFERENCE_FLOW_TEMPERATURES,
  copEstimate,
  DHW_PER_RESIDENT_KW,
  dhwLoad,
  heatPumpCapacity,
} from './heat-pump.js';
import { DEFAULT_DESIGN_DIFFERENTIAL_PRESSURE, hydraulicBalance } from './hydraulic-balance.js';
import { isFiniteNumber } from './numbers.js';
import { coversLoad, outputFactor, radiatorOutput, requiredFlowTemperature, requiredNominalOutput } from './radiators.js';
import { round, round1, round2, round3 } from './rounding.js';
import type {
  CalcInput,
  CalcParams,
  CalcResults,
  CalcRoom,
  ExchangeRadiator,
  HeatPumpSummary,
  RadiatorResult,
  RoomHeatLoad,
} from './types.js';
import { SPECIFIC_HEAT_CAPACITY_WATER } from './water-flow.js';

export { checkCalculable } from './calculable.js';
export { toAbgleichFBH } from './floor-heating.js';

export const RESULTS_SOURCE = 'reference-engine DIN EN 12831-1 (simplified)';

/** Thrown by `calculateResults` for data `checkCalculable` rejects; `reason` is the German text. */
export class NotCalculableError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NotCalculableError';
  }
}

function assertParams(params: CalcParams): void {
  const { flowTemperature, spread, designDifferentialPressure } = params;
  if (!Number.isFinite(flowTemperature) || !Number.isFinite(spread) || !(spread > 0) || !(spread < flowTemperature)) {
    throw new RangeError(`invalid system temperatures: flow ${flowTemperature}, spread ${spread}`);
  }
  if (designDifferentialPressure !== undefined && !(Number.isFinite(designDifferentialPressure) && designDifferentialPressure > 0)) {
    throw new RangeError(`invalid design differential pressure: ${designDifferentialPressure}`);
  }
}

function publishRoom(r: RoomHeatLoadExact): RoomHeatLoad {
  return {
    roomId: r.room.id,
    roomName: r.room.name,
    floorLabel: r.room.floorLabel,
    use: r.room.use,
    area: round1(r.room.area),
    volume: round1(r.volume),
    indoorTemperature: r.room.indoorTemperature,
    airChangeRate: r.airChangeRate,
    transmission: round1(r.transmission),
    transmissionToExterior: round1(r.transmissionToExterior),
    ventilation: round1(r.ventilation),
    total: round1(r.total),
    specificLoad: round1(r.specificLoad),
    components: r.components.map((c) => ({
      kind: c.component.kind,
      adjacency: c.component.adjacency,
      area: round(c.component.area, 2),
      uValue: round(c.uValue.value, 3),
      uValueSource: c.uValue.source,
      thermalBridgeSurcharge: c.thermalBridgeSurcharge,
      temperatureFactor: c.temperatureFactor,
      temperatureDifference: round1(c.temperatureDifference),
      loss: round1(c.loss),
      countsForBuilding: c.countsForBuilding,
    })),
  };
}

interface RadiatorDuty {
  room: CalcRoom;
  radiatorId: string;
  nominalOutput: number;
  /** Exact share of the room load (W). */
  heatLoad: number;
}

/** Splits each room's load over its radiators in proportion to their nominal output. */
function radiatorDuties(rooms: readonly RoomHeatLoadExact[]): RadiatorDuty[] {
  const duties: RadiatorDuty[] = [];
  for (const r of rooms) {
    const nominalSum = r.room.radiators.reduce((sum, rad) => sum + rad.nominalOutput, 0);
    for (const rad of r.room.radiators) {
      duties.push({ room: r.room, radiatorId: rad.id, nominalOutput: rad.nominalOutput, heatLoad: (r.total * rad.nominalOutput) / nominalSum });
    }
  }
  return duties;
}

function publishRadiator(d: RadiatorDuty, flow: number, spread: number): RadiatorResult {
  const room = d.room.indoorTemperature;
  const factor = outputFactor(flow, flow - spread, room);
  const required = requiredNominalOutput(d.heatLoad, flow, spread, room);
  return {
    radiatorId: d.radiatorId,
    roomId: d.room.id,
    roomName: d.room.name,
    floorLabel: d.room.floorLabel,
    nominalOutput: round1(d.nominalOutput),
    outputFactor: round3(factor),
    outputAtDesign: round1(radiatorOutput(d.nominalOutput, flow, spread, room)),
    heatLoad: round1(d.heatLoad),
    // null: no output at all at these temperatures (return not above the room), no size suffices.
    requiredNominalOutput: Number.isFinite(required) ? round1(required) : null,
    covers: coversLoad(d.heatLoad, d.nominalOutput, flow, spread, room),
    requiredFlowTemperature: round1(requiredFlowTemperature(d.heatLoad, d.nominalOutput, spread, room)),
  };
}

function heatPumpSummary(input: CalcInput, buildingLoadW: number, flowTemperature: number): HeatPumpSummary {
  const buildingKw = buildingLoadW / 1000;
  const residents = isFiniteNumber(input.residents) && input.residents > 0 ? input.residents : undefined;
  const cop = (flow: number): number | null => {
    const value = copEstimate(flow, input.designOutdoorTemperature);
    return value === undefined ? null : round2(value);
  };
  return {
    buildingHeatLoad: round2(buildingKw),
    residents: residents ?? null,
    dhwPerResident: DHW_PER_RESIDENT_KW,
    dhwLoad: round2(dhwLoad(residents)),
    capacities: BLOCKING_HOURS.map((blockingHours) => ({ blockingHours, capacity: round2(heatPumpCapacity(buildingKw, residents, blockingHours)) })),
    flowTemperature,
    sourceTemperature: input.designOutdoorTemperature,
    copEstimate: cop(flowTemperature),
    copMethod: COP_METHOD,
    copByFlowTemperature: COP_REFERENCE_FLOW_TEMPERATURES.map((t) => ({ flowTemperature: t, cop: cop(t) })),
  };
}

/**
 * Computes the published results. Throws `NotCalculableError` when `checkCalculable(input)` gives
 * a reason, and `RangeError` for invalid system temperatures (spread must be > 0 and < flow).
 */
export function calculateResults(input: CalcInput, params: CalcParams): CalcResults {
  const reason = checkCalculable(input);
  if (reason !== undefined) throw new NotCalculableError(reason);
  assertParams(params);
  const { flowTemperature, spread } = params;
  const dp = params.designDifferentialPressure ?? DEFAULT_DESIGN_DIFFERENTIAL_PRESSURE;
  const returnTemperature = flowTemperature - spread;

  const ctx = { designOutdoorTemperature: input.designOutdoorTemperature, category: input.category, buildingYear: input.buildingYear };
  const rooms = input.rooms.map((room) => roomHeatLoad(room, ctx));
  const building = buildingHeatLoad(rooms);

  const duties = radiatorDuties(rooms);
  const radiators = duties.map((d) => publishRadiator(d, flowTemperature, spread));
  const hydraulic = hydraulicBalance(
    duties.map((d) => ({ ref: d, heatLoad: d.heatLoad })),
    spread,
    dp,
  );
  const exchangeRadiators: ExchangeRadiator[] = radiators
    .filter((r) => !r.covers)
    .map((r) => ({
      radiatorId: r.radiatorId,
      roomName: r.roomName,
      floorLabel: r.floorLabel,
      outputAtDesign: r.outputAtDesign,
      heatLoad: r.heatLoad,
      requiredFlowTemperature: r.requiredFlowTemperature,
    }));

  const worst = hydraulic.worstCircuit;
  return {
    available: true,
    status: 'calculated',
    source: RESULTS_SOURCE,
    summary: {
      postalCode: input.postalCode,
      designOutdoorTemperature: input.designOutdoorTemperature,
      buildingYear: isFiniteNumber(input.buildingYear) ? input.buildingYear : null,
      category: input.category,
      thermalBridgeSurcharge: THERMAL_BRIDGE_SURCHARGE[input.category],
      flowTemperature,
      returnTemperature: round1(returnTemperature),
      spread,
      roomCount: rooms.length,
      heatedArea: round1(building.heatedArea),
      heatedVolume: round1(building.heatedVolume),
      sumOfRoomHeatLoads: round1(building.sumOfRoomHeatLoads),
      buildingTransmission: round1(building.transmission),
      buildingVentilation: round1(building.ventilation),
      ventilationWeighting: BUILDING_VENTILATION_WEIGHTING,
      buildingHeatLoad: round1(building.total),
      specificBuildingHeatLoad: round1(building.specificLoad),
      radiatorCount: duties.length,
      heatingSurfaceCount: input.rooms.reduce((n, r) => n + r.heatingSurfaces.length, 0),
    },
    roomHeatLoads: rooms.map(publishRoom),
    radiators,
    hydraulicBalance: {
      flowTemperature,
      returnTemperature: round1(returnTemperature),
      spread,
      specificHeatCapacity: SPECIFIC_HEAT_CAPACITY_WATER,
      designDifferentialPressure: dp,
      circuits: hydraulic.circuits.map((c) => ({
        radiatorId: c.ref.radiatorId,
        roomName: c.ref.room.name,
        floorLabel: c.ref.room.floorLabel,
        heatLoad: round1(c.heatLoad),
        flowRate: round1(c.flowRate),
        kv: round3(c.kv),
      })),
      worstCircuit:
        worst === undefined
          ? null
          : { radiatorId: worst.ref.radiatorId, roomName: worst.ref.room.name, flowRate: round1(worst.flowRate), kv: round3(worst.kv), criterion: 'largestFlowRate' },
      requiredDifferentialPressure: hydraulic.requiredDifferentialPressure,
      pumpFlowRate: round1(hydraulic.pumpFlowRate),
      pumpFlowRateM3h: round3(hydraulic.pumpFlowRate / 1000),
    },
    floorHeatingBalance: floorHeatingBalance(
      rooms.map((r) => ({ name: r.room.name, floorLabel: r.room.floorLabel, heatLoad: r.total, heatingSurfaces: r.room.heatingSurfaces })),
    ),
    heatpump: heatPumpSummary(input, building.total, flowTemperature),
    exchange: { required: exchangeRadiators.length > 0, flowTemperature, spread, radiators: exchangeRadiators },
  };
}
