/**
 * The query parameters of GET .../results (endpoint rule 8): the ranges of `flowTemperature` and
 * `spread` and of their older aliases `vorlaufT` and `spreizung`, the precedence of the current
 * names, floor heating groups that stay at 10, 7 and 5 K, and values that are not stored.
 *
 * Every request goes to the calculable project, so the only thing wrong with a refused request is
 * the parameter under test. The values are plain decimals: the spec says "number, 25 to 95" and
 * gives no text syntax for query numbers, so other written forms (exponents) are sent only by the
 * checks that accept either reading of them.
 *
 * "The same results" is judged on what the system temperatures act on ("They influence radiator
 * and hydraulic calculation"): `radiators` and `hydraulicBalance` (support.ts `changedMembers`), never on
 * the whole answer, whose other members may carry what the spec does not fix (a time of
 * calculation, say). A value the target took cannot be told from one it ignored where the
 * parameters change nothing there (a project without radiators): the checks that judge the
 * parameters taken (accepted values, exponent forms, aliases, precedence, values not stored) record
 * their rules as not exercised with the reason when 35/5 and 75/10 answer alike there.
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { check, type CheckContext } from '../harness/check.js';
import { expectError, expectStatus } from '../harness/expect-api.js';
import { readOnward } from '../harness/read-onward.js';
import { staysMissing } from '../harness/client.js';
import { calculableOwner, needsCalculableOwner } from '../harness/resource-owner.js';
import {
  calculatedOf,
  calculatedParts,
  changedMembers,
  describeQuery,
  expectSpreads,
  FIELDS,
  groupsOf,
  HIGH,
  LOW,
  ownResults,
  readResults,
  readSharedResults,
  resultsPath,
  type CalculatedParts,
  type Query,
} from './support.js';
import { partNotExercised, plural } from '../harness/judged-parts.js';

const NEEDS = { needs: needsCalculableOwner } as const;
const { spread, flowRateSum, flowRate, flowLpm, heatingLoad, surfaceId, setting } = FIELDS;

/** 422 validation for a query on the calculable project. */
function rejected(rules: string[], what: string, query: Query): void {
  check(
    rules,
    `GET .../results${describeQuery(query)} (${what}) answers 422 validation`,
    async (t) => {
      expectError(await ownResults(t, query), 422, 'validation');
      t.judged(rules, undefined, `GET .../results${describeQuery(query)} (422 validation)`);
    },
    NEEDS,
  );
}

/** What the system temperatures change of the calculable project: the shared answers for 35/5 and 75/10 (no extra request), and the members in which they differ. */
interface TemperatureEffect {
  low: CalculatedParts;
  high: CalculatedParts;
  changed: ('radiators' | 'hydraulicBalance')[];
}

async function temperatureEffect(t: CheckContext): Promise<TemperatureEffect> {
  const [low, high] = await Promise.all([readSharedResults(t, calculatedParts, 'RES-4', LOW), readSharedResults(t, calculatedParts, 'RES-4', HIGH)]);
  return { low, high, changed: changedMembers(low, high) };
}

/**
 * `temperatureEffect` for a check that judges other parts without it: an answer for 35/5 or 75/10
 * it cannot read leaves the part not exercised (with the reason) instead of skipping the check.
 */
async function changedUnlessMissing(t: CheckContext): Promise<{ changed: TemperatureEffect['changed']; reason: string }> {
  try {
    return { changed: (await temperatureEffect(t)).changed, reason: NO_EFFECT };
  } catch (err) {
    if (staysMissing(err)) return { changed: [], reason: err.message };
    throw err;
  }
}

const NO_EFFECT = `radiators and hydraulicBalance are the same for ${describeQuery(LOW)} and ${describeQuery(HIGH)} (no observable effect of the system temperatures, e.g. a project without radiators), so which value was applied cannot be told`;

/**
 * The parameters must change something the checks can see, else whether a value was taken (not
 * ignored) cannot be judged: records `rules` as judged on the members the system temperatures
 * change, or as not exercised with the reason; returns whether they change any.
 */
function judgedWhereObservable(t: CheckContext, rules: string | readonly string[], effect: TemperatureEffect, what: string): boolean {
  if (effect.changed.length === 0) {
    t.notExercised(rules, NO_EFFECT);
    return false;
  }
  t.judged(rules, effect.changed.length, `${plural(effect.changed.length, 'member', 'members')} the system temperatures change (${effect.changed.join(', ')}); ${what}`);
  return true;
}

/**
 * The floor heating figures the spec names, without the members it does not: what "floor heating
 * groups stay at 10, 7 and 5 K" keeps equal whatever system temperature is given.
 */
const balanceFigures = groupsOf({ spread, flowRateSum }, { surfaceId, heatingLoad, spread, flowRate, flowLpm, setting });
function figuresOf(body: z.infer<typeof balanceFigures>) {
  return body.results.floorHeatingBalance.groups
    .map((g) => ({
      spread: g.spread,
      flowRateSum: g.flowRateSum,
      // The spec fixes no order of the circuits (nor of the groups, sorted below).
      rooms: g.rooms
        .map((r) => ({ surfaceId: r.surfaceId, heatingLoad: r.heatingLoad, spread: r.spread, flowRate: r.flowRate, flowLpm: r.flowLpm, setting: r.setting.value }))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    }))
    .sort((a, b) => b.spread - a.spread);
}

/** Registers the checks (called by results.test.ts, so that all results checks run concurrently in one file). */
export function parameterChecks(): void {
  describe('GET /reports/{projectKey}/results: accepted system temperatures', () => {
    const accepted: [string[], string, Query][] = [
      [['RES-18'], 'the lowest flow temperature, 25', { flowTemperature: 25, spread: 5 }],
      [['RES-18'], 'the highest flow temperature, 95', { flowTemperature: 95, spread: 10 }],
      [['RES-18', 'RES-20'], 'a spread just below the flow temperature', { flowTemperature: 60, spread: 59.5 }],
    ];
    for (const [rules, what, query] of accepted) {
      check(
        rules,
        `GET .../results${describeQuery(query)} (${what}) is accepted: HTTP 200`,
        async (t) => {
          expectStatus(await ownResults(t, query), 200);
          // A 200 for a value the target ignored looks the same: only where the values show does it say they were taken.
          judgedWhereObservable(t, rules, await temperatureEffect(t), `GET .../results${describeQuery(query)} answered 200`);
        },
        NEEDS,
      );
    }

    // The spec gives no text syntax for query numbers: an exponent form is either read as the number
    // it denotes (then the answer is the plain value's) or refused as no number (422 validation).
    // Any other outcome reads it as something else.
    const exponentForms: [string[], string, Query][] = [
      [['RES-18', 'RES-20'], 'exponent notation', { flowTemperature: '4.5e1', spread: '7e0' }],
      [['RES-18', 'RES-20'], 'upper-case exponent with sign', { flowTemperature: '4.5E+1', spread: '70E-1' }],
      [['RES-21', 'RES-22'], 'exponent notation in the aliases', { vorlaufT: '45e0', spreizung: '0.7e1' }],
    ];
    const plain = { flowTemperature: 45, spread: 7 } as const;
    for (const [rules, what, query] of exponentForms) {
      check(
        rules,
        `GET .../results${describeQuery(query)} (${what}) is either read as ${describeQuery(plain)} (the same radiators and hydraulicBalance) or refused with 422 validation`,
        async (t) => {
          const res = await ownResults(t, query);
          if (res.status !== 200) {
            expectError(res, 422, 'validation');
            t.judged(rules, undefined, `GET .../results${describeQuery(query)} refused (422 validation)`);
            return;
          }
          const expected = await readSharedResults(t, calculatedParts, 'RES-4', plain);
          const body = readOnward(res, { status: 200, schema: calculatedParts, owner: 'RES-4', what: `GET .../results${describeQuery(query)}` });
          expect(calculatedOf(body), `${describeQuery(query)} was accepted, so it must denote ${describeQuery(plain)} and calculate as it does`).toEqual(calculatedOf(expected));
          // Read as another number, the answer is the same where the values change nothing.
          judgedWhereObservable(t, rules, await temperatureEffect(t), `GET .../results${describeQuery(query)} calculated as ${describeQuery(plain)}`);
        },
        NEEDS,
      );
    }

    check(
      'RES-26',
      `the floor heating groups stay at 10, 7 and 5 K with the same figures for ${describeQuery(LOW)}, ${describeQuery(HIGH)} and without parameters`,
      async (t) => {
        const owner = 'RES-8 and RES-10';
        const [base, low, high] = await Promise.all([readSharedResults(t, balanceFigures, owner), readSharedResults(t, balanceFigures, owner, LOW), readSharedResults(t, balanceFigures, owner, HIGH)]);
        for (const [query, body] of [
          [LOW, low],
          [HIGH, high],
        ] as const) {
          // "They influence radiator and hydraulic calculation; floor heating groups stay at 10, 7 and 5 K."
          expectSpreads(body.results.floorHeatingBalance.groups, describeQuery(query));
          expect(figuresOf(body), `${describeQuery(query)}: the floor heating groups must be the ones without parameters`).toEqual(figuresOf(base));
        }
        const circuits = base.results.floorHeatingBalance.groups.reduce((n, g) => n + g.rooms.length, 0);
        t.judged('RES-26', base.results.floorHeatingBalance.groups.length, `floor heating groups (${circuits} circuits) compared for ${describeQuery(LOW)} and ${describeQuery(HIGH)}`);
      },
      NEEDS,
    );
  });

  describe('GET /reports/{projectKey}/results: refused system temperatures', () => {
    rejected(['RES-19'], 'flow temperature below 25', { flowTemperature: 24.9, spread: 5 });
    rejected(['RES-19'], 'flow temperature above 95', { flowTemperature: 95.1, spread: 10 });
    rejected(['RES-19'], 'non-numeric flow temperature', { flowTemperature: 'warm', spread: 10 });
    rejected(['RES-20'], 'spread 0', { flowTemperature: 55, spread: 0 });
    rejected(['RES-20'], 'negative spread', { flowTemperature: 55, spread: -5 });
    rejected(['RES-20'], 'spread equal to the flow temperature', { flowTemperature: 50, spread: 50 });
    rejected(['RES-20'], 'non-numeric spread', { flowTemperature: 55, spread: 'x' });
    rejected(['RES-21'], 'alias vorlaufT below 25', { vorlaufT: 24.9, spreizung: 5 });
    rejected(['RES-21'], 'alias vorlaufT above 95', { vorlaufT: 95.1, spreizung: 10 });
    rejected(['RES-22'], 'alias spreizung 0', { vorlaufT: 55, spreizung: 0 });
    rejected(['RES-22'], 'negative alias spreizung', { vorlaufT: 55, spreizung: -2 });
  });

  describe('GET /reports/{projectKey}/results: aliases and precedence', () => {
    const alias = { vorlaufT: LOW.flowTemperature, spreizung: LOW.spread };
    check(
      ['RES-21', 'RES-22'],
      `the aliases ${describeQuery(alias)} are accepted and calculate as ${describeQuery(LOW)} (radiators and hydraulicBalance)`,
      async (t) => {
        const res = await ownResults(t, alias);
        // "`vorlaufT`: older alias of `flowTemperature`, same range"; "`spreizung`: older alias of `spread`".
        expectStatus(res, 200);
        const [low, base] = await Promise.all([readSharedResults(t, calculatedParts, 'RES-4', LOW), readSharedResults(t, calculatedParts, 'RES-4')]);
        const changed = changedMembers(low, base);
        if (changed.length === 0) {
          return t.notExercised(
            ['RES-21', 'RES-22'],
            `radiators and hydraulicBalance are the same for ${describeQuery(LOW)} and without parameters (e.g. a project without radiators), so an ignored alias cannot be told from an applied one`,
          );
        }
        const body = readResults(res, alias, calculatedParts, 'RES-4');
        expect(calculatedOf(body), `${describeQuery(alias)} must calculate as ${describeQuery(LOW)}`).toEqual(calculatedOf(low));
        t.judged(['RES-21', 'RES-22'], changed.length, `${plural(changed.length, 'member', 'members')} ${describeQuery(LOW)} changes (${changed.join(', ')}); ${describeQuery(alias)} calculated as ${describeQuery(LOW)}`);
      },
      NEEDS,
    );

    // Current name and alias with different values; the answer must be that of the current name alone.
    // The order inside the query varies, so "the last one wins" does not pass by chance.
    const precedence: [string, Query][] = [
      ['both parameters, current names first', { flowTemperature: LOW.flowTemperature, spread: LOW.spread, vorlaufT: HIGH.flowTemperature, spreizung: HIGH.spread }],
      ['flow temperature only, alias first', { vorlaufT: HIGH.flowTemperature, flowTemperature: LOW.flowTemperature, spread: LOW.spread }],
      ['spread only, alias first', { flowTemperature: LOW.flowTemperature, spreizung: HIGH.spread, spread: LOW.spread }],
    ];
    for (const [what, query] of precedence) {
      check(
        'RES-23',
        `the current name wins over its alias (${what}): GET .../results${describeQuery(query)} calculates as ${describeQuery(LOW)} (radiators and hydraulicBalance)`,
        async (t) => {
          const [res, effect] = await Promise.all([ownResults(t, query), temperatureEffect(t)]);
          if (!judgedWhereObservable(t, 'RES-23', effect, `${describeQuery(query)} calculated as ${describeQuery(LOW)}`)) return;
          // "The current name takes precedence over its alias per parameter": a valid query.
          expectStatus(res, 200);
          const body = readResults(res, query, calculatedParts, 'RES-4');
          expect(calculatedOf(body), `${describeQuery(query)} must calculate as the current names alone (${describeQuery(LOW)})`).toEqual(calculatedOf(effect.low));
        },
        NEEDS,
      );
    }
  });

  describe('GET /reports/{projectKey}/results: values are not stored', () => {
    const projektData = z.looseObject({ projektData: z.looseObject({}) });
    const roomIds = z.looseObject({ rooms: z.array(z.looseObject({ id: z.string() })) });
    check(
      ['RES-24', 'RES-28'],
      'a results call with system temperatures changes neither the project data (GET /reports/{key}), nor the rooms (GET .../rooms), nor radiators and hydraulicBalance of a later results call without parameters',
      async (t) => {
        const { actor: owner, key } = await calculableOwner(t);
        // Unusual values of this check only: a target that stored them would show them afterwards.
        const query = { flowTemperature: 42.5, spread: 7.5 };
        const readDetail = async () => readOnward(await owner.get(`/reports/${key}`), { status: 200, schema: projektData, owner: 'PROJ-95', what: 'the project detail' }).projektData;
        const readRoomIds = async () =>
          readOnward(await owner.get(`/reports/${key}/rooms`), { status: 200, schema: roomIds, owner: 'ROOM-1', what: 'the room list' })
            .rooms.map((r) => r.id)
            .sort();
        const before = readResults(await owner.get(resultsPath(key)), {}, calculatedParts, 'RES-4');
        const detailBefore = await readDetail();
        const roomsBefore = await readRoomIds();
        readResults(await owner.get(resultsPath(key, query)), query, z.unknown(), 'RES-4');
        // "Values apply to this calculation only and are not stored."
        expect(await readDetail(), `the project data must be unchanged by GET .../results${describeQuery(query)}`).toEqual(detailBefore);
        // A value stored there would show as a changed or added field, also in project data without fields.
        t.judged('RES-24', undefined, `the project data (${Object.keys(detailBefore).length} projektData fields) unchanged`);
        // "Rooms or radiators cannot be created through this endpoint."
        expect(await readRoomIds(), `the rooms must be unchanged by GET .../results${describeQuery(query)} (no room is created through it)`).toEqual(roomsBefore);
        // A room created would show in the list, also in an empty one.
        t.judged('RES-28', undefined, `the room list (${roomsBefore.length} rooms) unchanged`);
        const after = readResults(await owner.get(resultsPath(key)), {}, calculatedParts, 'RES-4');
        expect(calculatedOf(after), `radiators and hydraulicBalance without parameters after GET .../results${describeQuery(query)} must be the ones before it`).toEqual(calculatedOf(before));
        // A stored value shows in a later answer only where the values change it (not in a project without radiators).
        const effect = await changedUnlessMissing(t);
        if (effect.changed.length > 0) {
          t.judged('RES-24', undefined, `radiators and hydraulicBalance of a later call without parameters unchanged (the system temperatures change ${effect.changed.join(' and ')})`);
          t.judged('RES-28', undefined, `the radiators (${before.results.radiators.length}) of a later call without parameters unchanged`);
        } else {
          partNotExercised(t, 'RES-24', 'a stored value in a later call without parameters', effect.reason);
          partNotExercised(t, 'RES-28', 'the radiators of a later call without parameters', effect.reason);
        }
      },
      NEEDS,
    );
  });
}
