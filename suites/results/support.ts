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
 *
 * One deviation fails one rule: a check judges its own rule with `expect*`, and reads everything
 * else it needs with `readResults` (harness/read-onward.ts), naming only the members it uses and the
 * rules that judge them; an answer lacking them skips the check with that reason.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import { z } from 'zod';
import type { ErrorType } from '../../spec/contract/error-envelope.js';
import type { Profile } from '../../spec/profile.schema.js';
import { FLOOR_HEATING_SPREADS, legacyNumberValue } from '../../spec/contract/results.js';
import type { CheckContext } from '../harness/check.js';
import type { ApiResponse } from '../harness/client.js';
import { expectError } from '../harness/expect-api.js';
import { readOnward } from '../harness/read-onward.js';
import { calculableOwner } from '../harness/resource-owner.js';
import { plural } from '../harness/judged-parts.js';

// -------------------------------------------------------------------------------------------------
// Tolerances (the spec gives no precision for any published figure)
// -------------------------------------------------------------------------------------------------

export { FLOW_RATE_RELATIVE_TOLERANCE, roundingStep, WATER_HEAT_CAPACITY } from '../../harness-core/results-tolerances.js';

// -------------------------------------------------------------------------------------------------
// Profile prerequisites (options.needs)
// -------------------------------------------------------------------------------------------------

type Keys = NonNullable<NonNullable<Profile['resources']>['primaryProjectKeys']>;

export const calculableKey = (p: Profile): string => p.resources?.primaryProjectKeys?.calculable as string;
export const primaryKey = (p: Profile, which: Exclude<keyof Keys, '$comment'>): string => p.resources?.primaryProjectKeys?.[which] as string;

export const needsIncomplete = (p: Profile) => (p.resources?.primaryProjectKeys?.incomplete ? undefined : 'resources.primaryProjectKeys.incomplete');
export const needsOutsideRadius = (p: Profile) =>
  p.resources?.primaryProjectKeys?.outsideRadius ? undefined : 'resources.primaryProjectKeys.outsideRadius';
export const needsForeignProject = (p: Profile) => (p.resources?.foreignProjectKey ? undefined : 'resources.foreignProjectKey');

/**
 * The checks of a missing license or right ask for the owner's calculable project where the profile
 * names one (every order of the checks answers 403 there), else for the project they can get
 * (`expectAuthorizationUnless`); a check needs one of the two.
 */
export const needsExpiredUnlockedProject = (p: Profile) =>
  !p.customers.expiredUnlocked
    ? 'customers.expiredUnlocked'
    : (p.resources?.expiredUnlockedCalculableKey ?? p.resources?.expiredUnlockedProjectKey)
      ? undefined
      : 'resources.expiredUnlockedCalculableKey';
export const needsLockedProject = (p: Profile) =>
  !p.customers.locked
    ? 'customers.locked'
    : (p.resources?.lockedCalculableKey ?? p.resources?.primaryProjectKeys?.calculable)
      ? undefined
      : 'resources.lockedCalculableKey';

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

/** The system temperatures the parameter checks compare (spec endpoint rule 8 ranges), plain decimals. */
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

// -------------------------------------------------------------------------------------------------
// Onward reads: only the members a check uses, named with the rules that judge them
// -------------------------------------------------------------------------------------------------

const num = z.number().refine(Number.isFinite, 'must be a finite number');
const legacyNum = z.union([num, z.string()]).transform((v, ctx) => {
  const n = legacyNumberValue(v);
  if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', message: 'must be numeric' });
  return n;
});

/** Members of the group and of its circuits a check reads (open objects). */
export function groupsOf<G extends z.ZodRawShape, R extends z.ZodRawShape>(group: G, room: R) {
  return z.looseObject({
    results: z.looseObject({ floorHeatingBalance: z.looseObject({ groups: z.array(z.looseObject({ ...group, rooms: z.array(z.looseObject(room)) })) }) }),
  });
}

/** Members of the abgleichFBH entries and of their raeume a check reads; numbers as numbers. */
export function abgleichOf<E extends z.ZodRawShape, R extends z.ZodRawShape>(entry: E, raum: R) {
  return z.looseObject({ projekt: z.looseObject({ abgleichFBH: z.array(z.looseObject({ ...entry, raeume: z.array(z.looseObject(raum)) })) }) });
}

export const FIELDS = {
  spread: num,
  flowRateSum: num,
  flowRate: num,
  flowLpm: num,
  heatingLoad: num,
  roomName: z.string(),
  surfaceId: z.string(),
  setting: z.looseObject({ value: num }),
  spreizung: legacyNum,
  summeVolumenstrom: legacyNum,
  raumBezeichnung: z.string(),
  heizlast: legacyNum,
  durchfluss: legacyNum,
} as const;

/**
 * What the system temperatures act on: "They influence radiator and hydraulic calculation". The
 * contents of both are not shown; the answers with and without parameters are compared on these
 * two members only, never on the whole answer, whose other members may carry what the spec leaves
 * open (a time of calculation, say).
 */
export const calculatedParts = z.looseObject({ results: z.looseObject({ radiators: z.array(z.unknown()), hydraulicBalance: z.looseObject({}) }) });
export type CalculatedParts = z.infer<typeof calculatedParts>;

export function calculatedOf(body: CalculatedParts) {
  return { radiators: body.results.radiators, hydraulicBalance: body.results.hydraulicBalance };
}

/** The members of what the system temperatures act on (radiators, hydraulicBalance) in which two answers differ. */
export function changedMembers(a: CalculatedParts, b: CalculatedParts): ('radiators' | 'hydraulicBalance')[] {
  return (['radiators', 'hydraulicBalance'] as const).filter((m) => !isDeepStrictEqual(a.results[m], b.results[m]));
}

/** Who judges the HTTP status of an answer the check reads: RES-1 without parameters, RES-18 with valid ones. */
const statusOwner = (query: Query) => (Object.keys(query).length === 0 ? 'RES-1' : 'RES-18');

/** Reads the members `schema` names from a results answer on the way to the check's own rule. */
export function readResults<S extends z.ZodType>(res: ApiResponse, query: Query, schema: S, owner: string): z.infer<S> {
  return readOnward(res, { status: 200, schema, owner: `${statusOwner(query)} and ${owner}`, statusRule: statusOwner(query), what: `GET .../results${describeQuery(query)}` });
}

/** The shared answer of the calculable project with the query, read onward for `schema`. */
export async function readSharedResults<S extends z.ZodType>(t: CheckContext, schema: S, owner: string, query: Query = {}): Promise<z.infer<S>> {
  return readResults(await sharedResults(t, query), query, schema, owner);
}

// -------------------------------------------------------------------------------------------------
// Assertions on the floor heating balance
// -------------------------------------------------------------------------------------------------

/** "Groups are output for spreads 10, 7 and 5 K": those three groups (in any order). */
export function expectSpreads(groups: readonly { spread: number }[], where: string): void {
  const spreads = groups.map((g) => g.spread).sort((a, b) => b - a);
  expect(spreads, `${where}: floorHeatingBalance.groups[].spread must be the groups for 10, 7 and 5 K`).toEqual([...FLOOR_HEATING_SPREADS]);
}

/**
 * The circuits of the balance, each with its group, recorded as what `rules` are judged on: with
 * none, they are not exercised (the consistency rules need a circuit), and the check returns
 * without judging them.
 */
export function circuitsIn<G extends { rooms: readonly unknown[] }>(t: CheckContext, rules: string | readonly string[], groups: readonly G[]): { group: G; room: G['rooms'][number] }[] {
  const circuits = groups.flatMap((group) => group.rooms.map((room) => ({ group, room })));
  if (circuits.length === 0) t.notExercised(rules, 'the calculable project has no floor heating circuit (floorHeatingBalance.groups[].rooms[] are empty), so the circuit rules cannot be judged');
  else t.judged(rules, circuits.length, `floor heating ${plural(circuits.length, 'circuit', 'circuits')} in ${groups.length} ${plural(groups.length, 'group', 'groups')}`);
  return circuits;
}

/** Pretty JSON for failure messages, cut to a readable size. */
export function show(value: unknown, max = 600): string {
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/**
 * An answer that must be 403 authorization, where the spec lets another check come first: the
 * error table orders none of its rows, so a project without data may answer 422
 * calculation_unavailable before the license, radius or right is looked at, and a project that is
 * not the caller's 404 before its license. That other answer conforms too but shows nothing of the
 * rule, so the check is skipped saying what would show it. A calculable own project leaves no other
 * answer: the checks that have one in the profile expect 403 alone.
 */
export function expectAuthorizationUnless(t: CheckContext, res: ApiResponse, other: OtherAnswer): void {
  if (res.status === other.status) {
    expectError(res, other.status, other.type);
    t.skip(other.why);
  }
  expectError(res, 403, 'authorization');
}

interface OtherAnswer {
  status: number;
  type: ErrorType;
  why: string;
}

/** The other answers `expectAuthorizationUnless` takes, with the profile entry that would show the rule where there is one. */
export const OTHER_ORDER: { notOwn: OtherAnswer; notCalculable: (what: string, entry?: string) => OtherAnswer } = {
  notOwn: {
    status: 404,
    type: 'not_found',
    why: 'the locked customer got 404 for a project it does not own (ownership checked before the license, which conforms); resources.lockedCalculableKey, a calculable project of its own, would show the license check',
  },
  notCalculable: (what, entry) => ({
    status: 422,
    type: 'calculation_unavailable',
    why: `${what} is not calculable (422 calculation_unavailable: the data checked first, which conforms); only a calculable project shows the check${entry ? `, e.g. one named in ${entry}` : ''}`,
  }),
};
