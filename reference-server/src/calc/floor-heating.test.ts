import { describe, expect, it } from 'vitest';
import { floorHeatingBalance, surfaceLoads, toAbgleichFBH } from './floor-heating.js';

describe('floor heating balance, domain notes example 1383.2 W', () => {
  const balance = floorHeatingBalance([{ name: 'Wohnzimmer', floorLabel: 'EG', heatLoad: 1383.2, heatingSurfaces: [{ id: 'fbh-1', area: 20 }] }]);

  it('groups 10 / 7 / 5 K: 118.9 / 169.9 / 237.9 l/h and 1.98 / 2.83 / 3.96 l/min', () => {
    expect(balance.groups.map((g) => g.spread)).toEqual([10, 7, 5]);
    expect(balance.groups.map((g) => g.rooms[0]!.flowRate)).toEqual([118.9, 169.9, 237.9]);
    expect(balance.groups.map((g) => g.rooms[0]!.flowLpm)).toEqual([1.98, 2.83, 3.96]);
    expect(balance.groups.map((g) => g.flowRateSum)).toEqual([118.9, 169.9, 237.9]);
  });

  it('publishes the spec structure', () => {
    expect(balance.groups[0]).toEqual({
      spread: 10,
      flowRateSum: 118.9,
      flowRateUnit: 'l/h',
      rooms: [
        {
          surfaceId: 'fbh-1',
          roomName: 'Wohnzimmer',
          floorLabel: 'EG',
          heatingLoad: 1383.2,
          spread: 10,
          flowRate: 118.9,
          flowLpm: 1.98,
          setting: { value: 1.98, unit: 'l/min' },
        },
      ],
    });
  });

  it('abgleichFBH carries the same values under the old names', () => {
    expect(toAbgleichFBH(balance)).toEqual([
      { spreizung: 10, summeVolumenstrom: 118.9, raeume: [{ raumBezeichnung: 'Wohnzimmer', heizlast: 1383.2, durchfluss: 1.98 }] },
      { spreizung: 7, summeVolumenstrom: 169.9, raeume: [{ raumBezeichnung: 'Wohnzimmer', heizlast: 1383.2, durchfluss: 2.83 }] },
      { spreizung: 5, summeVolumenstrom: 237.9, raeume: [{ raumBezeichnung: 'Wohnzimmer', heizlast: 1383.2, durchfluss: 3.96 }] },
    ]);
  });

  it('splits a room load over its surfaces in proportion to area', () => {
    const loads = surfaceLoads([
      { name: 'Bad', floorLabel: 'OG', heatLoad: 900, heatingSurfaces: [{ id: 'a', area: 2 }, { id: 'b', area: 4 }] },
      { name: 'Flur', floorLabel: 'OG', heatLoad: 300, heatingSurfaces: [] },
    ]);
    expect(loads.map((l) => [l.surfaceId, l.heatingLoad])).toEqual([
      ['a', 300],
      ['b', 600],
    ]);
  });

  it('the group sum is the sum of the published flows (adds up on paper)', () => {
    // three circuits of 100.48 W at 10 K: exact 8.640 l/h each, published 8.6; the published sum
    // is 25.8 although the exact sum 25.92 would round to 25.9
    const b = floorHeatingBalance([
      { name: 'A', floorLabel: 'EG', heatLoad: 301.45, heatingSurfaces: [{ id: '1', area: 1 }, { id: '2', area: 1 }, { id: '3', area: 1 }] },
    ]);
    expect(b.groups[0]!.rooms.map((r) => r.flowRate)).toEqual([8.6, 8.6, 8.6]);
    expect(b.groups[0]!.flowRateSum).toBe(25.8);
  });

  it('always three groups, empty without heating surfaces', () => {
    expect(floorHeatingBalance([])).toEqual({
      groups: [10, 7, 5].map((spread) => ({ spread, flowRateSum: 0, flowRateUnit: 'l/h', rooms: [] })),
    });
  });
});
