/**
 * The results response of the calculable project without parameters ("Resources and their fields >
 * Results response"): the envelope and types, the floor heating groups and their circuits, and the
 * compatibility structure `projekt.abgleichFBH`, value by value against `results.floorHeatingBalance`.
 *
 * All checks read one shared answer per owner of a calculable project (support.ts `sharedResults`).
 */
import { describe, expect } from 'vitest';
import { FLOOR_HEATING_SPREADS } from '../../spec/contract/results.js';
import { check } from '../harness/check.js';
import { calculableOwner, needsCalculableOwner } from '../harness/resource-owner.js';
import {
  calculableResults,
  circuitsOf,
  expectSpreads,
  FLOW_RATE_ABSOLUTE_TOLERANCE,
  FLOW_RATE_RELATIVE_TOLERANCE,
  FLOW_SUM_TOLERANCE_PER_ROOM,
  legacy,
  LPM_TOLERANCE,
  show,
  WATER_HEAT_CAPACITY,
} from './support.js';

const NEEDS = { needs: needsCalculableOwner } as const;

/** Registers the checks (called by results.test.ts, so that all results checks run concurrently in one file). */
export function responseChecks(): void {
  describe('GET /reports/{projectKey}/results: the response', () => {
    check(
      ['RES-1', 'RES-2', 'RES-3', 'RES-4', 'RES-5', 'RES-33'],
      'results of the calculable project answer 200 with exactly {status: 200, action: getResults, project: {key}, results, projekt}: project.key is the requested key, results.available true with status "calculated", source a string, the ten results members with their types, projekt.abgleichFBH next to floorHeatingBalance',
      async (t) => {
        // The strict contract (contract/results.ts) checks the envelope, every member of `results`
        // and its type; the contents the spec leaves open (summary, radiators, ...) stay open.
        const body = await calculableResults(t);
        expect(body.project.key, 'project.key must be the key of the requested project').toBe((await calculableOwner(t)).key);
        // The profile names this project calculable: its results are computed.
        expect(body.results.available, 'results.available for a calculable project').toBe(true);
        expect(body.results.status, 'results.status must be "calculated" when available is true').toBe('calculated');
        expect(Array.isArray(body.projekt.abgleichFBH), 'projekt.abgleichFBH must stay next to results.floorHeatingBalance').toBe(true);
      },
      NEEDS,
    );

    check(
      ['RES-7', 'RES-8', 'RES-11'],
      'floorHeatingBalance holds exactly the groups for 10, 7 and 5 K, each with spread, flowRateSum, flowRateUnit "l/h" and rooms[], and every circuit carries the spread of its group',
      async (t) => {
        const body = await calculableResults(t);
        const { groups } = body.results.floorHeatingBalance;
        expectSpreads(body.results.floorHeatingBalance, 'without parameters');
        for (const group of groups) {
          expect(group.flowRateUnit, `group ${group.spread} K: flowRateUnit`).toBe('l/h');
          for (const room of group.rooms) expect(room.spread, `group ${group.spread} K, circuit ${room.surfaceId}: spread must be the group's`).toBe(group.spread);
        }
      },
      NEEDS,
    );

    check(
      'RES-9',
      `each group's flowRateSum (l/h) is the sum of its circuits' flowRate (tolerance ${FLOW_SUM_TOLERANCE_PER_ROOM} l/h per circuit for rounding)`,
      async (t) => {
        const body = await calculableResults(t);
        circuitsOf(t, body);
        for (const group of body.results.floorHeatingBalance.groups) {
          const sum = group.rooms.reduce((s, r) => s + r.flowRate, 0);
          const tolerance = FLOW_SUM_TOLERANCE_PER_ROOM * Math.max(1, group.rooms.length);
          expect(
            Math.abs(group.flowRateSum - sum),
            `group ${group.spread} K: flowRateSum ${group.flowRateSum} l/h, sum of the circuits' flowRate ${sum.toFixed(2)} l/h (${group.rooms.length} circuits, tolerance ${tolerance.toFixed(2)} l/h)`,
          ).toBeLessThanOrEqual(tolerance + 1e-9);
        }
      },
      NEEDS,
    );

    check(
      'RES-10',
      `every circuit holds surfaceId, roomName, floorLabel, heatingLoad, spread, flowRate, flowLpm and setting {value, unit "l/min"}; flowRate (l/h) carries heatingLoad (W) at its spread: heatingLoad / (${WATER_HEAT_CAPACITY} * spread) within ${FLOW_RATE_RELATIVE_TOLERANCE * 100} % + ${FLOW_RATE_ABSOLUTE_TOLERANCE} l/h`,
      async (t) => {
        // Field names and types: the strict circuit schema (contract/results.ts), setting.unit the literal "l/min".
        const body = await calculableResults(t);
        for (const { group, room } of circuitsOf(t, body)) {
          expect(room.setting.unit, `circuit ${room.surfaceId}: setting.unit`).toBe('l/min');
          // Water carrying heatingLoad with a temperature drop of `spread`: Q = m * c * dT (c of water,
          // kg/h taken as l/h), which any implementation of "l/h, single circuit" must respect.
          const expected = room.heatingLoad / (WATER_HEAT_CAPACITY * group.spread);
          const tolerance = expected * FLOW_RATE_RELATIVE_TOLERANCE + FLOW_RATE_ABSOLUTE_TOLERANCE;
          expect(
            Math.abs(room.flowRate - expected),
            `group ${group.spread} K, circuit ${room.surfaceId} (${room.roomName}): flowRate ${room.flowRate} l/h for ${room.heatingLoad} W; expected ${expected.toFixed(1)} l/h +- ${tolerance.toFixed(2)}`,
          ).toBeLessThanOrEqual(tolerance);
        }
      },
      NEEDS,
    );

    check(
      'RES-12',
      `every circuit's flowLpm (l/min) is its flowRate (l/h) / 60, and setting.value (l/min) equals flowLpm (tolerance ${LPM_TOLERANCE} l/min)`,
      async (t) => {
        const body = await calculableResults(t);
        for (const { group, room } of circuitsOf(t, body)) {
          const where = `group ${group.spread} K, circuit ${room.surfaceId} (${room.roomName})`;
          expect(Math.abs(room.flowLpm - room.flowRate / 60), `${where}: flowLpm ${room.flowLpm} l/min, flowRate / 60 = ${(room.flowRate / 60).toFixed(3)} l/min`).toBeLessThanOrEqual(
            LPM_TOLERANCE + 1e-9,
          );
          // setting.value is the flow to set at the manifold, in setting.unit l/min: the same flow as flowLpm.
          expect(Math.abs(room.setting.value - room.flowLpm), `${where}: setting.value ${room.setting.value} l/min, flowLpm ${room.flowLpm} l/min`).toBeLessThanOrEqual(
            LPM_TOLERANCE + 1e-9,
          );
        }
      },
      NEEDS,
    );

    check(
      ['RES-13', 'RES-14', 'RES-33'],
      'projekt.abgleichFBH keeps its names and nesting and has one entry per group: spreizung = spread and summeVolumenstrom = flowRateSum of the group of the same spread',
      async (t) => {
        // Names and nesting: the strict abgleichFBH schema (contract/results.ts).
        const body = await calculableResults(t);
        const { groups } = body.results.floorHeatingBalance;
        const entries = body.projekt.abgleichFBH;
        expect(
          entries.map((e) => legacy(e.spreizung)).sort((a, b) => b - a),
          `abgleichFBH spreizung values ${show(entries.map((e) => e.spreizung))} must be the group spreads`,
        ).toEqual(groups.map((g) => g.spread).sort((a, b) => b - a));
        for (const entry of entries) {
          const group = groups.find((g) => g.spread === legacy(entry.spreizung));
          expect(group, `abgleichFBH entry spreizung ${entry.spreizung}: no group of that spread`).toBeDefined();
          if (!group) continue;
          // "Both structures are generated from the same values": equal, not just close.
          expect(legacy(entry.summeVolumenstrom), `abgleichFBH spreizung ${entry.spreizung}: summeVolumenstrom must equal the group's flowRateSum`).toBe(group.flowRateSum);
          expect(entry.raeume.length, `abgleichFBH spreizung ${entry.spreizung}: one raeume entry per circuit of the group`).toBe(group.rooms.length);
        }
      },
      NEEDS,
    );

    check(
      ['RES-15', 'RES-16'],
      'abgleichFBH raeume match the circuits of the group of the same spread in the same order: raumBezeichnung = roomName, heizlast = heatingLoad, durchfluss = setting.value',
      async (t) => {
        const body = await calculableResults(t);
        circuitsOf(t, body);
        for (const spread of FLOOR_HEATING_SPREADS) {
          const group = body.results.floorHeatingBalance.groups.find((g) => g.spread === spread);
          const entry = body.projekt.abgleichFBH.find((e) => legacy(e.spreizung) === spread);
          if (!group || !entry) continue; // RES-7 and RES-14 report a missing group or entry
          const expected = group.rooms.map((r) => ({ raumBezeichnung: r.roomName, heizlast: r.heatingLoad, durchfluss: r.setting.value }));
          const actual = entry.raeume.map((r) => ({ raumBezeichnung: r.raumBezeichnung, heizlast: legacy(r.heizlast), durchfluss: legacy(r.durchfluss) }));
          expect(actual, `abgleichFBH spreizung ${spread}: raeume must mirror floorHeatingBalance group ${spread} K value by value, in the same order`).toEqual(expected);
        }
      },
      NEEDS,
    );
  });
}
