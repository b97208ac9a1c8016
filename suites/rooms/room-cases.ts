/**
 * The room case runners: one check per body the target must refuse or accept, sent to the shared
 * project or PATCHed onto the shared room of a leased customer, and the checks that send every
 * refused PATCH value once more beside a valid field.
 */
import { describe, expect } from 'vitest';
import { check } from '../harness/check.js';
import { REFUSED, type Actor } from '../harness/client.js';
import { fieldLocks, withLocks } from '../harness/field-locks.js';
import { marker } from '../harness/marker.js';
import {
  describeValue,
  expectRoomRejected,
  listRooms,
  ownerWithRoom,
  patchRoom,
  patchRoomAccepted,
  readRoom,
  roomName,
  roomsPath,
  WRITES,
  type OnwardRoomData,
} from './support.js';

/** POST to the shared project with a body the target must refuse with 422 validation. */
export function rejectCreateBody(rules: string[], title: string, body: unknown): void {
  check(
    rules,
    title,
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only');
      expectRoomRejected(await actor.post(roomsPath(key), body, REFUSED));
    },
    WRITES,
  );
}

/**
 * A roomData value the target must refuse at creation, sent beside a valid name that no other
 * request sends: 422, and no room of that name afterwards (a refused creation
 * creates nothing, also when the rest of the body was valid).
 */
export function rejectCreate(rules: string[], field: string, value: unknown, why: string): void {
  check(
    rules,
    `\`${field}\` ${describeValue(value)} (${why}) beside a valid name must give 422 validation at creation and create no room`,
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only');
      const name = roomName(`rejected ${marker()}`);
      expectRoomRejected(await actor.post(roomsPath(key), { roomData: { raumBezeichnung: name, [field]: value } }, REFUSED));
      await expectNoRoomNamed(actor, key, name);
    },
    WRITES,
  );
}

/** The refused creation of a room named `name` must not have created it. */
export async function expectNoRoomNamed(actor: Actor, key: string, name: string): Promise<void> {
  const names = (await listRooms(actor, key)).map((r) => r.roomData.raumBezeichnung);
  expect(names, `a refused creation must create nothing, but the project lists a room named ${describeValue(name)}`).not.toContain(name);
}

/** PATCH of the shared room with a body the target must refuse with 422 validation. */
export function rejectPatchBody(rules: string[], title: string, body: unknown): void {
  check(
    rules,
    title,
    async (t) => {
      const { actor, key, room } = await ownerWithRoom(t);
      expectRoomRejected(await actor.patch(roomsPath(key, room.id), body));
    },
    WRITES,
  );
}

/** A roomData value the target must refuse on PATCH. */
interface InvalidPatch {
  rules: string[];
  field: string;
  value: unknown;
}

/** Every case of `rejectPatch`, sent once more beside a valid field by `besideValidChecks`. */
const INVALID_PATCHES: InvalidPatch[] = [];

/** The value alone in roomData. */
export function rejectPatch(rules: string[], field: string, value: unknown, why: string): void {
  INVALID_PATCHES.push({ rules, field, value });
  rejectPatchBody(rules, `\`${field}\` ${describeValue(value)} (${why}) must give 422 validation on PATCH`, { roomData: { [field]: value } });
}

/** The input field a PATCH case sends its valid value in: another field than the invalid one. */
const companionOf = (field: string): 'raumNotiz' | 'raumBezeichnung' => (field === 'raumNotiz' ? 'raumBezeichnung' : 'raumNotiz');

/**
 * Every invalid PATCH value of one field, each beside a valid value of its companion field (a
 * marker no other request sends): each must give 422, and afterwards the
 * room must hold none of the markers, since a refused PATCH stores nothing. One read-back for all:
 * a marker stored by any of them would still be there, as the check holds the lock of the
 * companion field of the room, so no other check writes it meanwhile.
 */
function rejectPatchBesideValid(field: string, cases: readonly InvalidPatch[]): void {
  const companion = companionOf(field);
  check(
    [...new Set(cases.flatMap((c) => c.rules))],
    `each invalid \`${field}\` of the PATCH matrix (${cases.map((c) => describeValue(c.value)).join(', ')}) sent beside a valid \`${companion}\` must give 422 validation, and nothing of these requests may be stored`,
    async (t) => {
      const { actor, key, room } = await ownerWithRoom(t);
      await withLocks(fieldLocks(room.id, [companion]), async () => {
        const markers: string[] = [];
        for (const c of cases) {
          // A name also marks the room as made by this run; a note needs no prefix.
          const sent = companion === 'raumBezeichnung' ? roomName(`beiseite ${marker()}`) : `beiseite ${marker()}`;
          markers.push(sent);
          expectRoomRejected(await actor.patch(roomsPath(key, room.id), { roomData: { [companion]: sent, [field]: c.value } }));
        }
        const stored = (await readRoom(actor, key, room.id)).roomData[companion];
        expect(markers, `${companion} read back as ${JSON.stringify(stored)}: a refused PATCH must store nothing, also not the valid ${companion} sent in it`).not.toContain(stored);
      });
    },
    WRITES,
  );
}

interface AcceptCase {
  rules: string[];
  title: string;
  /** Sent (and accepted) first, so the case changes a known value (deletion). */
  before?: Record<string, unknown>;
  roomData: Record<string, unknown>;
  verify: (data: OnwardRoomData) => void;
  /** Also read the room with GET and verify the stored value (deletions). */
  reread?: boolean;
}

/**
 * PATCH the shared room (holding the lock of the sent fields) and verify the PATCH response: the
 * acceptance (200) is the case's own rule, the `before` value only a prerequisite.
 */
export function acceptPatch(c: AcceptCase): void {
  check(
    c.rules,
    c.title,
    async (t) => {
      const { actor, key, room } = await ownerWithRoom(t);
      const fields = Object.keys({ ...c.before, ...c.roomData });
      await withLocks(fieldLocks(room.id, fields), async () => {
        if (c.before) await patchRoom(actor, key, room.id, c.before);
        const patched = await patchRoomAccepted(actor, key, room.id, c.roomData);
        c.verify(patched.roomData);
        if (c.reread) c.verify((await readRoom(actor, key, room.id)).roomData);
      });
    },
    WRITES,
  );
}

/**
 * The invalid PATCH values beside valid ones: a target that drops an invalid field when valid
 * fields come with it, or stores the valid ones of a refused PATCH, fails here. (Creation cases
 * send a valid name beside the invalid value already, and read back that no room was created.)
 * Registered after every `rejectPatch` case.
 */
export function invalidPatchesBesideValidChecks(): void {
  describe('invalid PATCH values beside valid ones', () => {
    const byField = new Map<string, InvalidPatch[]>();
    for (const c of INVALID_PATCHES) byField.set(c.field, [...(byField.get(c.field) ?? []), c]);
    for (const [field, cases] of byField) rejectPatchBesideValid(field, cases);
  });
}
