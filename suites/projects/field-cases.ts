/**
 * The case runners of the project field table: one check per value accepted (PATCHed onto the
 * shared project and read back under the field's lock) or refused (422, alone and beside a valid
 * value of another field, storing nothing).
 */
import { expect } from 'vitest';
import type { ReleasedProjectField } from '../../spec/contract/projects.js';
import { check, harnessProjectName, type CheckContext } from '../harness/check.js';
import { fieldLocks, withLocks } from '../harness/field-locks.js';
import { marker } from '../harness/marker.js';
import { describeValue, expectReadBack, expectRejected, patchAccepted, readData, type Envelope, type ReadBack } from './support.js';

export const WRITES = { writes: true } as const;

/** Name the shared project gets back after a check changed it, so an operator still finds it. */
export const SHARED_NAME = harnessProjectName('shared');

interface AcceptCase {
  rules: string[];
  title: string;
  field: ReleasedProjectField;
  value: unknown;
  expected: ReadBack;
  /** Sent (and accepted) first, so that the case changes a known value (deletion, flags). */
  before?: unknown;
  /** Sent (and accepted) last, e.g. to give the project its harness name back. */
  after?: unknown;
  envelope?: Envelope;
}

/** PATCH one field on the shared project, then read it back (under the field's lock). */
export function acceptCase(c: AcceptCase, needs?: (p: CheckContext['profile']) => string | undefined): void {
  check(
    c.rules,
    c.title,
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only');
      await withLocks(fieldLocks(key, [c.field]), async () => {
        if (c.before !== undefined) await patchAccepted(actor, key, { [c.field]: c.before });
        await patchAccepted(actor, key, { [c.field]: c.value }, c.envelope);
        expectReadBack(await readData(actor, key), c.field, c.expected, c.value);
        if (c.after !== undefined) await patchAccepted(actor, key, { [c.field]: c.after });
      });
    },
    { ...WRITES, ...(needs ? { needs } : {}) },
  );
}

/**
 * PATCH with a body that must give 422 validation. A refused PATCH changes nothing, so no lock is taken: only a faulty target writes here, and then
 * a concurrent read-back may fail too, which is a right verdict on such a target.
 */
export function rejectCase(rules: string[], title: string, body: unknown): void {
  check(
    rules,
    title,
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only');
      expectRejected(await actor.patch(`/reports/${key}`, body));
    },
    WRITES,
  );
}

/** A value of one field that the field table refuses, with the rules that refuse it. */
export interface InvalidCase {
  rules: string[];
  field: ReleasedProjectField;
  value: unknown;
  why: string;
}

export const invalid = (rules: string[], field: ReleasedProjectField, value: unknown, why: string): InvalidCase => ({ rules, field, value, why });

/** The invalid value alone in the envelope. */
export function rejectValue(c: InvalidCase): void {
  rejectCase(c.rules, `\`${c.field}\` ${describeValue(c.value)} (${c.why}) must give 422 validation`, { projectData: { [c.field]: c.value } });
}

/**
 * The field a case sends its valid value in: a text field that no invalid case of the other field
 * touches (a target that drops the invalid field and stores the rest shows the valid value).
 */
export const companionOf = (field: ReleasedProjectField): ReleasedProjectField => (field === 'bemerkungen' ? 'ort' : 'bemerkungen');

/** One request of a "beside valid" check: its body around the marker sent as the valid value. */
type Refused = { body: (marker: string) => unknown };

/**
 * Requests that each carry a valid value of `companion` (a marker no other request sends) beside
 * something invalid: each must give 422 validation, and afterwards `companion` must hold none of the
 * markers, since a refused request stores nothing.
 * One read-back for all of them: a marker stored by any of the requests would still be there, as
 * the check holds the lock of `companion`, so no other check writes it meanwhile.
 */
export async function expectNothingStored(t: CheckContext, companion: ReleasedProjectField, requests: readonly Refused[]): Promise<void> {
  const { actor, key } = await t.ownerWithProject('own-data-only');
  await withLocks(fieldLocks(key, [companion]), async () => {
    const markers: string[] = [];
    for (const request of requests) {
      const sent = `beiseite ${marker()}`;
      markers.push(sent);
      expectRejected(await actor.patch(`/reports/${key}`, request.body(sent)));
    }
    const stored = (await readData(actor, key))[companion];
    expect(markers, `${companion} read back as ${describeValue(stored)}: a refused request must store nothing, also not the valid ${companion} sent in it`).not.toContain(stored);
  });
}

/** Every invalid value of one field, each beside a valid value of its companion field. */
export function rejectBesideValid(
  rules: string[],
  title: string,
  field: ReleasedProjectField,
  values: (p: CheckContext['profile']) => unknown[],
  needs?: (p: CheckContext['profile']) => string | undefined,
): void {
  const companion = companionOf(field);
  check(
    rules,
    title,
    (t) => expectNothingStored(t, companion, values(t.profile).map((value) => ({ body: (sent: string) => ({ projectData: { [companion]: sent, [field]: value } }) }))),
    { ...WRITES, ...(needs ? { needs } : {}) },
  );
}
