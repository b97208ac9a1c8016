import { describe, expect, it } from 'vitest';
import { expectWithin } from '../../test/support/expect-within.js';
import {
  buildingHeatLoad,
  componentLoss,
  minimumAirChangeRate,
  roomHeatLoad,
  THERMAL_BRIDGE_SURCHARGE,
  type HeatLoadContext,
} from './heat-load.js';
import { round1 } from './rounding.js';
import type { CalcComponent, CalcRoom } from './types.js';
import { calcRoom } from '../../test/support/calc-room.js';

const room = (components: CalcComponent[], over: Partial<CalcRoom> = {}): CalcRoom => calcRoom({ components, ...over });

describe('worked example: 1970 living room over an unheated cellar (domain notes)', () => {
  const ctx: HeatLoadContext = { designOutdoorTemperature: -12, category: 'existing', buildingYear: 1970 };
  const livingRoom = room([
    { kind: 'wall', area: 9.5, uValue: 1.0, adjacency: 'outside' },
    { kind: 'window', area: 3.0, uValue: 2.7, adjacency: 'outside' },
    { kind: 'floor', area: 25, uValue: 1.0, adjacency: 'unheatedCellar' },
  ]);
  const load = roomHeatLoad(livingRoom, ctx);

  it('component losses 334.4 / 268.8 / 440.0 W', () => {
    expect(load.components.map((c) => c.loss)).toHaveLength(3);
    expectWithin(load.components[0]!.loss, 334.4);
    expectWithin(load.components[1]!.loss, 268.8);
    expectWithin(load.components[2]!.loss, 440.0);
    expect(load.components[2]!.temperatureFactor).toBe(0.5);
  });

  it('ventilation 340.0 W, total 1383.2 W, 55.3 W/m2', () => {
    expect(load.airChangeRate).toBe(0.5);
    expectWithin(load.volume, 62.5);
    expectWithin(load.ventilation, 340.0);
    expectWithin(load.total, 1383.2);
    expect(round1(load.total)).toBe(1383.2);
    expect(round1(load.specificLoad)).toBe(55.3);
  });

  it('building load: losses to outside/ground/unheated plus ventilation weighted 0.5', () => {
    const b = buildingHeatLoad([load]);
    expectWithin(b.transmission, 1043.2);
    expectWithin(b.ventilation, 170.0);
    expectWithin(b.total, 1213.2);
    expectWithin(b.sumOfRoomHeatLoads, 1383.2);
    expect(b.total).toBeLessThan(b.sumOfRoomHeatLoads);
  });
});

describe('worked example: cross-check room "EG-R1", theta_e -10.3 C (domain notes)', () => {
  // Input built to match the notes' component losses 198 + 1014 + 54 + 628 + 193 + 541 = 2628 W
  // and ventilation 0.34 * 72.53 * 30.3 = 747 W (n 0.5, V = 58.02 m2 * 2.5 m = 145.05 m3).
  const ctx: HeatLoadContext = { designOutdoorTemperature: -10.3, category: 'existing' };
  const egR1 = room(
    [
      { kind: 'wall', area: 6.0, uValue: 0.99, adjacency: 'outside' }, // 198
      { kind: 'window', area: 11.95, uValue: 2.7, adjacency: 'outside' }, // 1014
      { kind: 'wall', area: 8.0, uValue: 1.25, adjacency: 'heated', adjacentTemperature: 15 }, // 54 (hall at 15 C)
      { kind: 'floor', area: 58.02, uValue: 1.09, adjacency: 'ground' }, // 628
      { kind: 'door', area: 2.0, uValue: 3.08, adjacency: 'outside' }, // 193
      { kind: 'wall', area: 16.23, uValue: 1.0, adjacency: 'outside' }, // 541
    ],
    { id: 'EG-R1', name: 'EG-R1', area: 58.02, height: 2.5 },
  );
  const load = roomHeatLoad(egR1, ctx);

  it('reproduces each component loss within 0.5 W', () => {
    const expected = [198, 1014, 54, 628, 193, 541];
    load.components.forEach((c, i) => expect(Math.abs(c.loss - expected[i]!)).toBeLessThan(0.5));
  });

  it('transmission 2628 W, ventilation 747 W, total 3375 W (0.1 %)', () => {
    expectWithin(load.transmission, 2628);
    expectWithin(load.ventilation, 747);
    expectWithin(load.total, 3375);
  });

  it('the loss toward the heated hall counts for the room, not for the building', () => {
    expect(load.components[2]!.countsForBuilding).toBe(false);
    expect(load.components[2]!.temperatureDifference).toBe(5);
    expectWithin(load.transmissionToExterior, 2628 - 54);
    expectWithin(buildingHeatLoad([load]).total, 2628 - 54 + 747 / 2);
  });
});

describe('transmission details', () => {
  const ctx: HeatLoadContext = { designOutdoorTemperature: -10, category: 'existing', buildingYear: 1990 };
  const wall: CalcComponent = { kind: 'wall', area: 10, uValue: 1, adjacency: 'outside' };

  it.each([
    ['outside', 1.0],
    ['unheatedCellar', 0.5],
    ['unheatedAttic', 0.9],
    ['ground', 0.3],
  ] as const)('temperature factor toward %s is %d', (adjacency, f) => {
    const c = componentLoss({ ...wall, adjacency }, 20, ctx);
    expect(c.temperatureFactor).toBe(f);
    expectWithin(c.loss, 10 * 1.1 * f * 30, 1e-12);
  });

  it('toward a heated neighbour uses theta_int - theta_adj with f = 1, and may be negative', () => {
    expectWithin(componentLoss({ ...wall, adjacency: 'heated', adjacentTemperature: 15 }, 20, ctx).loss, 10 * 1.1 * 5, 1e-12);
    expectWithin(componentLoss({ ...wall, adjacency: 'heated', adjacentTemperature: 24 }, 20, ctx).loss, -10 * 1.1 * 4, 1e-12);
  });

  it.each([
    ['existing', 0.1],
    ['newA', 0.05],
    ['newB', 0.03],
    ['internalInsulation', 0.15],
  ] as const)('thermal-bridge surcharge %s = %d W/m2K', (category, dU) => {
    expect(THERMAL_BRIDGE_SURCHARGE[category]).toBe(dU);
    expectWithin(componentLoss(wall, 20, { ...ctx, category }).loss, 10 * (1 + dU) * 30, 1e-12);
  });

  it('a component without U-value takes the TABULA default of the building year', () => {
    const c = componentLoss({ kind: 'window', area: 2, adjacency: 'outside' }, 20, ctx);
    expect(c.uValue).toEqual({ value: 2.69, source: 'default' });
  });

  it('a room gaining more from warmer neighbours than it loses has total 0', () => {
    const r = roomHeatLoad(
      room([{ kind: 'wall', area: 40, uValue: 2, adjacency: 'heated', adjacentTemperature: 26 }], { indoorTemperature: 16, use: 'storeroom' }),
      ctx,
    );
    expect(r.transmission).toBeLessThan(0);
    expect(r.total).toBe(0);
  });
});

describe('minimum air change rate by room use', () => {
  it.each([
    ['living', 60, 0.5],
    ['bedroom', 40, 0.5],
    ['office', 30, 0.5],
    ['bath', 15, 0.5],
    ['kitchen', 20, 1.0],
    ['kitchen', 20.01, 0.5],
    ['storeroom', 10, 0],
    ['hall', 25, 0.5],
  ] as const)('%s with %d m3: %d 1/h', (use, volume, n) => {
    expect(minimumAirChangeRate(use, volume)).toBe(n);
  });
});
