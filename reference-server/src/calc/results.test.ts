import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { roomHeatLoad } from './heat-load.js';
import { calculateResults, checkCalculable, NotCalculableError, RESULTS_SOURCE, toAbgleichFBH } from './results.js';
import { round, round1 } from './rounding.js';
import type { CalcComponent, CalcInput, CalcParams, CalcRoom } from './types.js';
import { calcRoom } from '../../test/support/calc-room.js';

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

const livingRoom = (over: Partial<CalcRoom> = {}): CalcRoom =>
  calcRoom({
    components: [
      { kind: 'wall', area: 9.5, uValue: 1.0, adjacency: 'outside' },
      { kind: 'window', area: 3.0, uValue: 2.7, adjacency: 'outside' },
      { kind: 'floor', area: 25, uValue: 1.0, adjacency: 'unheatedCellar' },
    ],
    radiators: [{ id: 'hk-1', nominalOutput: 2000 }],
    heatingSurfaces: [{ id: 'fbh-1', area: 20 }],
    ...over,
  });

const example1970 = (over: Partial<CalcInput> = {}): CalcInput => ({
  postalCode: '10178',
  designOutdoorTemperature: -12,
  buildingYear: 1970,
  residents: 4,
  category: 'existing',
  rooms: [livingRoom()],
  ...over,
});

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

const tenths = (min: number, max: number) => fc.integer({ min: min * 10, max: max * 10 }).map((x) => x / 10);

const componentArb: fc.Arbitrary<CalcComponent> = fc
  .record({
    kind: fc.constantFrom('wall', 'window', 'door', 'floor', 'ceiling', 'roof'),
    area: tenths(0.1, 60),
    uValue: fc.option(fc.integer({ min: 10, max: 400 }).map((x) => x / 100), { nil: undefined }),
    adjacency: fc.constantFrom('outside', 'ground', 'unheatedCellar', 'unheatedAttic', 'heated'),
    adjacentTemperature: fc.constantFrom(7, 15, 18, 20, 22, 24),
  })
  // a component toward a heated neighbour has no default U-value: give it one
  .map((c) => (c.adjacency === 'heated' && c.uValue === undefined ? { ...c, uValue: 1.5 } : c));

const roomArb: fc.Arbitrary<Omit<CalcRoom, 'id'>> = fc.record({
  name: fc.constantFrom('Wohnen', 'Schlafen', 'Bad', 'Küche', 'Flur', 'Büro', 'Abstellraum'),
  floorLabel: fc.constantFrom('KG', 'EG', '1. OG', 'DG'),
  area: tenths(2, 80),
  height: tenths(2, 4),
  indoorTemperature: fc.constantFrom(7, 16, 18, 20, 22, 24, 26),
  use: fc.constantFrom('living', 'bedroom', 'office', 'bath', 'kitchen', 'storeroom', 'hall'),
  components: fc.array(componentArb, { minLength: 1, maxLength: 6 }),
  radiators: fc.array(
    fc.integer({ min: 100, max: 5000 }).map((nominalOutput) => ({ id: '', nominalOutput })),
    { maxLength: 3 },
  ),
  heatingSurfaces: fc.array(
    tenths(0.5, 40).map((area) => ({ id: '', area })),
    { maxLength: 3 },
  ),
});

const inputArb: fc.Arbitrary<CalcInput> = fc
  .record({
    postalCode: fc.constantFrom('10178', '80939', '26121'),
    designOutdoorTemperature: tenths(-20, 0),
    buildingYear: fc.integer({ min: 1850, max: 2030 }),
    residents: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
    category: fc.constantFrom('existing', 'newA', 'newB', 'internalInsulation'),
    rooms: fc.array(roomArb, { minLength: 1, maxLength: 8 }),
  })
  .map((input) => ({
    ...input,
    rooms: input.rooms.map((r, i) => ({
      ...r,
      id: `room-${i}`,
      radiators: r.radiators.map((rad, j) => ({ ...rad, id: `hk-${i}-${j}` })),
      heatingSurfaces: r.heatingSurfaces.map((s, j) => ({ ...s, id: `fbh-${i}-${j}` })),
    })),
  }));

const paramsArb: fc.Arbitrary<CalcParams> = fc
  .integer({ min: 25, max: 95 })
  .chain((flowTemperature) =>
    fc.record({ flowTemperature: fc.constant(flowTemperature), spread: tenths(0.5, Math.min(40, flowTemperature - 1)) }),
  );

// ---------------------------------------------------------------------------------------------
// Worked example through the whole engine
// ---------------------------------------------------------------------------------------------

describe('calculateResults: 1970 living room at 55/45', () => {
  const results = calculateResults(example1970(), { flowTemperature: 55, spread: 10 });

  it('is a calculated result from the reference engine', () => {
    expect(results).toMatchObject({ available: true, status: 'calculated', source: RESULTS_SOURCE });
    expect(RESULTS_SOURCE).toBe('reference-engine DIN EN 12831-1 (simplified)');
  });

  it('room heat load 334.4 + 268.8 + 440.0 + 340.0 = 1383.2 W, 55.3 W/m2', () => {
    const room = results.roomHeatLoads[0]!;
    expect(room.components.map((c) => c.loss)).toEqual([334.4, 268.8, 440.0]);
    expect(room).toMatchObject({ transmission: 1043.2, ventilation: 340.0, total: 1383.2, specificLoad: 55.3, airChangeRate: 0.5 });
  });

  it('summary: building load with ventilation weighted 0.5', () => {
    expect(results.summary).toMatchObject({
      designOutdoorTemperature: -12,
      flowTemperature: 55,
      returnTemperature: 45,
      spread: 10,
      heatedArea: 25,
      sumOfRoomHeatLoads: 1383.2,
      buildingTransmission: 1043.2,
      buildingVentilation: 170,
      ventilationWeighting: 0.5,
      buildingHeatLoad: 1213.2,
      specificBuildingHeatLoad: 48.5,
    });
  });

  it('radiator: 2000 W gives 1021 W, needs 2708 W nominal, exchange at 62.7 C', () => {
    expect(results.radiators[0]).toMatchObject({ radiatorId: 'hk-1', outputFactor: 0.511, heatLoad: 1383.2, covers: false, requiredFlowTemperature: 62.7 });
    expect(Math.abs(results.radiators[0]!.outputAtDesign - 1021)).toBeLessThan(1021 * 0.001);
    expect(Math.abs(results.radiators[0]!.requiredNominalOutput! - 2708)).toBeLessThan(2708 * 0.001);
    expect(results.exchange).toEqual({
      required: true,
      flowTemperature: 55,
      spread: 10,
      radiators: [
        {
          radiatorId: 'hk-1',
          roomName: 'Wohnzimmer',
          floorLabel: 'EG',
          outputAtDesign: results.radiators[0]!.outputAtDesign,
          heatLoad: 1383.2,
          requiredFlowTemperature: 62.7,
        },
      ],
    });
  });

  it('at 75/65 the radiator covers the room, no exchange', () => {
    const warm = calculateResults(example1970(), { flowTemperature: 75, spread: 10 });
    expect(warm.radiators[0]!.covers).toBe(true);
    expect(warm.exchange).toMatchObject({ required: false, radiators: [] });
  });

  it('hydraulic balance at the requested spread', () => {
    expect(results.hydraulicBalance).toMatchObject({
      spread: 10,
      designDifferentialPressure: 100,
      specificHeatCapacity: 1.163,
      circuits: [{ radiatorId: 'hk-1', heatLoad: 1383.2, flowRate: 118.9, kv: 0.376 }],
      worstCircuit: { radiatorId: 'hk-1', flowRate: 118.9, kv: 0.376, criterion: 'largestFlowRate' },
      requiredDifferentialPressure: 100,
      pumpFlowRate: 118.9,
      pumpFlowRateM3h: 0.119,
    });
  });

  it('floor heating 10/7/5 K: 118.9/169.9/237.9 l/h, 1.98/2.83/3.96 l/min', () => {
    const groups = results.floorHeatingBalance.groups;
    expect(groups.map((g) => [g.spread, g.flowRateSum, g.rooms[0]!.flowRate, g.rooms[0]!.setting.value])).toEqual([
      [10, 118.9, 118.9, 1.98],
      [7, 169.9, 169.9, 2.83],
      [5, 237.9, 237.9, 3.96],
    ]);
  });

  it('heat pump: capacities from the building load plus 4 residents, COP at the requested flow', () => {
    const hp = results.heatpump;
    expect(hp).toMatchObject({ buildingHeatLoad: 1.21, residents: 4, dhwLoad: 1, flowTemperature: 55, sourceTemperature: -12 });
    expect(hp.capacities.map((c) => c.blockingHours)).toEqual([0, 2, 4, 6]);
    expect(hp.capacities[0]!.capacity).toBe(2.21);
    expect(hp.copEstimate).toBe(round((0.45 * 328.15) / 67, 2));
    expect(hp.copByFlowTemperature.map((c) => c.flowTemperature)).toEqual([35, 45, 55]);
  });

  it('the COP follows the requested flow temperature', () => {
    expect(calculateResults(example1970({ designOutdoorTemperature: -10 }), { flowTemperature: 35, spread: 5 }).heatpump.copEstimate).toBe(3.08);
  });

  it('a default U-value is marked as such', () => {
    const rooms = [livingRoom({ components: [{ kind: 'window', area: 2, adjacency: 'outside' }] })];
    const c = calculateResults(example1970({ rooms }), { flowTemperature: 55, spread: 10 }).roomHeatLoads[0]!.components[0]!;
    expect(c).toMatchObject({ uValue: 3.73, uValueSource: 'default' });
  });

  it('splits a room load over its radiators by nominal output', () => {
    const rooms = [livingRoom({ radiators: [{ id: 'a', nominalOutput: 1000 }, { id: 'b', nominalOutput: 3000 }] })];
    const r = calculateResults(example1970({ rooms }), { flowTemperature: 55, spread: 10 });
    expect(r.radiators.map((x) => x.heatLoad)).toEqual([round1(1383.2 / 4), round1((1383.2 * 3) / 4)]);
    expect(r.hydraulicBalance.worstCircuit?.radiatorId).toBe('b');
  });
});

// ---------------------------------------------------------------------------------------------
// checkCalculable
// ---------------------------------------------------------------------------------------------

describe('checkCalculable', () => {
  const withRoom = (over: Partial<CalcRoom>) => example1970({ rooms: [livingRoom(over)] });
  const withComponent = (c: CalcComponent) => withRoom({ components: [c] });

  it('accepts the worked example', () => {
    expect(checkCalculable(example1970())).toBeUndefined();
  });

  it.each([
    ['no postal code', example1970({ postalCode: '' }), 'Keine Postleitzahl im Projekt erfasst.'],
    ['no climate data', example1970({ postalCode: '27498', designOutdoorTemperature: Number.NaN }), 'Für die Postleitzahl 27498 liegen keine Klimadaten (Norm-Außentemperatur) vor.'],
    ['no rooms', example1970({ rooms: [] }), 'Keine Räume erfasst.'],
    ['room without components', withRoom({ components: [] }), 'Raum "Wohnzimmer": keine Bauteile (Wände, Fenster, Decken, ...) erfasst.'],
    ['room area missing', withRoom({ area: 0 }), 'Raum "Wohnzimmer": Raumfläche fehlt.'],
    ['room height missing', withRoom({ height: null as unknown as number }), 'Raum "Wohnzimmer": Raumhöhe fehlt.'],
    ['indoor temperature missing', withRoom({ indoorTemperature: Number.NaN }), 'Raum "Wohnzimmer": Raumtemperatur fehlt.'],
    ['component area missing', withComponent({ kind: 'window', area: 0, uValue: 1, adjacency: 'outside' }), 'Raum "Wohnzimmer": Bauteil 1 (Fenster): Fläche fehlt.'],
    [
      'heated neighbour without temperature',
      withComponent({ kind: 'wall', area: 5, uValue: 1, adjacency: 'heated' }),
      'Raum "Wohnzimmer": Bauteil 1 (Wand) grenzt an einen beheizten Raum, dessen Temperatur fehlt.',
    ],
    [
      'heated neighbour without U-value',
      withComponent({ kind: 'wall', area: 5, adjacency: 'heated', adjacentTemperature: 15 }),
      'Raum "Wohnzimmer": Bauteil 1 (Wand) zu einem beheizten Raum hat keinen U-Wert (dafür gibt es keinen Standardwert).',
    ],
    [
      'no U-value and no building year',
      example1970({ buildingYear: undefined, rooms: [livingRoom({ components: [{ kind: 'roof', area: 5, adjacency: 'outside' }] })] }),
      'Raum "Wohnzimmer": Bauteil 1 (Dach) hat keinen U-Wert, und ohne Baujahr gibt es keinen Standardwert.',
    ],
    ['negative U-value', withComponent({ kind: 'door', area: 2, uValue: -1, adjacency: 'outside' }), 'Raum "Wohnzimmer": Bauteil 1 (Tür): U-Wert ist ungültig.'],
    ['radiator without nominal output', withRoom({ radiators: [{ id: 'hk-9', nominalOutput: 0 }] }), 'Raum "Wohnzimmer": Heizkörper hk-9 ohne Normleistung.'],
    ['heating surface without area', withRoom({ heatingSurfaces: [{ id: 'fbh-9', area: Number.NaN }] }), 'Raum "Wohnzimmer": Heizfläche fbh-9 ohne Fläche.'],
  ])('%s', (_case, input, reason) => {
    expect(checkCalculable(input)).toBe(reason);
    expect(() => calculateResults(input, { flowTemperature: 55, spread: 10 })).toThrow(NotCalculableError);
  });

  it('names the room by id when it has no name, and reports the first failing room', () => {
    const input = example1970({ rooms: [livingRoom(), livingRoom({ id: 'r7', name: '', area: 0 }), livingRoom({ name: 'Bad', height: 0 })] });
    expect(checkCalculable(input)).toBe('Raum "r7": Raumfläche fehlt.');
  });

  it('a missing U-value is fine when the building year gives a default', () => {
    expect(checkCalculable(withComponent({ kind: 'roof', area: 5, adjacency: 'outside' }))).toBeUndefined();
  });

  it('generated inputs are calculable', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(checkCalculable(input)).toBeUndefined();
      }),
    );
  });
});

describe('calculateResults rejects invalid system temperatures', () => {
  it.each([
    { flowTemperature: 55, spread: 0 },
    { flowTemperature: 55, spread: 55 },
    { flowTemperature: Number.NaN, spread: 10 },
    { flowTemperature: 55, spread: 10, designDifferentialPressure: 0 },
  ])('%j', (params) => {
    expect(() => calculateResults(example1970(), params)).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

describe('properties', () => {
  it('the room load grows with a U-value (toward outside, ground or unheated)', () => {
    fc.assert(
      fc.property(inputArb, fc.nat(), fc.integer({ min: 1, max: 200 }), (input, pick, step) => {
        const roomIndex = pick % input.rooms.length;
        const room = input.rooms[roomIndex]!;
        const ci = pick % room.components.length;
        const base = { ...room.components[ci]!, adjacency: 'unheatedAttic' as const, uValue: room.components[ci]!.uValue ?? 1 };
        const withU = (u: number): CalcInput => ({
          ...input,
          rooms: input.rooms.map((r, i) => (i === roomIndex ? { ...r, components: r.components.map((c, j) => (j === ci ? { ...base, uValue: u } : c)) } : r)),
        });
        const lower = withU(base.uValue);
        const higher = withU(base.uValue + step / 100);
        const ctx = { designOutdoorTemperature: input.designOutdoorTemperature, category: input.category, buildingYear: input.buildingYear };
        const exactLow = roomHeatLoad(lower.rooms[roomIndex]!, ctx);
        const exactHigh = roomHeatLoad(higher.rooms[roomIndex]!, ctx);
        expect(exactHigh.transmission).toBeGreaterThan(exactLow.transmission);
        expect(exactHigh.total).toBeGreaterThanOrEqual(exactLow.total);
        const params = { flowTemperature: 55, spread: 10 };
        const a = calculateResults(lower, params);
        const b = calculateResults(higher, params);
        expect(b.roomHeatLoads[roomIndex]!.total).toBeGreaterThanOrEqual(a.roomHeatLoads[roomIndex]!.total);
        expect(b.summary.buildingHeatLoad).toBeGreaterThan(a.summary.buildingHeatLoad - 1e-9);
        expect(b.summary.buildingTransmission).toBeGreaterThan(a.summary.buildingTransmission - 1e-9);
      }),
    );
  });

  it('every load grows when the design outdoor temperature drops', () => {
    fc.assert(
      fc.property(inputArb, tenths(0.1, 10), (input, drop) => {
        const params = { flowTemperature: 55, spread: 10 };
        const warm = calculateResults(input, params);
        const cold = calculateResults({ ...input, designOutdoorTemperature: input.designOutdoorTemperature - drop }, params);
        warm.roomHeatLoads.forEach((r, i) => {
          expect(cold.roomHeatLoads[i]!.total).toBeGreaterThanOrEqual(r.total);
          expect(cold.roomHeatLoads[i]!.ventilation).toBeGreaterThanOrEqual(r.ventilation);
        });
        // Published values are rounded to 0.1 W, so a tiny drop may leave the building total equal.
        expect(cold.summary.buildingHeatLoad).toBeGreaterThanOrEqual(warm.summary.buildingHeatLoad);
        cold.heatpump.capacities.forEach((c, i) => expect(c.capacity).toBeGreaterThanOrEqual(warm.heatpump.capacities[i]!.capacity));
      }),
    );
  });

  it('flowRateSum is the (rounded) sum of the group flowRates; flowLpm = flowRate / 60 within rounding', () => {
    fc.assert(
      fc.property(inputArb, paramsArb, (input, params) => {
        const { groups } = calculateResults(input, params).floorHeatingBalance;
        expect(groups.map((g) => g.spread)).toEqual([10, 7, 5]);
        for (const g of groups) {
          const sum = g.rooms.reduce((s, r) => s + r.flowRate, 0);
          expect(g.flowRateSum).toBe(round1(sum));
          expect(Math.abs(g.flowRateSum - sum)).toBeLessThan(1e-9);
          expect(g.flowRateUnit).toBe('l/h');
          for (const r of g.rooms) {
            expect(r.spread).toBe(g.spread);
            expect(r.setting).toEqual({ value: r.flowLpm, unit: 'l/min' });
            // flowLpm is rounded from the exact flow (0.005), flowRate from the exact flow (0.05 l/h)
            expect(Math.abs(r.flowLpm - r.flowRate / 60)).toBeLessThanOrEqual(0.005 + 0.05 / 60 + 1e-9);
          }
        }
      }),
    );
  });

  it('the floor heating load of a room is split over its surfaces without loss', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = calculateResults(input, { flowTemperature: 55, spread: 10 });
        const group = r.floorHeatingBalance.groups[0]!;
        input.rooms.forEach((room, i) => {
          if (room.heatingSurfaces.length === 0) return;
          const published = group.rooms.filter((c) => room.heatingSurfaces.some((s) => s.id === c.surfaceId));
          const sum = published.reduce((s, c) => s + c.heatingLoad, 0);
          expect(Math.abs(sum - r.roomHeatLoads[i]!.total)).toBeLessThanOrEqual(0.05 * (published.length + 1) + 1e-9);
        });
      }),
    );
  });

  it('abgleichFBH equals floorHeatingBalance value by value', () => {
    fc.assert(
      fc.property(inputArb, paramsArb, (input, params) => {
        const { floorHeatingBalance } = calculateResults(input, params);
        const compat = toAbgleichFBH(floorHeatingBalance);
        expect(compat).toHaveLength(floorHeatingBalance.groups.length);
        floorHeatingBalance.groups.forEach((g, i) => {
          const c = compat[i]!;
          expect(c.spreizung).toBe(g.spread);
          expect(c.summeVolumenstrom).toBe(g.flowRateSum);
          expect(c.raeume).toHaveLength(g.rooms.length);
          g.rooms.forEach((r, j) => {
            expect(c.raeume[j]).toEqual({ raumBezeichnung: r.roomName, heizlast: r.heatingLoad, durchfluss: r.setting.value });
          });
        });
      }),
    );
  });

  it('the system temperatures never change room loads, building load, capacities or the floor heating groups', () => {
    fc.assert(
      fc.property(inputArb, paramsArb, paramsArb, (input, p1, p2) => {
        const a = calculateResults(input, p1);
        const b = calculateResults(input, p2);
        expect(b.floorHeatingBalance).toEqual(a.floorHeatingBalance);
        expect(toAbgleichFBH(b.floorHeatingBalance)).toEqual(toAbgleichFBH(a.floorHeatingBalance));
        expect(b.roomHeatLoads).toEqual(a.roomHeatLoads);
        expect(b.summary.buildingHeatLoad).toBe(a.summary.buildingHeatLoad);
        expect(b.heatpump.capacities).toEqual(a.heatpump.capacities);
      }),
    );
  });

  it('exchange lists exactly the radiators that do not cover their share; pump flow = sum of circuits', () => {
    fc.assert(
      fc.property(inputArb, paramsArb, (input, params) => {
        const r = calculateResults(input, params);
        expect(r.exchange.radiators.map((x) => x.radiatorId)).toEqual(r.radiators.filter((x) => !x.covers).map((x) => x.radiatorId));
        expect(r.exchange.required).toBe(r.exchange.radiators.length > 0);
        const sum = r.hydraulicBalance.circuits.reduce((s, c) => s + c.flowRate, 0);
        expect(Math.abs(r.hydraulicBalance.pumpFlowRate - sum)).toBeLessThanOrEqual(0.05 * (r.hydraulicBalance.circuits.length + 1));
        const worst = r.hydraulicBalance.worstCircuit;
        if (worst) r.hydraulicBalance.circuits.forEach((c) => expect(c.flowRate).toBeLessThanOrEqual(worst.flowRate));
        expect(JSON.parse(JSON.stringify(r))).toEqual(r); // JSON-safe: no NaN, Infinity or undefined
      }),
    );
  });
});
