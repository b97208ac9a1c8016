/**
 * The results response of the calculable project without parameters ("Resources and their fields >
 * Results response"): the envelope and types, the floor heating groups and their circuits, and the
 * compatibility structure `projekt.abgleichFBH`, value by value against `results.floorHeatingBalance`.
 *
 * All checks read one shared answer per owner of a calculable project (support.ts `sharedResults`).
 * Each judges its own rule and reads the rest onward (support.ts `readSharedResults`): a circuit
 * without `roomName` fails RES-10 and skips the checks that need the name, nothing else.
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import {
  abgleichFBHEntrySchema,
  availableImpliesCalculated,
  FLOOR_HEATING_SPREADS,
  floorHeatingGroupMembersSchema,
  floorHeatingRoomSchema,
  resultsEnvelopeSchema,
  resultsMembersSchema,
} from '../../spec/contract/results.js';
import { check } from '../harness/check.js';
import { partNotExercised, plural } from '../harness/judged-parts.js';
import { expectSchema, expectStatus } from '../harness/expect-api.js';
import { readOnward } from '../harness/read-onward.js';
import { calculableOwner, needsCalculableOwner } from '../harness/resource-owner.js';
import {
  abgleichOf,
  circuitsIn,
  expectSpreads,
  FIELDS,
  FLOW_RATE_RELATIVE_TOLERANCE,
  groupsOf,
  readSharedResults,
  roundingStep,
  sharedResults,
  show,
  WATER_HEAT_CAPACITY,
} from './support.js';

const NEEDS = { needs: needsCalculableOwner } as const;
const { spread, flowRateSum, flowRate, flowLpm, heatingLoad, roomName, surfaceId, setting, spreizung, summeVolumenstrom, raumBezeichnung, heizlast, durchfluss } = FIELDS;

/** A sorted copy, to compare lists whose order the spec does not fix. */
const sorted = <T>(list: readonly T[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** Registers the checks (called by results.test.ts, so that all results checks run concurrently in one file). */
export function responseChecks(): void {
  describe('GET /reports/{projectKey}/results: the response', () => {
    check(
      'RES-1',
      'results of the calculable project answer HTTP 200',
      async (t) => {
        expectStatus(await sharedResults(t), 200);
        t.judged('RES-1', undefined, `GET .../results of the calculable project ${(await calculableOwner(t)).key} (200)`);
      },
      NEEDS,
    );

    check(
      'RES-2',
      'the results response holds {status: 200, action: "getResults", project: {key}, results, projekt} (further members may appear)',
      async (t) => {
        const res = await sharedResults(t);
        readOnward(res, { status: 200, schema: z.unknown(), owner: 'RES-1', what: 'GET .../results' });
        // "`{status: 200, action: getResults, project: {key}, results, projekt}`", no "only".
        expectSchema(res, resultsEnvelopeSchema, 'results response');
        t.judged('RES-2', undefined, 'the envelope of the results of the calculable project');
      },
      NEEDS,
    );

    check(
      'RES-3',
      'project.key is the key of the requested project',
      async (t) => {
        const body = await readSharedResults(t, z.looseObject({ project: z.looseObject({ key: z.string() }) }), 'RES-2');
        expect(body.project.key, 'project.key must be the key of the requested project').toBe((await calculableOwner(t)).key);
        t.judged('RES-3', undefined, `project.key ${body.project.key}`);
      },
      NEEDS,
    );

    check(
      'RES-4',
      'results holds available (boolean), status, source (strings), summary, hydraulicBalance, floorHeatingBalance, heatpump, exchange (objects), roomHeatLoads and radiators (arrays)',
      async (t) => {
        await readSharedResults(t, z.looseObject({ results: z.looseObject({}) }), 'RES-2');
        expectSchema(await sharedResults(t), z.looseObject({ results: resultsMembersSchema }), 'results');
        t.judged('RES-4', undefined, 'the members of results and their types');
      },
      NEEDS,
    );

    check(
      'RES-5',
      'results.status is "calculated" when results.available is true',
      async (t) => {
        const { results } = await readSharedResults(t, z.looseObject({ results: z.looseObject({ available: z.boolean(), status: z.string() }) }), 'RES-4');
        // "`status` (string, value `calculated` when available)"
        expect(availableImpliesCalculated(results), `results.status must be "calculated" when available is true, got available ${results.available}, status ${JSON.stringify(results.status)}`).toBe(true);
        // The rule speaks of available results only: one that is not shows nothing of it.
        if (results.available) t.judged('RES-5', undefined, `results.available true with status ${JSON.stringify(results.status)}`);
        else t.notExercised('RES-5', 'results.available is false: the rule is about available results');
      },
      NEEDS,
    );

    check(
      'RES-33',
      'projekt.abgleichFBH stays next to results.floorHeatingBalance',
      async (t) => {
        await readSharedResults(t, z.looseObject({ results: z.looseObject({ floorHeatingBalance: z.looseObject({}) }), projekt: z.looseObject({}) }), 'RES-2 and RES-4');
        // "`projekt.abgleichFBH` stays in the results response next to `results.floorHeatingBalance`"
        expectSchema(await sharedResults(t), z.looseObject({ projekt: z.looseObject({ abgleichFBH: z.array(z.unknown()) }) }), 'projekt');
        t.judged('RES-33', undefined, 'projekt.abgleichFBH next to results.floorHeatingBalance');
      },
      NEEDS,
    );

    check(
      'RES-8',
      'every floor heating group holds spread, flowRateSum, flowRateUnit "l/h" and rooms[]',
      async (t) => {
        await readSharedResults(t, z.looseObject({ results: z.looseObject({ floorHeatingBalance: z.looseObject({}) }) }), 'RES-4');
        const body = expectSchema(
          await sharedResults(t),
          z.looseObject({ results: z.looseObject({ floorHeatingBalance: z.looseObject({ groups: z.array(floorHeatingGroupMembersSchema) }) }) }),
          'floorHeatingBalance',
        );
        // The schema holds of every group there is: no group, nothing judged.
        const groups = body.results.floorHeatingBalance.groups.length;
        t.judged('RES-8', groups, `floor heating ${plural(groups, 'group', 'groups')}`);
      },
      NEEDS,
    );

    check(
      'RES-7',
      'floorHeatingBalance holds the groups for 10, 7 and 5 K',
      async (t) => {
        const body = await readSharedResults(t, groupsOf({ spread }, {}), 'RES-8');
        // "Groups are output for spreads 10, 7 and 5 K."
        expectSpreads(body.results.floorHeatingBalance.groups, 'without parameters');
        t.judged('RES-7', body.results.floorHeatingBalance.groups.length, 'floor heating groups');
      },
      NEEDS,
    );

    check(
      'RES-11',
      'every circuit carries the spread of its group',
      async (t) => {
        const body = await readSharedResults(t, groupsOf({ spread }, { surfaceId, spread }), 'RES-8 and RES-10');
        for (const { group, room } of circuitsIn(t, 'RES-11', body.results.floorHeatingBalance.groups)) {
          expect(room.spread, `group ${group.spread} K, circuit ${room.surfaceId}: spread must be the group's`).toBe(group.spread);
        }
      },
      NEEDS,
    );

    check(
      'RES-9',
      "each group's flowRateSum (l/h) is the sum of its circuits' flowRate, within the rounding the figures show",
      async (t) => {
        const body = await readSharedResults(t, groupsOf({ spread, flowRateSum }, { flowRate }), 'RES-8 and RES-10');
        const { groups } = body.results.floorHeatingBalance;
        if (circuitsIn(t, 'RES-9', groups).length === 0) return;
        const flowStep = roundingStep(groups.flatMap((g) => g.rooms.map((r) => r.flowRate)));
        const sumStep = roundingStep(groups.map((g) => g.flowRateSum));
        for (const group of groups) {
          const sum = group.rooms.reduce((s, r) => s + r.flowRate, 0);
          // "`flowRateSum` (l/h, sum of the group at equal spread)": each rounded term may be off by half its step.
          const tolerance = (flowStep / 2) * group.rooms.length + sumStep / 2;
          expect(
            Math.abs(group.flowRateSum - sum),
            `group ${group.spread} K: flowRateSum ${group.flowRateSum} l/h, sum of the circuits' flowRate ${sum.toFixed(3)} l/h (${group.rooms.length} circuits, tolerance ${tolerance.toFixed(3)} l/h)`,
          ).toBeLessThanOrEqual(tolerance + 1e-9);
        }
      },
      NEEDS,
    );

    check(
      'RES-10',
      `every circuit holds surfaceId, roomName, floorLabel, heatingLoad, spread, flowRate, flowLpm and setting {value, unit "l/min"}; flowRate (l/h) carries heatingLoad (W) at its group's spread: heatingLoad / (${WATER_HEAT_CAPACITY} * spread) within ${FLOW_RATE_RELATIVE_TOLERANCE * 100} % and the rounding the figures show`,
      async (t) => {
        const onward = await readSharedResults(t, groupsOf({ spread }, {}), 'RES-8');
        if (circuitsIn(t, 'RES-10', onward.results.floorHeatingBalance.groups).length === 0) return;
        const body = expectSchema(await sharedResults(t), groupsOf({ spread }, floorHeatingRoomSchema.shape), 'floor heating circuits');
        const groups = body.results.floorHeatingBalance.groups;
        const flowStep = roundingStep(groups.flatMap((g) => g.rooms.map((r) => r.flowRate)));
        const loadStep = roundingStep(groups.flatMap((g) => g.rooms.map((r) => r.heatingLoad)));
        for (const group of groups) {
          for (const room of group.rooms) {
            // Water carrying heatingLoad with a temperature drop of `spread`: Q = m * c * dT (c of water,
            // kg/h taken as l/h), which any implementation of "l/h, single circuit" must respect.
            const expected = room.heatingLoad / (WATER_HEAT_CAPACITY * group.spread);
            const tolerance = expected * FLOW_RATE_RELATIVE_TOLERANCE + flowStep / 2 + loadStep / 2 / (WATER_HEAT_CAPACITY * group.spread);
            expect(
              Math.abs(room.flowRate - expected),
              `group ${group.spread} K, circuit ${room.surfaceId} (${room.roomName}): flowRate ${room.flowRate} l/h for ${room.heatingLoad} W; expected ${expected.toFixed(2)} l/h +- ${tolerance.toFixed(3)}`,
            ).toBeLessThanOrEqual(tolerance + 1e-9);
          }
        }
      },
      NEEDS,
    );

    check(
      'RES-12',
      "every circuit's flowLpm (l/min) is its flowRate (l/h) / 60, within the rounding the figures show",
      async (t) => {
        const body = await readSharedResults(t, groupsOf({ spread }, { surfaceId, roomName, flowRate, flowLpm }), 'RES-8 and RES-10');
        const circuits = circuitsIn(t, 'RES-12', body.results.floorHeatingBalance.groups);
        const flowStep = roundingStep(circuits.map((c) => c.room.flowRate));
        const lpmStep = roundingStep(circuits.map((c) => c.room.flowLpm));
        // "`flowRate` (l/h, single circuit), `flowLpm` (l/min, for display at the manifold)": one flow in
        // two units. `setting.value` is another figure ("value to set at the manifold"): a manifold may
        // be set in steps, so it is compared with nothing here (RES-16 ties it to `durchfluss`).
        const tolerance = lpmStep / 2 + flowStep / 2 / 60;
        for (const { group, room } of circuits) {
          expect(
            Math.abs(room.flowLpm - room.flowRate / 60),
            `group ${group.spread} K, circuit ${room.surfaceId} (${room.roomName}): flowLpm ${room.flowLpm} l/min, flowRate / 60 = ${(room.flowRate / 60).toFixed(4)} l/min (tolerance ${tolerance.toFixed(4)})`,
          ).toBeLessThanOrEqual(tolerance + 1e-9);
        }
      },
      NEEDS,
    );

    check(
      'RES-13',
      'projekt.abgleichFBH keeps its names and nesting: entries of spreizung, summeVolumenstrom and raeume[] of raumBezeichnung, heizlast, durchfluss',
      async (t) => {
        await readSharedResults(t, z.looseObject({ projekt: z.looseObject({ abgleichFBH: z.array(z.unknown()) }) }), 'RES-33');
        // "Compatibility structure, names and nesting unchanged" (numbers may be numeric text: contract/results.ts).
        const body = expectSchema(await sharedResults(t), z.looseObject({ projekt: z.looseObject({ abgleichFBH: z.array(abgleichFBHEntrySchema) }) }), 'projekt.abgleichFBH');
        // The names of an entry show on entries, those of a raum on raeume: an empty array shows neither.
        const entries = body.projekt.abgleichFBH;
        const raeume = entries.reduce((n, e) => n + e.raeume.length, 0);
        t.judged('RES-13', entries.length, `abgleichFBH ${plural(entries.length, 'entry', 'entries')}`);
        if (raeume > 0) t.judged('RES-13', raeume, plural(raeume, 'raum', 'raeume'));
        else partNotExercised(t, 'RES-13', 'the names of raeume[]', 'every abgleichFBH entry has empty raeume');
      },
      NEEDS,
    );

    check(
      'RES-14',
      'projekt.abgleichFBH has one entry per group: spreizung = spread and summeVolumenstrom = flowRateSum of the group of the same spread',
      async (t) => {
        const groups = (await readSharedResults(t, groupsOf({ spread, flowRateSum }, {}), 'RES-8')).results.floorHeatingBalance.groups;
        const entries = (await readSharedResults(t, abgleichOf({ spreizung, summeVolumenstrom }, {}), 'RES-13')).projekt.abgleichFBH;
        expect(
          entries.map((e) => e.spreizung).sort((a, b) => b - a),
          `abgleichFBH spreizung values ${show(entries.map((e) => e.spreizung))} must be the group spreads`,
        ).toEqual(groups.map((g) => g.spread).sort((a, b) => b - a));
        for (const entry of entries) {
          const group = groups.find((g) => g.spread === entry.spreizung);
          if (!group) continue; // the spreads above already failed
          // "Both structures are generated from the same values": equal, not just close.
          expect(entry.summeVolumenstrom, `abgleichFBH spreizung ${entry.spreizung}: summeVolumenstrom must equal the group's flowRateSum`).toBe(group.flowRateSum);
        }
        t.judged('RES-14', entries.length, `abgleichFBH ${plural(entries.length, 'entry', 'entries')} matched with ${plural(entries.length, 'its', 'their')} group`);
      },
      NEEDS,
    );

    check(
      'RES-15',
      'the raeume of each abgleichFBH entry are the circuits of the group of the same spread: raumBezeichnung = roomName, heizlast = heatingLoad (in any order)',
      async (t) => {
        const groups = (await readSharedResults(t, groupsOf({ spread }, { roomName, heatingLoad }), 'RES-8 and RES-10')).results.floorHeatingBalance.groups;
        const entries = (await readSharedResults(t, abgleichOf({ spreizung }, { raumBezeichnung, heizlast }), 'RES-13')).projekt.abgleichFBH;
        if (circuitsIn(t, 'RES-15', groups).length === 0) return;
        for (const spreadValue of FLOOR_HEATING_SPREADS) {
          const group = groups.find((g) => g.spread === spreadValue);
          const entry = entries.find((e) => e.spreizung === spreadValue);
          if (!group || !entry) continue; // RES-7 and RES-14 report a missing group or entry
          // "Both structures are generated from the same values"; the spec fixes no order of either list.
          const expected = sorted(group.rooms.map((r) => ({ raumBezeichnung: r.roomName, heizlast: r.heatingLoad })));
          const actual = sorted(entry.raeume.map((r) => ({ raumBezeichnung: r.raumBezeichnung, heizlast: r.heizlast })));
          expect(actual, `abgleichFBH spreizung ${spreadValue}: raeume must be the circuits of group ${spreadValue} K (raumBezeichnung, heizlast)`).toEqual(expected);
        }
      },
      NEEDS,
    );

    check(
      'RES-16',
      'every abgleichFBH durchfluss equals the setting.value of its circuit (the circuit of the group of the same spread with the same room name and load)',
      async (t) => {
        const groups = (await readSharedResults(t, groupsOf({ spread }, { roomName, heatingLoad, setting }), 'RES-8 and RES-10')).results.floorHeatingBalance.groups;
        const entries = (await readSharedResults(t, abgleichOf({ spreizung }, { raumBezeichnung, heizlast, durchfluss }), 'RES-13')).projekt.abgleichFBH;
        if (circuitsIn(t, 'RES-16', groups).length === 0) return;
        for (const spreadValue of FLOOR_HEATING_SPREADS) {
          const group = groups.find((g) => g.spread === spreadValue);
          const entry = entries.find((e) => e.spreizung === spreadValue);
          if (!group || !entry) continue; // RES-7 and RES-14 report a missing group or entry
          const circuitKey = (name: string, load: number) => JSON.stringify([name, load]);
          const settings = new Map<string, number[]>();
          for (const r of group.rooms) settings.set(circuitKey(r.roomName, r.heatingLoad), [...(settings.get(circuitKey(r.roomName, r.heatingLoad)) ?? []), r.setting.value]);
          const flows = new Map<string, number[]>();
          for (const r of entry.raeume) flows.set(circuitKey(r.raumBezeichnung, r.heizlast), [...(flows.get(circuitKey(r.raumBezeichnung, r.heizlast)) ?? []), r.durchfluss]);
          if (!isDeepEqualKeys(settings, flows)) {
            t.skip(`abgleichFBH spreizung ${spreadValue}: the raeume are not the circuits of the group (RES-15 judges that), so durchfluss cannot be paired with its setting.value`);
          }
          for (const [key, values] of settings) {
            // "`durchfluss` (l/min, equals the setting value)"
            expect(sorted(flows.get(key) ?? []), `abgleichFBH spreizung ${spreadValue}, circuit ${key}: durchfluss must equal setting.value`).toEqual(sorted(values));
          }
        }
      },
      NEEDS,
    );
  });
}

/** Whether both maps hold the same keys with as many values each. */
function isDeepEqualKeys(a: Map<string, unknown[]>, b: Map<string, unknown[]>): boolean {
  return a.size === b.size && [...a].every(([key, values]) => b.get(key)?.length === values.length);
}
