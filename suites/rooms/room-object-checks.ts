/** The room object and the room endpoints: creation, defaults, reading, changing, and rooms of other projects. */
import { describe, expect } from 'vitest';
import { ROOM_DEFAULTS, ROOM_INPUT_FIELDS, ROOM_OUTPUT_ONLY_FIELDS, roomListResponseSchema, roomResponseSchema } from '../../spec/contract/rooms.js';
import { absentProjectKey } from '../harness/absent-key.js';
import { check } from '../harness/check.js';
import { PREREQUISITE, REFUSED } from '../harness/client.js';
import { expectError, expectIndistinguishable, expectSchema, expectStatus } from '../harness/expect-api.js';
import { marker } from '../harness/marker.js';
import {
  createProject,
  createRoom,
  expectDecimalText,
  expectFloor,
  expectTemperature,
  listRooms,
  needsForeignProject,
  numericView,
  ownerWithRoom,
  patchRoomAccepted,
  readRoom,
  roomName,
  roomOf,
  roomsPath,
  WRITES,
  type OnwardRoomData,
} from './support.js';

/**
 * The nine fields of the roomData table, each as `numericView` gives it: what "the same room" and
 * "kept" compare. The spelling of a returned number is not fixed ("all values returned as
 * strings"), and members beyond the table are not the spec's, so they may differ between answers.
 */
function tableFields(data: OnwardRoomData): Record<string, unknown> {
  return Object.fromEntries([...ROOM_INPUT_FIELDS, ...ROOM_OUTPUT_ONLY_FIELDS].map((field) => [field, numericView(data[field])]));
}

export function roomObjectChecks(): void {
  describe('room object and endpoints', () => {
    check(
      ['ROOM-2', 'ROOM-3', 'ROOM-5', 'ROOM-6', 'ROOM-7', 'ROOM-14', 'ROOM-15', 'ROOM-20', 'ROOM-29'],
      'POST .../rooms must answer 201 with {room}: a string id, the project key and the nine roomData fields (strings, raumTemperatur a number); GET with room.id taken exactly must answer 200 with that room',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        const res = await actor.post(roomsPath(key), {
          roomData: { raumBezeichnung: roomName('object'), raumEtage: 2, raumFlaeche: 14.5, raumHoehe: 2.6, raumTemperatur: 22, raumNotiz: 'Nordseite' },
        });
        expectStatus(res, 201);
        const created = expectSchema(res, roomResponseSchema, 'room creation response').room;
        expect(created.projectKey, 'room.projectKey must be the key of the project in the path').toBe(key);
        expect(typeof created.roomData.raumTemperatur, 'raumTemperatur of a room with a valid temperature must be a JSON number').toBe('number');
        const read = await actor.get(roomsPath(key, created.id));
        expectStatus(read, 200);
        const room = expectSchema(read, roomResponseSchema, 'room').room;
        // The room the id addresses: its id, project and table fields. Members beyond the room
        // object's three (a timestamp, say) are not the spec's and may differ between answers.
        expect({ id: room.id, projectKey: room.projectKey, roomData: tableFields(room.roomData) }, 'GET with the id taken exactly from room.id must return the created room').toEqual({
          id: created.id,
          projectKey: created.projectKey,
          roomData: tableFields(created.roomData),
        });
      },
      WRITES,
    );

    check(
      ['ROOM-21', 'ROOM-24', 'ROOM-27', 'ROOM-31', 'ROOM-34'],
      'a room created with only raumBezeichnung must get the defaults: floor 1, height 2.5, temperature 20, area and note empty',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        const { roomData } = await createRoom(actor, key, { raumBezeichnung: roomName('defaults') });
        expectFloor(roomData, ROOM_DEFAULTS.raumEtage);
        expect(roomData.raumFlaeche, 'raumFlaeche must default to empty').toBe(ROOM_DEFAULTS.raumFlaeche);
        expectDecimalText(roomData, 'raumHoehe', ROOM_DEFAULTS.raumHoehe);
        expectTemperature(roomData, ROOM_DEFAULTS.raumTemperatur);
        expect(roomData.raumNotiz, 'raumNotiz must default to empty').toBe(ROOM_DEFAULTS.raumNotiz);
      },
      WRITES,
    );

    check(
      ['ROOM-1', 'ROOM-52'],
      'a repeated room creation must create a further room with a different id, and GET .../rooms must answer 200 with both in rooms[]',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        const roomData = { raumBezeichnung: roomName(`twice ${marker()}`), raumEtage: 3 };
        const first = await createRoom(actor, key, roomData);
        const second = await createRoom(actor, key, roomData);
        expect(second.id, 'the second creation must create a new room with its own id').not.toBe(first.id);
        const res = await actor.get(roomsPath(key));
        expectStatus(res, 200);
        const rooms = expectSchema(res, roomListResponseSchema, 'room list').rooms;
        for (const created of [first, second]) {
          const listed = rooms.find((r) => r.id === created.id);
          expect(listed, `room ${created.id} must be in the room list`).toBeDefined();
          expect(listed?.projectKey).toBe(key);
          expect(listed?.roomData.raumBezeichnung).toBe(created.roomData.raumBezeichnung);
        }
        t.judged(['ROOM-1', 'ROOM-52'], 2, `created rooms found in the room list (${rooms.length} rooms listed)`);
      },
      WRITES,
    );

    check(
      ['ROOM-4', 'ROOM-49'],
      'PATCH of a room must answer 200 with {room} and change only the sent fields; the others are kept (also when read again)',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        const created = await createRoom(actor, key, {
          raumBezeichnung: roomName('keep'),
          raumEtage: 2,
          raumFlaeche: '21,5',
          raumHoehe: 2.65,
          raumTemperatur: 21,
          raumNotiz: 'vorher',
        });
        const besides = (data: OnwardRoomData, changed: readonly string[]) => Object.fromEntries(Object.entries(tableFields(data)).filter(([field]) => !changed.includes(field)));

        const res = await actor.patch(roomsPath(key, created.id), { roomData: { raumNotiz: 'nachher' } });
        expectStatus(res, 200);
        const first = expectSchema(res, roomResponseSchema, 'room change response').room;
        expect(first.id).toBe(created.id);
        expect(first.projectKey).toBe(key);
        expect(first.roomData.raumNotiz, 'the sent raumNotiz must change').toBe('nachher');
        expect(besides(first.roomData, ['raumNotiz']), 'only raumNotiz was sent: every other field must be kept').toEqual(besides(created.roomData, ['raumNotiz']));

        const second = await patchRoomAccepted(actor, key, created.id, { raumEtage: 5 });
        expectFloor(second.roomData, 5);
        // The labels follow the floor (ROOM-47).
        const floorFields = ['raumEtage', 'raumEtageBezeichnung', 'raumEtageKuerzel'];
        expect(besides(second.roomData, floorFields), 'only raumEtage was sent: every other field must be kept').toEqual(besides(first.roomData, floorFields));
        expect(tableFields((await readRoom(actor, key, created.id)).roomData), 'a GET after the PATCH must show the same room').toEqual(tableFields(second.roomData));
      },
      WRITES,
    );

    check(
      'ROOM-54',
      'a DELETE of a room must leave the room in place',
      async (t) => {
        const { actor, key, room } = await ownerWithRoom(t);
        const res = await actor.send('DELETE', roomsPath(key, room.id), REFUSED);
        const after = await actor.get(roomsPath(key, room.id));
        expect(after.status, `after DELETE answered HTTP ${res.status}, the room must still be readable`).toBe(200);
        expect(roomOf(after, 200, 'ROOM-3', 'the room read after the DELETE').id).toBe(room.id);
      },
      WRITES,
    );

    check(
      'ROOM-56',
      'a non-existent room id of an own project must give 404 not_found (GET and PATCH)',
      async (t) => {
        const { actor, key, room } = await ownerWithRoom(t);
        // The id with a tail: a target matching ids by prefix finds the room. The tail is long, so no
        // room of the project has that id in any id form (with sequential numbers, `${id}0` may exist).
        const altered = `${room.id}${'0'.repeat(9)}`;
        for (const id of [altered, `cpf-missing-${marker()}`, '9'.repeat(18)]) expectError(await actor.get(roomsPath(key, id)), 404, 'not_found');
        expectError(await actor.patch(roomsPath(key, altered), { roomData: { raumNotiz: 'nie' } }), 404, 'not_found');
      },
      WRITES,
    );

    check(
      'ROOM-8',
      'a room id of another project of the same customer must give 404 not_found (GET in both directions, PATCH)',
      async (t) => {
        const { actor, key, room } = await ownerWithRoom(t);
        const other = await createProject(actor, 'second project');
        const otherRoom = await createRoom(actor, other.key, { raumBezeichnung: roomName('other project'), raumNotiz: 'unberührt' }, PREREQUISITE);
        expectError(await actor.get(roomsPath(key, otherRoom.id)), 404, 'not_found');
        expectError(await actor.patch(roomsPath(key, otherRoom.id), { roomData: { raumNotiz: 'quer' } }), 404, 'not_found');
        expectError(await actor.get(roomsPath(other.key, room.id)), 404, 'not_found');
        const unchanged = await readRoom(actor, other.key, otherRoom.id);
        expect(unchanged.roomData.raumNotiz, 'the refused PATCH through the other project must not change the room').toBe('unberührt');
      },
      WRITES,
    );

    // "Foreign and non-existent resources are indistinguishable": for room ids as for project keys.
    // The never-existing ids have the shape of the foreign one, so only existence differs.
    check(
      'AUTH-19',
      "a room id of another customer's project and never-existing room ids, sent through an own project, must get the same 404 answer apart from the id and from what differs between two never-existing ids anyway (GET and PATCH)",
      async (t) => {
        const foreign = t.as('foreign');
        const foreignKey = t.profile.resources?.foreignProjectKey as string;
        const listed = (await listRooms(foreign, foreignKey))[0];
        const foreignRoom = listed ?? (await createRoom(foreign, foreignKey, { raumBezeichnung: roomName('foreign room') }, PREREQUISITE));
        const foreignId = foreignRoom.id;
        const missingIds = [3, 4].map((longer) => (/^\d+$/.test(foreignId) ? '9'.repeat(foreignId.length + longer) : `${foreignId}-cpf-missing-${marker()}`)) as [string, string];
        const { actor, key } = await t.ownerWithProject('own-data-only');
        for (const method of ['GET', 'PATCH'] as const) {
          const send = async (id: string) => {
            const res = method === 'GET' ? await actor.get(roomsPath(key, id)) : await actor.patch(roomsPath(key, id), { roomData: { raumNotiz: `fremd ${marker()}` } });
            expectError(res, 404, 'not_found');
            return { res, ids: [id] };
          };
          // The foreign request goes between the two others, so a value that grows differs between those too.
          const first = await send(missingIds[0]);
          const foreignAnswer = await send(foreignId);
          const second = await send(missingIds[1]);
          expectIndistinguishable(foreignAnswer, [first, second], method);
        }
        t.judged('AUTH-19', 1, `room of the foreign project ${foreignKey} (${listed ? 'listed' : 'created'} by its owner), against 2 never-existing ids, GET and PATCH`);
      },
      { ...WRITES, needs: needsForeignProject },
    );

    check(
      'ROOM-9',
      'the rooms of a foreign project must give 404 not_found (list and single room)',
      async (t) => {
        const foreignKey = t.profile.resources?.foreignProjectKey as string;
        // The foreign customer lists the rooms of its project (200) first: that the key names an
        // existing project of another customer is what makes the 404 below a judgement of ROOM-9 (a
        // key that never existed answers 404 too).
        const foreignRooms = await listRooms(t.as('foreign'), foreignKey);
        const owner = await t.owner();
        expectError(await owner.get(roomsPath(foreignKey)), 404, 'not_found');
        const room = foreignRooms[0];
        const id = room?.id ?? `cpf-${marker()}`;
        expectError(await owner.get(roomsPath(foreignKey, id)), 404, 'not_found');
        expectError(await owner.get(roomsPath(absentProjectKey())), 404, 'not_found');
        t.judged('ROOM-9', 1, `foreign project ${foreignKey} (its room list${room ? ' and its listed room' : '; it has no room, so the single read asked for a made-up id'})`);
      },
      { needs: needsForeignProject },
    );

    check(
      'ROOM-9',
      'creating or changing a room of a foreign project must give 404 not_found and change nothing',
      async (t) => {
        const foreignKey = t.profile.resources?.foreignProjectKey as string;
        const foreign = t.as('foreign');
        const owner = await t.owner();
        const name = roomName(`foreign ${marker()}`);
        expectError(await owner.post(roomsPath(foreignKey), { roomData: { raumBezeichnung: name } }, REFUSED), 404, 'not_found');
        const rooms = await listRooms(foreign, foreignKey);
        expect(rooms.map((r) => r.roomData.raumBezeichnung), 'the refused creation must not have created a room').not.toContain(name);
        const target = rooms[0] ?? (await createRoom(foreign, foreignKey, { raumBezeichnung: roomName('foreign target') }, PREREQUISITE));
        expectError(await owner.patch(roomsPath(foreignKey, target.id), { roomData: { raumNotiz: `fremd ${marker()}` } }), 404, 'not_found');
        const after = await readRoom(foreign, foreignKey, target.id);
        expect(after.roomData.raumNotiz, 'the refused PATCH must not change the foreign room').toBe(target.roomData.raumNotiz);
        t.judged('ROOM-9', 1, `room of the foreign project ${foreignKey} (${rooms[0] ? 'listed' : 'created'} by its owner; ${rooms.length} listed before)`);
      },
      { ...WRITES, needs: needsForeignProject },
    );
  });
}
