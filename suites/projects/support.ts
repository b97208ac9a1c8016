/**
 * Helpers of the project suite: reading and writing project fields, the read-back rules the spec
 * gives ("Inputs are normalized; returned values are often strings"; "Sending empty or null deletes
 * an optional value"), and per-worker locks so concurrent checks never race on one field of one
 * project (checks of a file run concurrently and share a project per leased customer).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Profile } from '../../spec/profile.schema.js';
import { isUnderSiteUrl } from '../../spec/contract/common.js';
import { projectDetailResponseSchema, type ProjectDetailResponse } from '../../spec/contract/projects.js';
import type { Actor, ApiResponse } from '../harness/client.js';
import { expectError, expectSchema, expectStatus } from '../harness/expect-api.js';
import { target } from '../harness/target.js';

export const NUL = '\u0000';
export type Envelope = 'projectData' | 'projektData';

// -------------------------------------------------------------------------------------------------
// Requests
// -------------------------------------------------------------------------------------------------

export function patchFields(actor: Actor, key: string, fields: Record<string, unknown>, envelope: Envelope = 'projectData'): Promise<ApiResponse> {
  return actor.patch(`/reports/${key}`, { [envelope]: fields });
}

/** GET /reports/{key}: HTTP 200 and the detail contract; returns the parsed detail. */
export async function readDetail(actor: Actor, key: string): Promise<ProjectDetailResponse> {
  const res = await actor.get(`/reports/${key}`);
  expectStatus(res, 200);
  return expectSchema(res, projectDetailResponseSchema, 'project detail');
}

export async function readData(actor: Actor, key: string): Promise<Record<string, unknown>> {
  return (await readDetail(actor, key)).projektData;
}

/** PATCH that must be accepted: HTTP 200 (the body beyond that is "not shown"). */
export async function patchAccepted(actor: Actor, key: string, fields: Record<string, unknown>, envelope: Envelope = 'projectData'): Promise<void> {
  expectStatus(await patchFields(actor, key, fields, envelope), 200);
}

// -------------------------------------------------------------------------------------------------
// Expectations
// -------------------------------------------------------------------------------------------------

/**
 * 422 validation. `details.field` "is not always present"; when it is, it must name the offending
 * field (also accepted with the envelope as prefix, e.g. `projectData.plz`).
 */
export function expectRejected(res: ApiResponse, field?: string): void {
  const body = expectError(res, 422, 'validation');
  if (field !== undefined && body.details.field !== undefined) {
    expect([field, `projectData.${field}`, `projektData.${field}`], `details.field must name the offending field ${field}, got ${body.details.field}`).toContain(
      body.details.field,
    );
  }
}

/** What a value must read back as. */
export type ReadBack =
  /** exactly this text */
  | { text: string }
  /** the same number, as JSON number or numeric string */
  | { number: number }
  /** a flag stored as on: exactly "on" */
  | { on: true }
  /** text normalized to empty: '' (or not shown at all) */
  | { emptyText: true }
  /** a deleted value (or a flag stored as empty): '', null or absent */
  | { deleted: true };

/** A decimal comma is an input form the target normalizes; read back, a number uses the point. */
const NUMERIC_TEXT = /^-?\d+(?:\.\d+)?$/;

export function describeValue(value: unknown): string {
  if (value === undefined) return '(absent)';
  return JSON.stringify(value);
}

/** The number a returned value stands for ("returned values are often strings"), or undefined. */
export function returnedNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && NUMERIC_TEXT.test(value)) return Number(value);
  return undefined;
}

export function expectReadBack(data: Record<string, unknown>, field: string, expected: ReadBack, sent?: unknown): void {
  const actual = data[field];
  const what = `${field} read back as ${describeValue(actual)}${sent === undefined ? '' : ` after sending ${describeValue(sent)}`}`;
  if ('text' in expected) {
    expect(actual, `${what}; expected the text ${describeValue(expected.text)}`).toBe(expected.text);
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

/** A nine-letter key that no project has: random lowercase letters (26^9 keys). */
export function neverExistingKey(): string {
  let key = '';
  for (let i = 0; i < 9; i++) key += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return key;
}

/** A short random marker for values that must be recognisable in a read-back. */
export function marker(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function expectUnderSiteUrl(link: string): void {
  const site = target().siteUrl;
  expect(isUnderSiteUrl(link, site), `projektHeader.link ${link} must be a full URL under {site_url} ${site}`).toBe(true);
}
