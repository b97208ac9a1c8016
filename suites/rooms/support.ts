/**
 * Helpers of the room suite: the room requests, the read-back rules of the roomData table ("all
 * values returned as strings except `raumTemperatur`"), a shared room per shared project for
 * PATCH cases, and per-worker locks so concurrent checks of the file never race on one value.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Profile } from '../../spec/profile.schema.js';
import { projectDetailResponseSchema } from '../../spec/contract/projects.js';
import { roomListResponseSchema, roomResponseSchema, type Room, type RoomData } from '../../spec/contract/rooms.js';
import { harnessProjectName, type CheckContext } from '../harness/check.js';
import type { Actor, ApiResponse } from '../harness/client.js';
import { expectError, expectSchema, expectStatus } from '../harness/expect-api.js';

export const WRITES = { writes: true } as const;

// -------------------------------------------------------------------------------------------------
// Paths and requests
// -------------------------------------------------------------------------------------------------

/** The room id goes into the path exactly as `room.id` returned it (only URL-escaped). */
export function roomsPath(key: string, roomId?: string): string {
  return roomId === undefined ? `/reports/${key}/rooms` : `/reports/${key}/rooms/${encodeURIComponent(roomId)}`;
}

/** A name that marks the room as made by this run. */
export function roomName(suffix: string): string {
  return harnessProjectName(suffix);
}

/** POST that must succeed: 201 and the strict `{room}` contract. */
export async function createRoom(actor: Actor, key: string, roomData: Record<string, unknown>): Promise<Room> {
  const res = await actor.post(roomsPath(key), { roomData });
  expectStatus(res, 201);
  return expectSchema(res, roomResponseSchema, 'room creation response').room;
}

/** GET of one room that must succeed: 200 and `{room}`. */
export async function readRoom(actor: Actor, key: string, roomId: string): Promise<Room> {
  const res = await actor.get(roomsPath(key, roomId));
  expectStatus(res, 200);
  return expectSchema(res, roomResponseSchema, 'room').room;
}

/** GET of the room list that must succeed: 200 and `{rooms[]}`. */
export async function listRooms(actor: Actor, key: string): Promise<Room[]> {
  const res = await actor.get(roomsPath(key));
  expectStatus(res, 200);
  return expectSchema(res, roomListResponseSchema, 'room list').rooms;
}

/** PATCH that must succeed: 200 and `{room}`. */
export async function patchRoom(actor: Actor, key: string, roomId: string, roomData: Record<string, unknown>): Promise<Room> {
  const res = await actor.patch(roomsPath(key, roomId), { roomData });
  expectStatus(res, 200);
  return expectSchema(res, roomResponseSchema, 'room change response').room;
}

/** Creates a project of `actor` (POST /reports/with-data); returns its key. */
export async function createProject(actor: Actor, suffix: string, extra: Record<string, unknown> = {}): Promise<{ key: string; status: number; res: ApiResponse }> {
  const res = await actor.post('/reports/with-data', { projectData: { projektName: harnessProjectName(suffix), ...extra } });
  expectStatus(res, 201);
  const header = res.json<{ projektHeader?: { key?: unknown; status?: unknown } }>().projektHeader;
  expect(typeof header?.key, `projektHeader.key of the creation response; ${res.text.slice(0, 200)}`).toBe('string');
  return { key: header?.key as string, status: header?.status as number, res };
}

/** `projektHeader.status` as GET /reports/{key} shows it. */
export async function readProjectStatus(actor: Actor, key: string): Promise<number> {
  const res = await actor.get(`/reports/${key}`);
  expectStatus(res, 200);
  return expectSchema(res, projectDetailResponseSchema, 'project detail').projektHeader.status;
}

// -------------------------------------------------------------------------------------------------
// Shared room (one per shared project and worker)
// -------------------------------------------------------------------------------------------------

const sharedRooms = new Map<string, Promise<Room>>();

/**
 * The leased owner's shared project and one room in it, created once per project and reused by
 * checks that PATCH one field and read it back from the PATCH response (under that field's lock),
 * or that only send bodies the target must refuse.
 */
export async function ownerWithRoom(t: CheckContext): Promise<{ actor: Actor; key: string; room: Room }> {
  const { actor, key } = await t.ownerWithProject('own-data-only');
  let room = sharedRooms.get(key);
  if (!room) {
    room = createRoom(actor, key, { raumBezeichnung: roomName('shared room') });
    sharedRooms.set(key, room);
    room.catch(() => sharedRooms.delete(key));
  }
  return { actor, key, room: await room };
}

/**
 * Up to `n` different leased owners with their shared project and room. Long sequences (the
 * properties) go round-robin over them, so they are not bound to the pace of a single customer.
 */
export async function ownersWithRooms(t: CheckContext, n: number): Promise<{ actor: Actor; key: string; room: Room }[]> {
  const leased = await Promise.all(Array.from({ length: n }, () => ownerWithRoom(t)));
  return leased.filter((owner, i) => leased.findIndex((o) => o.actor.label === owner.actor.label) === i);
}

/** Like `ownersWithRooms`, without the room. */
export async function ownersWithProject(t: CheckContext, n: number): Promise<{ actor: Actor; key: string }[]> {
  const leased = await Promise.all(Array.from({ length: n }, () => t.ownerWithProject('own-data-only')));
  return leased.filter((owner, i) => leased.findIndex((o) => o.actor.label === owner.actor.label) === i);
}

// -------------------------------------------------------------------------------------------------
// Expectations
// -------------------------------------------------------------------------------------------------

export function describeValue(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  // Long values are cut; the case title says how long they are.
  return text.length > 60 ? `${text.slice(0, 24)}…${typeof value === 'string' ? '"' : ''}` : text;
}

/**
 * 422 validation. `details.field` "is not always present"; when it is, it must name the offending
 * field (also accepted with `roomData.` in front).
 */
export function expectRoomRejected(res: ApiResponse, field?: string): void {
  const body = expectError(res, 422, 'validation');
  if (field !== undefined && body.details.field !== undefined) {
    expect([field, `roomData.${field}`], `details.field must name the offending field ${field}, got ${body.details.field}`).toContain(body.details.field);
  }
}

/** Returned numbers are strings: a plain decimal text (digits, optionally a point and digits). */
const DECIMAL_TEXT = /^\d+(?:\.\d+)?$/;

/** A numeric roomData value (area, height): a string that is a plain decimal equal to `expected`. */
export function expectDecimalText(data: RoomData, field: 'raumFlaeche' | 'raumHoehe' | 'raumBaujahr', expected: number, sent?: unknown): void {
  const actual = data[field];
  const what = `${field} read back as ${describeValue(actual)}${sent === undefined ? '' : ` after sending ${describeValue(sent)}`}`;
  expect(typeof actual, `${what}; roomData values are strings`).toBe('string');
  expect(DECIMAL_TEXT.test(actual), `${what}; expected a decimal text with a point for ${expected}`).toBe(true);
  expect(Number(actual), `${what}; expected ${expected}`).toBe(expected);
}

/** The floor id: a string with the integer. */
export function expectFloor(data: RoomData, floor: number, sent?: unknown): void {
  expect(data.raumEtage, `raumEtage read back as ${describeValue(data.raumEtage)}${sent === undefined ? '' : ` after sending ${describeValue(sent)}`}`).toBe(String(floor));
}

/** The temperature: a JSON number. */
export function expectTemperature(data: RoomData, temperature: number, sent?: unknown): void {
  expect(data.raumTemperatur, `raumTemperatur read back as ${describeValue(data.raumTemperatur)}${sent === undefined ? '' : ` after sending ${describeValue(sent)}`}; expected the JSON number ${temperature}`).toBe(temperature);
}

/**
 * The name: the spec counts its length "after trimming" but does not say whether it is stored
 * trimmed, so the sent text or its trimmed form.
 */
export function expectName(data: RoomData, sent: string): void {
  expect([sent, sent.trim()], `raumBezeichnung read back as ${describeValue(data.raumBezeichnung)} after sending ${describeValue(sent)}`).toContain(data.raumBezeichnung);
}

/**
 * A fast-check property over requests: `numRuns` samples of `arbitrary` (from a random seed that
 * the failure message names, so a run can be replayed), each checked by `run`. Every run is a
 * request, so there is no shrinking, and the runs go in `lanes` parallel lanes (one per leased
 * customer) instead of one after the other at a single customer's pace. A failing run throws its
 * own error (an assertion, so the check counts as failed) with the sample in front of the message.
 */
export async function checkProperty<T>(arbitrary: fc.Arbitrary<T>, numRuns: number, lanes: number, run: (sample: T, lane: number) => Promise<void>): Promise<void> {
  const seed = Math.floor(Math.random() * 0x7fffffff);
  const samples = fc.sample(arbitrary, { numRuns, seed });
  let next = 0;
  let failed = false;
  const results = await Promise.allSettled(
    Array.from({ length: Math.max(1, lanes) }, async (_, lane) => {
      for (let i = next++; i < samples.length && !failed; i = next++) {
        const sample = samples[i] as T;
        try {
          await run(sample, lane);
        } catch (err) {
          failed = true;
          const prefix = `sample ${i + 1} of ${numRuns} (fast-check seed ${seed}): ${fc.stringify(sample)}`;
          if (err instanceof Error) {
            err.message = `${prefix}: ${err.message}`;
            throw err;
          }
          throw new Error(`${prefix}: ${String(err)}`, { cause: err });
        }
      }
    }),
  );
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}

// -------------------------------------------------------------------------------------------------
// Profile needs and misc
// -------------------------------------------------------------------------------------------------

export const needsForeignProject = (p: Profile) =>
  p.customers.foreign === undefined ? 'customers.foreign' : p.resources?.foreignProjectKey ? undefined : 'resources.foreignProjectKey';

export const needsExpiredUnlocked = (p: Profile) =>
  p.customers.expiredUnlocked === undefined
    ? 'customers.expiredUnlocked'
    : p.resources?.expiredUnlockedProjectKey
      ? undefined
      : 'resources.expiredUnlockedProjectKey';

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
