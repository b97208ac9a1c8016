/**
 * Helpers of the project suite: reading and writing project fields, the read-back rules the spec
 * gives ("Inputs are normalized; returned values are often strings"; "Sending empty or null deletes
 * an optional value"), and per-worker locks so concurrent checks never race on one field of one
 * project (checks of a file run concurrently and share a project per leased customer).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { z } from 'zod';
import type { Profile } from '../../spec/profile.schema.js';
import { isUnderSiteUrl } from '../../spec/contract/common.js';
import { PROJECT_LIST_GROUPS } from '../../spec/contract/projects.js';
import type { Actor, ApiResponse } from '../harness/client.js';
import { expectError, expectStatus } from '../harness/expect-api.js';
import { readOnward } from '../harness/read-onward.js';
import { target } from '../harness/target.js';

export const NUL = '\u0000';
export type Envelope = 'projectData' | 'projektData';

// -------------------------------------------------------------------------------------------------
// Requests
// -------------------------------------------------------------------------------------------------

export function patchFields(actor: Actor, key: string, fields: Record<string, unknown>, envelope: Envelope = 'projectData'): Promise<ApiResponse> {
  return actor.patch(`/reports/${key}`, { [envelope]: fields });
}

/** What the checks read of a project detail on their way: the header's key and id, and the data. */
const detailSchema = z.looseObject({
  projektHeader: z.looseObject({ key: z.string(), id: z.unknown(), link: z.unknown() }),
  projektData: z.looseObject({}),
});
export type Detail = z.infer<typeof detailSchema>;

/** The rules that judge the detail answer a read-back goes through. */
const DETAIL_OWNER = 'PROJ-95 (the detail answers 200) and PROJ-96 (projektHeader and projektData)';

/** The detail of a project, read to judge something else (a value written before): PROJ-95 and PROJ-96 judge the answer. */
export function detailOf(res: ApiResponse, what = 'the project detail'): Detail {
  return readOnward(res, { status: 200, schema: detailSchema, owner: DETAIL_OWNER, statusRule: 'PROJ-95', what });
}

/** GET /reports/{key}, read on. */
export async function readDetail(actor: Actor, key: string): Promise<Detail> {
  return detailOf(await actor.get(`/reports/${key}`), `the detail of project ${key}`);
}

export async function readData(actor: Actor, key: string): Promise<Record<string, unknown>> {
  return (await readDetail(actor, key)).projektData;
}

/** PATCH that must be accepted: HTTP 200 (the body beyond that is "not shown"). */
export async function patchAccepted(actor: Actor, key: string, fields: Record<string, unknown>, envelope: Envelope = 'projectData'): Promise<void> {
  expectStatus(await patchFields(actor, key, fields, envelope), 200);
}

/** A project a creation answer names: its key, and its id and link where the header gives them. */
export interface ProjectRef {
  key: string;
  id?: unknown;
  link?: unknown;
}

const createdSchema = z.looseObject({ projektHeader: z.looseObject({ key: z.string(), id: z.unknown(), link: z.unknown() }), projektData: z.looseObject({}) });

/**
 * The project a creation answer names, for a check that goes on with it. The check's own rule decides
 * whether the 201 is its to judge (`expectStatus` before this); the header is PROJ-70's and the
 * envelope PROJ-73's and PROJ-84's.
 */
export function createdProject(res: ApiResponse): ProjectRef & { data: Record<string, unknown> } {
  const withData = new URL(res.exchange.request.url).pathname.endsWith('/with-data');
  const body = readOnward(res, { status: 201, schema: createdSchema, owner: 'PROJ-72 or PROJ-84 (201), PROJ-73 and PROJ-70 (projektHeader.key)', statusRule: withData ? 'PROJ-84' : 'PROJ-72', what: 'the creation answer' });
  return { key: body.projektHeader.key, id: body.projektHeader.id, link: body.projektHeader.link, data: body.projektData };
}

// -------------------------------------------------------------------------------------------------
// The project list
// -------------------------------------------------------------------------------------------------

const listSchema = z.looseObject(Object.fromEntries(PROJECT_LIST_GROUPS.map((group) => [group, z.array(z.unknown())])) as Record<(typeof PROJECT_LIST_GROUPS)[number], z.ZodArray<z.ZodUnknown>>);

/** The entries of the four groups of GET /reports; PROJ-89 judges the answer. */
export function listEntries(res: ApiResponse): unknown[] {
  const body = readOnward(res, { status: 200, schema: listSchema, owner: 'PROJ-89 (the four groups)', what: 'GET /reports' });
  return PROJECT_LIST_GROUPS.flatMap((group) => body[group]);
}

const ID_MEMBER = /^(?:id|projectId|projektId)$/i;

function hasIdMember(value: unknown, id: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([name, member]) => (ID_MEMBER.test(name) && member !== null && String(member) === String(id)) || hasIdMember(member, id));
}

/**
 * Whether a list entry stands for the project. "Fields of an entry inside the project list groups:
 * not shown", so an entry may name its project by key (in any member, at any depth, in any case,
 * also inside a link), by its link, or by its id under a member named `id`, `projectId` or
 * `projektId`; a check that knows only a key can only look for the key.
 */
export function entryIdentifies(entry: unknown, project: ProjectRef): boolean {
  const text = JSON.stringify(entry) ?? '';
  if (text.toLowerCase().includes(project.key.toLowerCase())) return true;
  if (typeof project.link === 'string' && project.link !== '' && text.includes(JSON.stringify(project.link).slice(1, -1))) return true;
  return project.id !== undefined && project.id !== null && hasIdMember(entry, project.id);
}

export const isListed = (entries: readonly unknown[], project: ProjectRef) => entries.some((entry) => entryIdentifies(entry, project));

// -------------------------------------------------------------------------------------------------
// Expectations
// -------------------------------------------------------------------------------------------------

/** 422 validation. `details.field` "is not always present" and the spec never says what it names, so it is not judged. */
export function expectRejected(res: ApiResponse): void {
  expectError(res, 422, 'validation');
}

/** What a value must read back as. */
export type ReadBack =
  /** exactly this text */
  | { text: string }
  /** these digits as text; without a leading zero also the same number ("returned values are often strings") */
  | { digits: string }
  /** the same number, as JSON number or numeric string */
  | { number: number }
  /** a flag stored as on: exactly "on" */
  | { on: true }
  /** text normalized to empty: '' (or not shown at all) */
  | { emptyText: true }
  /** a deleted value (or a flag stored as empty): '', null or absent */
  | { deleted: true };

/**
 * A number read back as text, in any spelling of a decimal: "returned values are often strings" and
 * "Inputs are normalized" name no form, so `2.5`, `2.50`, `2,5` and `25e-1` all stand for the same number.
 */
const NUMERIC_TEXT = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;

export function describeValue(value: unknown): string {
  if (value === undefined) return '(absent)';
  return JSON.stringify(value);
}

/** The number a returned value stands for ("returned values are often strings"), or undefined. */
export function returnedNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && NUMERIC_TEXT.test(value)) return Number(value.replace(',', '.'));
  return undefined;
}

export function expectReadBack(data: Record<string, unknown>, field: string, expected: ReadBack, sent?: unknown): void {
  const actual = data[field];
  const what = `${field} read back as ${describeValue(actual)}${sent === undefined ? '' : ` after sending ${describeValue(sent)}`}`;
  if ('text' in expected) {
    expect(actual, `${what}; expected the text ${describeValue(expected.text)}`).toBe(expected.text);
  } else if ('digits' in expected) {
    const asNumber = /^[1-9]\d*$/.test(expected.digits) && actual === Number(expected.digits);
    expect(asNumber || actual === expected.digits, `${what}; expected the digits ${describeValue(expected.digits)}${/^0/.test(expected.digits) ? ' as text (leading zero kept)' : ' (as text or number)'}`).toBe(true);
  } else if ('number' in expected) {
    expect(returnedNumber(actual), `${what}; expected the number ${expected.number} (JSON number or numeric string)`).toBe(expected.number);
  } else if ('on' in expected) {
    expect(actual, `${what}; expected the flag stored as "on"`).toBe('on');
  } else if ('emptyText' in expected) {
    expect(['', undefined], `${what}; expected empty text`).toContain(actual);
  } else {
    expect(['', null, undefined], `${what}; expected a deleted (empty) value`).toContain(actual);
  }
}

// -------------------------------------------------------------------------------------------------
// Properties
// -------------------------------------------------------------------------------------------------

/**
 * Runs a fast-check property with few runs and no shrinking (every run and shrink step costs
 * requests). A failed assertion inside becomes an assertion failure of the check carrying the
 * counterexample and seed; any other error (harness, unintended 429) is rethrown as it is, so the
 * check counts as broken and not as a failure of the target.
 */
export async function assertProperty<Ts>(property: fc.IAsyncPropertyWithHooks<Ts>, numRuns: number): Promise<void> {
  const details = await fc.check(property, { numRuns, endOnFailure: true });
  if (!details.failed) return;
  const cause = details.errorInstance;
  if (!(cause instanceof Error) || cause.name !== 'AssertionError') throw cause instanceof Error ? cause : new Error(fc.defaultReportMessage(details) ?? 'property failed');
  expect.fail(`${cause.message}\n${fc.defaultReportMessage(details) ?? ''}`);
}

// -------------------------------------------------------------------------------------------------
// Profile needs and misc
// -------------------------------------------------------------------------------------------------

export const needsPostalCodes = (p: Profile) =>
  p.resources?.postalCodes && p.resources.postalCodes.valid.length > 0 && p.resources.postalCodes.invalid.length > 0
    ? undefined
    : 'resources.postalCodes (valid and invalid postal codes)';

export const needsForeignProject = (p: Profile) => (p.resources?.foreignProjectKey ? undefined : 'resources.foreignProjectKey');

export function validPostalCodes(p: Profile): string[] {
  return p.resources?.postalCodes?.valid ?? [];
}

export function invalidPostalCodes(p: Profile): string[] {
  return p.resources?.postalCodes?.invalid ?? [];
}

export function expectUnderSiteUrl(link: string): void {
  const site = target().siteUrl;
  expect(isUnderSiteUrl(link, site), `projektHeader.link ${link} must be a full URL under {site_url} ${site}`).toBe(true);
}
