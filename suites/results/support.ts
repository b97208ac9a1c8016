/**
 * Shared pieces of the results checks ("Resources and their fields > Results response", endpoint
 * rule 8, Authentication 6-8, "Errors"). Expected values come from the spec (contract/results.ts)
 * and from formulas that hold for any implementation, never from the target's answers.
 *
 * Budget: the checks on a calculable project lease its owner (the primary customer, or a pool
 * customer the profile gives one: resource-owner.ts), so they spread over those budgets; the 404
 * checks of keys no customer of theirs owns lease a customer instead. Responses several checks read
 * (no parameters, 35/5 and 75/10 on the calculable project) are fetched once per file and owner and
 * attached to every check that reads them.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import type { Profile } from '../../spec/profile.schema.js';
import {
  FLOOR_HEATING_SPREADS,
  legacyNumberValue,
  resultsResponseSchema,
  type FloorHeatingBalance,
  type ResultsResponse,
} from '../../spec/contract/results.js';
import type { CheckContext } from '../harness/check.js';
import type { ApiResponse } from '../harness/client.js';
import { calculableOwner } from '../harness/resource-owner.js';
import { expectSchema, expectStatus } from '../harness/expect-api.js';

// -------------------------------------------------------------------------------------------------
// Tolerances (rounding of published figures; the spec gives no precision)
// -------------------------------------------------------------------------------------------------

/** l/h per circuit: a group sum of rounded circuit flows (or a rounded exact sum) may differ by rounding. */
export const FLOW_SUM_TOLERANCE_PER_ROOM = 0.1;
/** l/min: flowLpm and setting.value rounded to 2 decimals, flowRate to 0.1 l/h (0.0017 l/min). */
export const LPM_TOLERANCE = 0.01;
/**
 * flowRate = heatingLoad / (c * spread) with c = 1.163 Wh/(kg K): the domain notes take kg/h as l/h
 * (error below 1 %); an implementation may use the density or a c between 1.16 and 1.17, so 1.5 %
 * relative plus 0.1 l/h for the rounding of flowRate and heatingLoad.
 */
export const WATER_HEAT_CAPACITY = 1.163;
export const FLOW_RATE_RELATIVE_TOLERANCE = 0.015;
export const FLOW_RATE_ABSOLUTE_TOLERANCE = 0.1;

// -------------------------------------------------------------------------------------------------
// Profile prerequisites (options.needs)
// -------------------------------------------------------------------------------------------------

type Keys = NonNullable<NonNullable<Profile['resources']>['primaryProjectKeys']>;

export const calculableKey = (p: Profile): string => p.resources?.primaryProjectKeys?.calculable as string;
export const primaryKey = (p: Profile, which: Exclude<keyof Keys, '$comment'>): string => p.resources?.primaryProjectKeys?.[which] as string;

export const needsCalculable = (p: Profile) => (p.resources?.primaryProjectKeys?.calculable ? undefined : 'resources.primaryProjectKeys.calculable');
export const needsIncomplete = (p: Profile) => (p.resources?.primaryProjectKeys?.incomplete ? undefined : 'resources.primaryProjectKeys.incomplete');
export const needsOutsideRadius = (p: Profile) =>
  p.resources?.primaryProjectKeys?.outsideRadius ? undefined : 'resources.primaryProjectKeys.outsideRadius';
export const needsForeignProject = (p: Profile) => (p.resources?.foreignProjectKey ? undefined : 'resources.foreignProjectKey');
export const needsExpiredUnlocked = (p: Profile) =>
  !p.customers.expiredUnlocked ? 'customers.expiredUnlocked' : p.resources?.expiredUnlockedProjectKey ? undefined : 'resources.expiredUnlockedProjectKey';
export const needsLocked = (p: Profile) => (p.customers.locked ? undefined : 'customers.locked');

/** The first reason any of the prerequisites gives, or undefined when all hold. */
export function needsAll(...needs: ((p: Profile) => string | undefined)[]): (p: Profile) => string | undefined {
  return (p) => needs.map((need) => need(p)).find((reason) => reason !== undefined);
}

// -------------------------------------------------------------------------------------------------
// Paths and requests
// -------------------------------------------------------------------------------------------------

/** Query parameters as sent: values travel as text, exactly as written here. */
export type Query = Readonly<Record<string, string | number>>;

export function queryText(query: Query = {}): string {
  return Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

export function resultsPath(key: string, query: Query = {}): string {
  const text = queryText(query);
  return `/reports/${encodeURIComponent(key)}/results${text ? `?${text}` : ''}`;
}

export function describeQuery(query: Query): string {
  const text = queryText(query);
  return text ? `?${text}` : 'without parameters';
}

/** A nine-letter key no target holds (about 5e12 possibilities, drawn at random per call). */
export function neverExistingKey(): string {
  let key = '';
  for (let i = 0; i < 9; i++) key += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return key;
}

/** The system temperatures the parameter checks compare (spec endpoint rule 8 ranges). */
export const LOW = { flowTemperature: 35, spread: 5 } as const;
export const HIGH = { flowTemperature: 75, spread: 10 } as const;

const shared = new Map<string, Promise<ApiResponse>>();

/**
 * GET .../results of the check's calculable project (resource-owner.ts) with the query, sent once
 * per file, owner and query; the checks that reuse the answer get its exchange attached to their report.
 */
export async function sharedResults(t: CheckContext, query: Query = {}): Promise<ApiResponse> {
  const owner = await calculableOwner(t);
  const path = resultsPath(owner.key, query);
  const id = `${owner.actor.label} ${path}`;
  const pending = shared.get(id);
  if (pending) {
    const res = await pending;
    t.record(res.exchange);
    return res;
  }
  const request = owner.actor.get(path);
  shared.set(id, request);
  request.catch(() => shared.delete(id));
  return request;
}

/** GET .../results of the check's calculable project with the query, sent for this check alone. */
export async function ownResults(t: CheckContext, query: Query = {}): Promise<ApiResponse> {
  const owner = await calculableOwner(t);
  return owner.actor.get(resultsPath(owner.key, query));
}

/** HTTP 200 and the strict results contract (RES-1, RES-2, RES-4). */
export function expectResults(res: ApiResponse): ResultsResponse {
  expectStatus(res, 200);
  return expectSchema(res, resultsResponseSchema, 'results response');
}

/** The calculable project's results with the given query: 200 and the contract. */
export async function calculableResults(t: CheckContext, query: Query = {}): Promise<ResultsResponse> {
  return expectResults(await sharedResults(t, query));
}

// -------------------------------------------------------------------------------------------------
// Assertions on the floor heating balance
// -------------------------------------------------------------------------------------------------

/** Exactly three groups, for 10, 7 and 5 K (in any order). */
export function expectSpreads(balance: FloorHeatingBalance, where: string): void {
  const spreads = balance.groups.map((g) => g.spread).sort((a, b) => b - a);
  expect(spreads, `${where}: floorHeatingBalance.groups[].spread must be exactly 10, 7 and 5 K`).toEqual([...FLOOR_HEATING_SPREADS]);
}

/** Skips the check when the balance has no circuit to compare (the consistency rules need one). */
export function circuitsOf(t: CheckContext, body: ResultsResponse) {
  const circuits = body.results.floorHeatingBalance.groups.flatMap((group) => group.rooms.map((room) => ({ group, room })));
  if (circuits.length === 0) t.skip('the calculable project has no floor heating circuit (floorHeatingBalance.groups[].rooms[] are empty), so the circuit rules cannot be judged');
  return circuits;
}

/** Numbers of the compatibility structure may come as numeric strings (contract/results.ts). */
export const legacy = legacyNumberValue;

/**
 * Whether two answers differ anywhere. The spec shows no contents of the members that system
 * temperatures influence (radiators, hydraulicBalance, ...), so the whole answer is compared.
 */
export function differs(a: ResultsResponse, b: ResultsResponse): boolean {
  return !isDeepStrictEqual(a, b);
}

/** Pretty JSON for failure messages, cut to a readable size. */
export function show(value: unknown, max = 600): string {
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
