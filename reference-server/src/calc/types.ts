/**
 * Input and output types of the calculation engine (`calculateResults` in `results.ts`).
 *
 * The input is plain data as the server's storage provides it; the caller resolves the design
 * outdoor temperature from the climate module (`designOutdoorTemperature(plz)`) before calling.
 * The engine is pure: no I/O, no clock, no randomness; the same input gives the same output.
 *
 * Units everywhere: W, kW (heat pump only), m2, m3, degrees C for temperatures, K for differences
 * and spreads, l/h for water flow (l/min only where named `...Lpm` / unit `l/min`), mbar for
 * pressure, W/m2K for U-values, 1/h for air change rates.
 *
 * Rounding: every figure is computed with full precision and rounded once, when it is written into
 * the output: W, W/m2, m2, m3, l/h and temperatures to 1 decimal; l/min, kW, COP and output factors
 * to 2 decimals (factors 3); kv to 3 decimals. Totals are rounded from the exact sum, so published
 * parts can differ from a published total by rounding. The one exception is the floor heating
 * `flowRateSum`: it is the sum of the published (rounded) `flowRate`s, rounded to 1 decimal, so the
 * numbers at the manifold add up (see `floor-heating.ts`).
 *
 * Output (`CalcResults`), every field:
 *
 * - `available`: always `true` (an unavailable calculation is not a `CalcResults`: the route
 *   answers 422 with the reason from `checkCalculable`).
 * - `status`: always `'calculated'`.
 * - `source`: `'reference-engine DIN EN 12831-1 (simplified)'`.
 * - `summary`: building totals.
 *   - `postalCode`, `designOutdoorTemperature` (C), `buildingYear` (null when unknown),
 *     `category` (building category of the thermal-bridge surcharge), `thermalBridgeSurcharge`
 *     (dU_TB, W/m2K).
 *   - `flowTemperature`, `returnTemperature` (= flow - spread), `spread`: the system temperatures
 *     used for radiators, hydraulic balance, exchange and the heat-pump COP (query parameters).
 *   - `roomCount`, `heatedArea` (m2, sum of room areas), `heatedVolume` (m3, sum of area * height).
 *   - `sumOfRoomHeatLoads` (W): sum of the room totals (each room with all its losses, including
 *     those to heated neighbours).
 *   - `buildingTransmission` (W): transmission of all rooms toward outside, ground and unheated
 *     spaces only (losses to heated neighbours stay inside the building and are left out).
 *   - `buildingVentilation` (W): sum of the room ventilation losses times `ventilationWeighting`.
 *   - `ventilationWeighting`: 0.5 (the older simplified method of the domain notes).
 *   - `buildingHeatLoad` (W) = buildingTransmission + buildingVentilation (not below 0).
 *   - `specificBuildingHeatLoad` (W/m2) = buildingHeatLoad / heatedArea.
 *   - `radiatorCount`, `heatingSurfaceCount`.
 * - `roomHeatLoads[]`: one entry per room, in input order.
 *   - `roomId`, `roomName`, `floorLabel`, `use`, `area` (m2), `volume` (m3), `indoorTemperature` (C).
 *   - `airChangeRate` (n_min, 1/h, from the room use).
 *   - `transmission` (W, signed: a warmer heated neighbour gives a negative contribution),
 *     `transmissionToExterior` (W, only the components toward outside/ground/unheated),
 *     `ventilation` (W), `total` (W) = max(0, transmission + ventilation), `specificLoad` (W/m2).
 *   - `components[]`: `kind`, `adjacency`, `area` (m2), `uValue` (W/m2K), `uValueSource`
 *     (`'input'` or `'default'` = TABULA table by building year), `thermalBridgeSurcharge`,
 *     `temperatureFactor` (f), `temperatureDifference` (K: theta_int - theta_e, or
 *     theta_int - theta_adj toward a heated neighbour), `loss` (W), `countsForBuilding` (false
 *     toward a heated neighbour).
 * - `radiators[]`: one entry per radiator, rooms in input order.
 *   - `radiatorId`, `roomId`, `roomName`, `floorLabel`.
 *   - `nominalOutput` (W at 75/65/20), `outputFactor` (EN 442, n = 1.3, at flow/return/room
 *     temperature), `outputAtDesign` (W) = nominalOutput * outputFactor.
 *   - `heatLoad` (W): the radiator's share of the room total, split over the room's radiators in
 *     proportion to their nominal output.
 *   - `requiredNominalOutput` (W) = heatLoad / outputFactor; null when the factor is 0 (return
 *     temperature not above the room temperature: no radiator size suffices).
 *   - `covers`: outputAtDesign >= heatLoad.
 *   - `requiredFlowTemperature` (C): flow temperature at which this radiator would deliver its
 *     heatLoad at the requested spread.
 * - `hydraulicBalance`: radiator circuits at the requested spread.
 *   - `flowTemperature`, `returnTemperature`, `spread`, `specificHeatCapacity` (1.163 Wh/kgK),
 *     `designDifferentialPressure` (mbar across each valve, default 100).
 *   - `circuits[]`: `radiatorId`, `roomName`, `floorLabel`, `heatLoad` (W), `flowRate` (l/h) =
 *     heatLoad / (1.163 * spread), `kv` (m3/h) = flow [m3/h] / sqrt(dp [bar]).
 *   - `worstCircuit`: the index circuit, or null without radiators: `radiatorId`, `roomName`,
 *     `flowRate`, `kv`, `criterion` (`'largestFlowRate'`). Without pipe data every circuit needs
 *     the same valve pressure, so the circuit with the largest flow (largest kv) is the worst one.
 *   - `requiredDifferentialPressure` (mbar): the pressure the pump must provide across the worst
 *     circuit's valve (= designDifferentialPressure; pipe and radiator losses are not known).
 *   - `pumpFlowRate` (l/h) = sum of the circuits' flow, `pumpFlowRateM3h` (m3/h).
 * - `floorHeatingBalance.groups[]`: always three groups, spreads 10, 7 and 5 K, independent of the
 *   query parameters: `spread`, `flowRateSum` (l/h), `flowRateUnit` (`'l/h'`), `rooms[]` with
 *   `surfaceId`, `roomName`, `floorLabel`, `heatingLoad` (W, the room total split over its heating
 *   surfaces in proportion to their area), `spread`, `flowRate` (l/h), `flowLpm` (l/min),
 *   `setting` `{ value: flowLpm, unit: 'l/min' }`.
 * - `heatpump`:
 *   - `buildingHeatLoad` (kW), `residents` (null when unknown: no hot-water allowance),
 *     `dhwPerResident` (0.25 kW), `dhwLoad` (kW).
 *   - `capacities[]`: `{ blockingHours, capacity }` for 0, 2, 4 and 6 h of utility blocking,
 *     capacity (kW) = (buildingHeatLoad + dhwLoad) * 24 / (24 - blockingHours).
 *   - `flowTemperature`, `sourceTemperature` (= design outdoor temperature), `copEstimate`
 *     (0.45 * Carnot at those two temperatures, null when the flow is not above the source),
 *     `copMethod` (text), `copByFlowTemperature[]` `{ flowTemperature, cop }` for 35, 45, 55 C.
 * - `exchange`: `required` (some radiator does not cover its share at the requested temperatures),
 *   `flowTemperature`, `spread`, `radiators[]` (only those that do not cover): `radiatorId`,
 *   `roomName`, `floorLabel`, `outputAtDesign` (W), `heatLoad` (W), `requiredFlowTemperature` (C).
 *
 * Compatibility structure (`AbgleichFBH`, for the caller's `projekt.abgleichFBH`), generated by
 * `toAbgleichFBH` from the same group objects: `spreizung` = spread, `summeVolumenstrom` =
 * flowRateSum (l/h), `raeume[]` with `raumBezeichnung` = roomName, `heizlast` = heatingLoad,
 * `durchfluss` = setting.value (l/min).
 */

export type BuildingCategory = 'existing' | 'newA' | 'newB' | 'internalInsulation';
export type RoomUse = 'living' | 'bedroom' | 'office' | 'bath' | 'kitchen' | 'storeroom' | 'hall';
export type ComponentKind = 'wall' | 'window' | 'door' | 'floor' | 'ceiling' | 'roof';
export type Adjacency = 'outside' | 'ground' | 'unheatedCellar' | 'unheatedAttic' | 'heated';

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

export interface CalcComponent {
  kind: ComponentKind;
  /** m2 */
  area: number;
  /** W/m2K; when absent the TABULA default for the building year is used (envelope only). */
  uValue?: number;
  adjacency: Adjacency;
  /** C; required for adjacency `heated`, ignored otherwise. */
  adjacentTemperature?: number;
}

export interface CalcRadiator {
  id: string;
  /** W at 75/65/20 (EN 442). */
  nominalOutput: number;
}

export interface CalcHeatingSurface {
  /** Floor heating circuit id. */
  id: string;
  /** m2 */
  area: number;
}

export interface CalcRoom {
  id: string;
  name: string;
  floorLabel: string;
  /** m2 */
  area: number;
  /** m */
  height: number;
  /** C */
  indoorTemperature: number;
  use: RoomUse;
  components: readonly CalcComponent[];
  radiators: readonly CalcRadiator[];
  heatingSurfaces: readonly CalcHeatingSurface[];
}

export interface CalcInput {
  postalCode: string;
  /** C, resolved by the caller from the climate module. */
  designOutdoorTemperature: number;
  buildingYear?: number;
  residents?: number;
  category: BuildingCategory;
  rooms: readonly CalcRoom[];
}

/** System temperatures of one results request (query parameters; not stored). */
export interface CalcParams {
  /** C, flow temperature. */
  flowTemperature: number;
  /** K, flow minus return, greater than 0 and smaller than the flow temperature. */
  spread: number;
  /** mbar across each radiator valve; default 100. */
  designDifferentialPressure?: number;
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

export type UValueSource = 'input' | 'default';

export interface ComponentLoad {
  kind: ComponentKind;
  adjacency: Adjacency;
  area: number;
  uValue: number;
  uValueSource: UValueSource;
  thermalBridgeSurcharge: number;
  temperatureFactor: number;
  temperatureDifference: number;
  loss: number;
  countsForBuilding: boolean;
}

export interface RoomHeatLoad {
  roomId: string;
  roomName: string;
  floorLabel: string;
  use: RoomUse;
  area: number;
  volume: number;
  indoorTemperature: number;
  airChangeRate: number;
  transmission: number;
  transmissionToExterior: number;
  ventilation: number;
  total: number;
  specificLoad: number;
  components: ComponentLoad[];
}

export interface CalcSummary {
  postalCode: string;
  designOutdoorTemperature: number;
  buildingYear: number | null;
  category: BuildingCategory;
  thermalBridgeSurcharge: number;
  flowTemperature: number;
  returnTemperature: number;
  spread: number;
  roomCount: number;
  heatedArea: number;
  heatedVolume: number;
  sumOfRoomHeatLoads: number;
  buildingTransmission: number;
  buildingVentilation: number;
  ventilationWeighting: number;
  buildingHeatLoad: number;
  specificBuildingHeatLoad: number;
  radiatorCount: number;
  heatingSurfaceCount: number;
}

export interface RadiatorResult {
  radiatorId: string;
  roomId: string;
  roomName: string;
  floorLabel: string;
  nominalOutput: number;
  outputFactor: number;
  outputAtDesign: number;
  heatLoad: number;
  requiredNominalOutput: number | null;
  covers: boolean;
  requiredFlowTemperature: number;
}

export interface HydraulicCircuit {
  radiatorId: string;
  roomName: string;
  floorLabel: string;
  heatLoad: number;
  flowRate: number;
  kv: number;
}

export interface WorstCircuit {
  radiatorId: string;
  roomName: string;
  flowRate: number;
  kv: number;
  criterion: 'largestFlowRate';
}

export interface HydraulicBalance {
  flowTemperature: number;
  returnTemperature: number;
  spread: number;
  specificHeatCapacity: number;
  designDifferentialPressure: number;
  circuits: HydraulicCircuit[];
  worstCircuit: WorstCircuit | null;
  requiredDifferentialPressure: number;
  pumpFlowRate: number;
  pumpFlowRateM3h: number;
}

export interface FloorHeatingCircuit {
  surfaceId: string;
  roomName: string;
  floorLabel: string;
  heatingLoad: number;
  spread: number;
  flowRate: number;
  flowLpm: number;
  setting: { value: number; unit: 'l/min' };
}

export interface FloorHeatingGroup {
  spread: number;
  flowRateSum: number;
  flowRateUnit: 'l/h';
  rooms: FloorHeatingCircuit[];
}

export interface FloorHeatingBalance {
  groups: FloorHeatingGroup[];
}

export interface HeatPumpCapacity {
  blockingHours: number;
  capacity: number;
}

export interface HeatPumpSummary {
  buildingHeatLoad: number;
  residents: number | null;
  dhwPerResident: number;
  dhwLoad: number;
  capacities: HeatPumpCapacity[];
  flowTemperature: number;
  sourceTemperature: number;
  copEstimate: number | null;
  copMethod: string;
  copByFlowTemperature: { flowTemperature: number; cop: number | null }[];
}

export interface ExchangeRadiator {
  radiatorId: string;
  roomName: string;
  floorLabel: string;
  outputAtDesign: number;
  heatLoad: number;
  requiredFlowTemperature: number;
}

export interface ExchangeCheck {
  required: boolean;
  flowTemperature: number;
  spread: number;
  radiators: ExchangeRadiator[];
}

export interface CalcResults {
  available: true;
  status: 'calculated';
  source: 'reference-engine DIN EN 12831-1 (simplified)';
  summary: CalcSummary;
  roomHeatLoads: RoomHeatLoad[];
  radiators: RadiatorResult[];
  hydraulicBalance: HydraulicBalance;
  floorHeatingBalance: FloorHeatingBalance;
  heatpump: HeatPumpSummary;
  exchange: ExchangeCheck;
}

/** The spec's compatibility structure `projekt.abgleichFBH` (names and nesting unchanged). */
export interface AbgleichFBHRaum {
  raumBezeichnung: string;
  heizlast: number;
  durchfluss: number;
}

export interface AbgleichFBHGruppe {
  spreizung: number;
  summeVolumenstrom: number;
  raeume: AbgleichFBHRaum[];
}

export type AbgleichFBH = AbgleichFBHGruppe[];
