import { z } from 'zod';
import { RESULTS_SOURCE } from '../../calc/results.js';
import { action, status200, storedProjectKey } from './common.js';
import { responseSchemas } from './registries.js';

/**
 * The engine's published `CalcResults` (calc/types.ts, where every field and unit is explained).
 * The spec fixes only `available`, `status`, `source` and the floor-heating structures; the rest
 * is the reference server's. The test holds these schemas type-equal to the engine's types.
 */
const n = (unit: string) => z.number().describe(unit);
const count = z.number().int().min(0);

const category = z.enum(['existing', 'newA', 'newB', 'internalInsulation']);
const roomUse = z.enum(['living', 'bedroom', 'office', 'bath', 'kitchen', 'storeroom', 'hall']);
const componentKind = z.enum(['wall', 'window', 'door', 'floor', 'ceiling', 'roof']);
const adjacency = z.enum(['outside', 'ground', 'unheatedCellar', 'unheatedAttic', 'heated']);

const calcSummary = z.strictObject({
  postalCode: z.string(),
  designOutdoorTemperature: n('°C'),
  buildingYear: z.number().int().nullable().describe('null when unknown.'),
  category: category.describe('Building category of the thermal-bridge surcharge.'),
  thermalBridgeSurcharge: n('ΔU_TB in W/m²K'),
  flowTemperature: n('°C, as used for radiators, hydraulic balance, exchange and COP'),
  returnTemperature: n('°C, flow minus spread'),
  spread: n('K'),
  roomCount: count,
  heatedArea: n('m²'),
  heatedVolume: n('m³'),
  sumOfRoomHeatLoads: n('W'),
  buildingTransmission: n('W, toward outside, ground and unheated spaces only'),
  buildingVentilation: n('W, room ventilation losses times ventilationWeighting'),
  ventilationWeighting: z.number(),
  buildingHeatLoad: n('W'),
  specificBuildingHeatLoad: n('W/m²'),
  radiatorCount: count,
  heatingSurfaceCount: count,
});

const roomHeatLoad = z.strictObject({
  roomId: z.string(),
  roomName: z.string(),
  floorLabel: z.string(),
  use: roomUse,
  area: n('m²'),
  volume: n('m³'),
  indoorTemperature: n('°C'),
  airChangeRate: n('1/h'),
  transmission: n('W, signed: a warmer heated neighbour contributes negatively'),
  transmissionToExterior: n('W'),
  ventilation: n('W'),
  total: n('W'),
  specificLoad: n('W/m²'),
  components: z.array(
    z.strictObject({
      kind: componentKind,
      adjacency,
      area: n('m²'),
      uValue: n('W/m²K'),
      uValueSource: z.enum(['input', 'default']).describe("'default': TABULA value of the building year."),
      thermalBridgeSurcharge: n('W/m²K'),
      temperatureFactor: z.number(),
      temperatureDifference: n('K'),
      loss: n('W'),
      countsForBuilding: z.boolean(),
    }),
  ),
});

const radiatorResult = z.strictObject({
  radiatorId: z.string(),
  roomId: z.string(),
  roomName: z.string(),
  floorLabel: z.string(),
  nominalOutput: n('W at 75/65/20 °C'),
  outputFactor: z.number(),
  outputAtDesign: n('W at the requested temperatures'),
  heatLoad: n("W, the radiator's share of the room load"),
  requiredNominalOutput: n('W').nullable().describe('W; null when no size delivers at these temperatures.'),
  covers: z.boolean(),
  requiredFlowTemperature: n('°C'),
});

const hydraulicBalance = z.strictObject({
  flowTemperature: n('°C'),
  returnTemperature: n('°C'),
  spread: n('K'),
  specificHeatCapacity: n('Wh/kgK'),
  designDifferentialPressure: n('mbar'),
  circuits: z.array(
    z.strictObject({
      radiatorId: z.string(),
      roomName: z.string(),
      floorLabel: z.string(),
      heatLoad: n('W'),
      flowRate: n('l/h'),
      kv: n('m³/h'),
    }),
  ),
  worstCircuit: z
    .strictObject({
      radiatorId: z.string(),
      roomName: z.string(),
      flowRate: n('l/h'),
      kv: n('m³/h'),
      criterion: z.literal('largestFlowRate'),
    })
    .nullable()
    .describe('null without radiators.'),
  requiredDifferentialPressure: n('mbar'),
  pumpFlowRate: n('l/h'),
  pumpFlowRateM3h: n('m³/h'),
});

const floorHeatingBalance = z.strictObject({
  groups: z
    .array(
      z.strictObject({
        spread: n('K'),
        flowRateSum: n('l/h, sum of the group at equal spread'),
        flowRateUnit: z.literal('l/h'),
        rooms: z.array(
          z.strictObject({
            surfaceId: z.string(),
            roomName: z.string(),
            floorLabel: z.string(),
            heatingLoad: n('W, proportional load of the heating surface'),
            spread: n('K'),
            flowRate: n('l/h, single circuit'),
            flowLpm: n('l/min, for display at the manifold'),
            setting: z.strictObject({
              value: n('value to set at the manifold'),
              unit: z.literal('l/min'),
            }),
          }),
        ),
      }),
    )
    .describe('Always three groups, for spreads 10, 7 and 5 K.'),
});

const heatpump = z.strictObject({
  buildingHeatLoad: n('kW'),
  residents: z.number().nullable().describe('null when unknown (no hot-water allowance).'),
  dhwPerResident: n('kW'),
  dhwLoad: n('kW'),
  capacities: z.array(z.strictObject({ blockingHours: n('h'), capacity: n('kW') })),
  flowTemperature: n('°C'),
  sourceTemperature: n('°C, the design outdoor temperature'),
  copEstimate: z.number().nullable().describe('null when the flow is not above the source.'),
  copMethod: z.string(),
  copByFlowTemperature: z.array(z.strictObject({ flowTemperature: n('°C'), cop: z.number().nullable() })),
});

const exchange = z.strictObject({
  required: z.boolean().describe('Some radiator does not cover its share at the requested temperatures.'),
  flowTemperature: n('°C'),
  spread: n('K'),
  radiators: z.array(
    z.strictObject({
      radiatorId: z.string(),
      roomName: z.string(),
      floorLabel: z.string(),
      outputAtDesign: n('W'),
      heatLoad: n('W'),
      requiredFlowTemperature: n('°C'),
    }),
  ),
});

const calcResults = z
  .strictObject({
    available: z.literal(true),
    status: z.literal('calculated'),
    source: z.literal(RESULTS_SOURCE),
    summary: calcSummary,
    roomHeatLoads: z.array(roomHeatLoad),
    radiators: z.array(radiatorResult),
    hydraulicBalance,
    floorHeatingBalance,
    heatpump,
    exchange,
  })
  .describe(
    'The spec fixes available, status, source and the floor-heating groups; the other structures are the reference server\'s (DIN EN 12831-1 simplified, see docs/results.md).',
  )
  .register(responseSchemas, { id: 'Results' });

const abgleichFBH = z
  .array(
    z.strictObject({
      spreizung: n('K'),
      summeVolumenstrom: n('l/h'),
      raeume: z.array(z.strictObject({ raumBezeichnung: z.string(), heizlast: n('W'), durchfluss: n('l/min, equals setting.value') })),
    }),
  )
  .describe('Compatibility structure, generated from the same values as results.floorHeatingBalance.');

export const resultsResponse = z
  .strictObject({
    status: status200,
    action: action('getResults'),
    project: z.strictObject({ key: storedProjectKey }),
    results: calcResults,
    projekt: z.strictObject({ abgleichFBH }),
  })
  .register(responseSchemas, { id: 'ResultsResponse' });
