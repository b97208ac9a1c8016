/**
 * Helpers of the room suite: the room requests, the read-back rules of the roomData table ("all
 * values returned as strings except `raumTemperatur`"), a shared room per shared project for
 * PATCH cases, and per-worker locks so concurrent checks of the file never race on one value.
 *
 * The requests that must succeed are navigation: a check reads the answer to get on with its own
 * rule (a room id, the stored value of one field), so `readOnward` takes only what it uses, and the
 * rules that own the answer's shape (ROOM-1 to ROOM-5, ROOM-14, ROOM-15) judge it in their own checks.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { z } from 'zod';
import type { Profile } from '../../spec/profile.schema.js';
import { floorOfText } from '../../spec/contract/rooms.js';
import { harnessProjectName, type CheckContext } from '../harness/check.js';
import { ATTEMPTS_FOR_A_READ } from '../../harness-core/lost-reads.js';
import { GatewayAnswered, NoAnswer, PREREQUISITE, type Actor, type ApiResponse, type SendOptions } from '../harness/client.js';
import { marker } from '../harness/marker.js';
import { expectError, expectStatus } from '../harness/expect-api.js';
import { readOnward } from '../harness/read-onward.js';

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

/**
 * What a check reads of a room on its way: the id that addresses it and `roomData` as an object.
 * Each roomData field a check uses is judged by that check's rule; every other member may differ.
 */
const onwardRoomSchema = z.looseObject({ id: z.string().min(1), roomData: z.looseObject({}) });
export type OnwardRoom = z.infer<typeof onwardRoomSchema>;
export type OnwardRoomData = OnwardRoom['roomData'];
const onwardRoomAnswer = z.looseObject({ room: onwardRoomSchema });
const onwardRoomList = z.looseObject({ rooms: z.array(onwardRoomSchema) });

/** The room of a `{room}` answer, read onward; `owner` is the rule that judges that answer. */
export function roomOf(res: ApiResponse, status: number, owner: string, what: string): OnwardRoom {
  return readOnward(res, { status, schema: onwardRoomAnswer, owner, what }).room;
}

/** The rooms of a `rooms[]` answer (GET .../rooms, judged by ROOM-1), read onward. */
export function roomsOf(res: ApiResponse): OnwardRoom[] {
  return readOnward(res, { status: 200, schema: onwardRoomList, owner: 'ROOM-1', what: 'the room list' }).rooms;
}

/** POST that must succeed (201 and `{room}`, judged by ROOM-2); returns the room to go on with. */
export async function createRoom(actor: Actor, key: string, roomData: Record<string, unknown>, options: Pick<SendOptions, 'repeatable'> = {}): Promise<OnwardRoom> {
  return roomOf(await actor.post(roomsPath(key), { roomData }, options), 201, 'ROOM-2', 'the room creation');
}

/** A room name no other room bears: `createRoomOnce` finds its room in the list by it. */
export function uniqueRoomName(suffix: string): string {
  return roomName(`${suffix} ${marker()}`);
}

/**
 * A room creation that must succeed, made once however a gateway or the network treats its
 * answer, for a check that needs the creation's effect (a transition it triggers, the value it
 * copies) rather than its answer. Where an attempt got no answer of the target (a gateway's 502 or
 * 504, or none at all), the room list is read before the creation is sent again, as the spec tells
 * a client: "No idempotency key: after a connection loss the room list is checked before a
 * creation is repeated." The room the lost attempt made is taken from the list, found by its
 * `raumBezeichnung` (`uniqueRoomName`); the creation is sent again only when the list lacks it, so
 * the project never holds a second room that the check did not see made.
 */
export async function createRoomOnce(actor: Actor, key: string, roomData: Record<string, unknown> & { raumBezeichnung: string }): Promise<OnwardRoom> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await createRoom(actor, key, roomData);
    } catch (err) {
      if (attempt >= ATTEMPTS_FOR_A_READ || !(err instanceof GatewayAnswered || err instanceof NoAnswer)) throw err;
    }
    const made = (await listRooms(actor, key)).find((room) => room.roomData.raumBezeichnung === roomData.raumBezeichnung);
    if (made !== undefined) return made;
  }
}

/** GET of one room that must succeed (200 and `{room}`, judged by ROOM-3). */
export async function readRoom(actor: Actor, key: string, roomId: string): Promise<OnwardRoom> {
  return roomOf(await actor.get(roomsPath(key, roomId)), 200, 'ROOM-3', 'the room read');
}

/** GET of the room list that must succeed (200 and `rooms[]`, judged by ROOM-1). */
export async function listRooms(actor: Actor, key: string): Promise<OnwardRoom[]> {
  return roomsOf(await actor.get(roomsPath(key)));
}

/** PATCH that must succeed (200 and `{room}`, judged by ROOM-4). */
export async function patchRoom(actor: Actor, key: string, roomId: string, roomData: Record<string, unknown>): Promise<OnwardRoom> {
  return roomOf(await actor.patch(roomsPath(key, roomId), { roomData }), 200, 'ROOM-4', 'the room change');
}

/**
 * A creation whose acceptance is the check's own rule (a valid value "must be accepted"): a refusal
 * fails the check; the room in the answer is read onward.
 */
export async function createRoomAccepted(actor: Actor, key: string, roomData: Record<string, unknown>): Promise<OnwardRoom> {
  const res = await actor.post(roomsPath(key), { roomData });
  expectStatus(res, 201);
  return roomOf(res, 201, 'ROOM-2', 'the room creation');
}

/** A PATCH whose acceptance is the check's own rule, like `createRoomAccepted`. */
export async function patchRoomAccepted(actor: Actor, key: string, roomId: string, roomData: Record<string, unknown>): Promise<OnwardRoom> {
  const res = await actor.patch(roomsPath(key, roomId), { roomData });
  expectStatus(res, 200);
  return roomOf(res, 200, 'ROOM-4', 'the room change');
}

/** A project PATCH a check makes on its way (judged by PROJ-101); its body is "not shown". */
export async function patchProjectOnward(actor: Actor, key: string, projectData: Record<string, unknown>): Promise<void> {
  readOnward(await actor.patch(`/reports/${key}`, { projectData }), { status: 200, schema: z.unknown(), owner: 'PROJ-101', what: 'the project change' });
}

/**
 * Creates a project of `actor` (POST /reports/with-data, judged by PROJ-84) for a check to work on;
 * returns its key and the header's status as sent. Sent again past a gateway's answer: a project a
 * lost answer leaves behind goes unused.
 */
export async function createProject(actor: Actor, suffix: string, extra: Record<string, unknown> = {}): Promise<{ key: string; status: unknown }> {
  const res = await actor.post('/reports/with-data', { projectData: { projektName: harnessProjectName(suffix), ...extra } }, PREREQUISITE);
  const created = readOnward(res, {
    status: 201,
    schema: z.looseObject({ projektHeader: z.looseObject({ key: z.string().min(1), status: z.unknown().optional() }) }),
    owner: 'PROJ-84',
    what: 'the project creation',
  });
  return { key: created.projektHeader.key, status: created.projektHeader.status };
}

/**
 * `projektHeader.status` as GET /reports/{key} shows it: the status checks judge its value, the
 * project rules the answer and the header's types ("`status` (number)").
 */
export async function readProjectStatus(actor: Actor, key: string): Promise<number> {
  const res = await actor.get(`/reports/${key}`);
  const detail = readOnward(res, {
    status: 200,
    schema: z.looseObject({ projektHeader: z.looseObject({ status: z.number() }) }),
    owner: 'PROJ-95, PROJ-96, PROJ-70',
    statusRule: 'PROJ-95',
    what: 'the project detail',
  });
  return detail.projektHeader.status;
}

// -------------------------------------------------------------------------------------------------
// Shared room (one per shared project and worker)
// -------------------------------------------------------------------------------------------------

const sharedRooms = new Map<string, Promise<OnwardRoom>>();

/**
 * The leased owner's shared project and one room in it, created once per project and reused by
 * checks that PATCH one field and read it back from the PATCH response (under that field's lock),
 * or that only send bodies the target must refuse.
 */
export async function ownerWithRoom(t: CheckContext): Promise<{ actor: Actor; key: string; room: OnwardRoom }> {
  const { actor, key } = await t.ownerWithProject('own-data-only');
  let room = sharedRooms.get(key);
  if (!room) {
    // No check judges the shared project's room list: one that a lost answer leaves behind goes unused.
    room = createRoom(actor, key, { raumBezeichnung: roomName('shared room') }, PREREQUISITE);
    sharedRooms.set(key, room);
    room.catch(() => sharedRooms.delete(key));
  }
  return { actor, key, room: await room };
}

/**
 * Up to `n` different leased owners with their shared project and room. Long sequences (the
 * properties) go round-robin over them, so they are not bound to the pace of a single customer.
 */
export async function ownersWithRooms(t: CheckContext, n: number): Promise<{ actor: Actor; key: string; room: OnwardRoom }[]> {
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
 * 422 validation. `details.field` "is not always present" and the spec never says what it names
 * (the field, a path to it, the envelope), so no check asserts it.
 */
export function expectRoomRejected(res: ApiResponse): void {
  expectError(res, 422, 'validation');
}

/**
 * The number an output string spells. "all values returned as strings" fixes the type, not the
 * spelling: "2.5", "2.50" and the decimal comma the input accepts ("2,5") are all that number.
 */
export function numberOfText(text: unknown): number | undefined {
  if (typeof text !== 'string' || !/^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?$/.test(text)) return undefined;
  return Number(text.replace(',', '.'));
}

/** A value as compared across answers: the number it spells, else the value itself. */
export function numericView(value: unknown): unknown {
  return numberOfText(value) ?? value;
}

/** A numeric roomData value (area, height, year): a string that spells `expected`. */
export function expectDecimalText(data: OnwardRoomData, field: 'raumFlaeche' | 'raumHoehe' | 'raumBaujahr', expected: number, sent?: unknown): void {
  const actual = data[field];
  const what = `${field} read back as ${describeValue(actual)}${sent === undefined ? '' : ` after sending ${describeValue(sent)}`}`;
  expect(typeof actual, `${what}; roomData values are strings`).toBe('string');
  expect(numberOfText(actual), `${what}; expected a numeric text of ${expected}`).toBe(expected);
}

/** The floor id: a string spelling the integer ("integer floor id 0 to 7; output as string"). */
export function expectFloor(data: OnwardRoomData, floor: number, sent?: unknown): void {
  const what = `raumEtage read back as ${describeValue(data.raumEtage)}${sent === undefined ? '' : ` after sending ${describeValue(sent)}`}`;
  expect(typeof data.raumEtage, `${what}; raumEtage is output as a string`).toBe('string');
  expect(floorOfText(data.raumEtage), `${what}; expected the floor ${floor}`).toBe(floor);
}

/** The temperature: a JSON number. */
export function expectTemperature(data: OnwardRoomData, temperature: number, sent?: unknown): void {
  expect(data.raumTemperatur, `raumTemperatur read back as ${describeValue(data.raumTemperatur)}${sent === undefined ? '' : ` after sending ${describeValue(sent)}`}; expected the JSON number ${temperature}`).toBe(temperature);
}

/**
 * The name: the spec counts its length "after trimming" but does not say whether it is stored
 * trimmed, so the sent text or its trimmed form.
 */
export function expectName(data: OnwardRoomData, sent: string): void {
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
          const prefix = `sample ${i + 1} of ${numRuns} (fast-check seed ${seed}): ${fc.stringify(sentOf(sample))}`;
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

/** A sample as a message shows it: its values, without the functions that verify them (their source is no part of what was sent). */
function sentOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sentOf);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).flatMap(([name, member]) => (typeof member === 'function' ? [] : [[name, sentOf(member)]])));
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
