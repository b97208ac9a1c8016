/**
 * The query parameters of GET .../results (endpoint rule 8): the ranges of `flowTemperature` and
 * `spread` and of their older aliases `vorlaufT` and `spreizung`, the precedence of the current
 * names, floor heating groups that stay at 10, 7 and 5 K, and values that are not stored.
 *
 * Every request goes to the calculable project, so the only thing wrong with a refused request is
 * the parameter under test. The spec shows no contents of radiators, hydraulicBalance or exchange,
 * so "the same results" is judged on the whole answer (the spec names no time-dependent field in
 * it, and it is computed from stored data only), and checks that need the parameters to have an
 * observable effect (aliases, precedence) are skipped with a reason when 35/5 and 75/10 answer alike.
 */
import { describe, expect } from 'vitest';
import { projectDetailResponseSchema } from '../../spec/contract/projects.js';
import { check, type CheckContext } from '../harness/check.js';
import { expectError, expectSchema, expectStatus } from '../harness/expect-api.js';
import { calculableOwner, needsCalculableOwner } from '../harness/resource-owner.js';
import {
  calculableResults,
  describeQuery,
  differs,
  expectResults,
  expectSpreads,
  HIGH,
  LOW,
  ownResults,
  resultsPath,
  type Query,
} from './support.js';

const NEEDS = { needs: needsCalculableOwner } as const;

/** 422 validation for a query on the calculable project. */
function rejected(rules: string[], what: string, query: Query): void {
  check(
    rules,
    `GET .../results${describeQuery(query)} (${what}) answers 422 validation`,
    async (t) => {
      expectError(await ownResults(t, query), 422, 'validation');
    },
    NEEDS,
  );
}

/** The parameters must change something the checks can see, else aliases and precedence cannot be judged. */
async function observableParameters(t: CheckContext) {
  const [low, high] = await Promise.all([calculableResults(t, LOW), calculableResults(t, HIGH)]);
  if (!differs(low, high)) {
    t.skip(`the answers for ${describeQuery(LOW)} and ${describeQuery(HIGH)} are identical (no observable effect of the system temperatures), so which value was applied cannot be told`);
  }
  return { low, high };
}

/** Registers the checks (called by results.test.ts, so that all results checks run concurrently in one file). */
export function parameterChecks(): void {
  describe('GET /reports/{projectKey}/results: accepted system temperatures', () => {
    const accepted: [string[], string, Query][] = [
      [['RES-18', 'RES-26'], 'the lowest flow temperature, 25', { flowTemperature: 25, spread: 5 }],
      [['RES-18', 'RES-26'], 'the highest flow temperature, 95', { flowTemperature: 95, spread: 10 }],
      [['RES-18', 'RES-20', 'RES-26'], 'a spread just below the flow temperature', { flowTemperature: 60, spread: 59.5 }],
    ];
    for (const [rules, what, query] of accepted) {
      check(
        rules,
        `GET .../results${describeQuery(query)} (${what}) answers 200 with the full contract, and the floor heating balance is the one without parameters`,
        async (t) => {
          const [base, res] = await Promise.all([calculableResults(t), ownResults(t, query)]);
          const body = expectResults(res);
          expect(body.results.available, 'results.available').toBe(true);
          expectSpreads(body.results.floorHeatingBalance, describeQuery(query));
          expect(body.results.floorHeatingBalance, 'floor heating groups do not depend on the system temperatures').toEqual(base.results.floorHeatingBalance);
          expect(body.projekt.abgleichFBH, 'projekt.abgleichFBH does not depend on the system temperatures').toEqual(base.projekt.abgleichFBH);
        },
        NEEDS,
      );
    }

    // "number" in endpoint rule 8 is any number: exponent notation is one of its written forms.
    const exponentForms: [string[], string, Query][] = [
      [['RES-18', 'RES-20'], 'exponent notation', { flowTemperature: '4.5e1', spread: '7e0' }],
      [['RES-18', 'RES-20'], 'upper-case exponent with sign', { flowTemperature: '4.5E+1', spread: '70E-1' }],
      [['RES-21', 'RES-22'], 'exponent notation in the aliases', { vorlaufT: '45e0', spreizung: '0.7e1' }],
    ];
    const plain = { flowTemperature: 45, spread: 7 } as const;
    for (const [rules, what, query] of exponentForms) {
      check(
        rules,
        `GET .../results${describeQuery(query)} (${what}) answers exactly as ${describeQuery(plain)}: a number in exponent notation is a number`,
        async (t) => {
          const [res, expected] = await Promise.all([ownResults(t, query), calculableResults(t, plain)]);
          expect(expectResults(res), `${describeQuery(query)} denotes ${describeQuery(plain)} and must answer as it does`).toEqual(expected);
        },
        NEEDS,
      );
    }

    check(
      'RES-26',
      `the floor heating groups stay at 10, 7 and 5 K with the same values for ${describeQuery(LOW)}, ${describeQuery(HIGH)} and without parameters`,
      async (t) => {
        const [base, low, high] = await Promise.all([calculableResults(t), calculableResults(t, LOW), calculableResults(t, HIGH)]);
        for (const [query, body] of [
          [LOW, low],
          [HIGH, high],
        ] as const) {
          expectSpreads(body.results.floorHeatingBalance, describeQuery(query));
          expect(body.results.floorHeatingBalance, `${describeQuery(query)}: floorHeatingBalance must equal the one without parameters`).toEqual(base.results.floorHeatingBalance);
          expect(body.projekt.abgleichFBH, `${describeQuery(query)}: projekt.abgleichFBH must equal the one without parameters`).toEqual(base.projekt.abgleichFBH);
        }
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
      `the aliases ${describeQuery(alias)} give the same answer as ${describeQuery(LOW)}`,
      async (t) => {
        const [res, low, base] = await Promise.all([ownResults(t, alias), calculableResults(t, LOW), calculableResults(t, {})]);
        const body = expectResults(res);
        if (!differs(low, base)) t.skip(`the answers ${describeQuery(LOW)} and without parameters are identical, so an ignored alias cannot be told from an applied one`);
        expect(body, `${describeQuery(alias)} must answer exactly as ${describeQuery(LOW)}`).toEqual(low);
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
        `the current name wins over its alias (${what}): GET .../results${describeQuery(query)} answers exactly as ${describeQuery(LOW)}`,
        async (t) => {
          const [res, { low }] = await Promise.all([ownResults(t, query), observableParameters(t)]);
          expect(expectResults(res), `${describeQuery(query)} must answer as the current names alone (${describeQuery(LOW)})`).toEqual(low);
        },
        NEEDS,
      );
    }
  });

  describe('GET /reports/{projectKey}/results: values are not stored', () => {
    check(
      ['RES-24', 'RES-28'],
      'a results call with system temperatures changes neither the project detail (GET /reports/{key}), nor its rooms (GET .../rooms), nor a later results call without parameters (so no radiator either)',
      async (t) => {
        const { actor: owner, key } = await calculableOwner(t);
        // Unusual values of this check only: a target that stored them would show them afterwards.
        const query = { flowTemperature: 42.5, spread: 7.5 };
        const before = await owner.get(resultsPath(key));
        expectResults(before);
        const detailBefore = await owner.get(`/reports/${key}`);
        expectStatus(detailBefore, 200);
        expectSchema(detailBefore, projectDetailResponseSchema, 'project detail');
        const roomsBefore = await owner.get(`/reports/${key}/rooms`);
        expectStatus(roomsBefore, 200);
        expectResults(await owner.get(resultsPath(key, query)));
        const detailAfter = await owner.get(`/reports/${key}`);
        expectStatus(detailAfter, 200);
        expect(detailAfter.json(), `the project detail must be unchanged by GET .../results${describeQuery(query)}`).toEqual(detailBefore.json());
        const roomsAfter = await owner.get(`/reports/${key}/rooms`);
        expectStatus(roomsAfter, 200);
        expect(roomsAfter.json(), `the rooms must be unchanged by GET .../results${describeQuery(query)} (no room is created through it)`).toEqual(roomsBefore.json());
        const after = await owner.get(resultsPath(key));
        // The whole answer: the spec names no time-dependent member of the results response.
        expect(expectResults(after), `a results call without parameters after GET .../results${describeQuery(query)} must answer as the one before it`).toEqual(expectResults(before));
      },
      NEEDS,
    );
  });
}
