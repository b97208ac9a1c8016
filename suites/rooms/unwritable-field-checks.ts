/** The fields that cannot be written (raumBaujahr, the floor labels, id and projectKey): refused, or not written. */
import { describe, expect } from 'vitest';
import { expectedFloorLabels, FLOOR_LABELS, ROOM_OUTPUT_ONLY_FIELDS } from '../../spec/contract/rooms.js';
import { absentProjectKey } from '../harness/absent-key.js';
import { check } from '../harness/check.js';
import { expectStatus } from '../harness/expect-api.js';
import { fieldLocks, withLocks } from '../harness/field-locks.js';
import { marker } from '../harness/marker.js';
import { expectNoRoomNamed } from './room-cases.js';
import { describeValue, expectRoomRejected, numericView, ownerWithRoom, readRoom, roomName, roomOf, roomsPath, WRITES } from './support.js';

export function unwritableFieldChecks(): void {
  describe('fields that cannot be written', () => {
    check(
      'ROOM-11',
      '`raumBaujahr` sent at creation must not be written (422 creating no room, or a room without the sent year)',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        // No project year is 1234 while the lock is held (the checks that set one choose 1900 to 2006).
        await withLocks(fieldLocks(key, ['projektBaujahr']), async () => {
          const name = roomName(`baujahr written ${marker()}`);
          const res = await actor.post(roomsPath(key), { roomData: { raumBezeichnung: name, raumBaujahr: '1234' } });
          if (res.status === 422) {
            expectRoomRejected(res);
            return expectNoRoomNamed(actor, key, name);
          }
          expectStatus(res, 201);
          const room = roomOf(res, 201, 'ROOM-2', 'the room creation');
          expect(numericView(room.roomData.raumBaujahr), `raumBaujahr ${describeValue(room.roomData.raumBaujahr)} must not take the sent value`).not.toBe(1234);
        });
      },
      WRITES,
    );

    check(
      'ROOM-11',
      '`raumBaujahr` sent with PATCH must not be written (422, or the value stays)',
      async (t) => {
        const { actor, key, room } = await ownerWithRoom(t);
        await withLocks(fieldLocks(room.id, ['raumBaujahr']), async () => {
          const res = await actor.patch(roomsPath(key, room.id), { roomData: { raumBaujahr: '1234' } });
          if (res.status === 422) return expectRoomRejected(res);
          expectStatus(res, 200);
          expect(numericView(roomOf(res, 200, 'ROOM-4', 'the room change').roomData.raumBaujahr)).toBe(numericView(room.roomData.raumBaujahr));
          expect(numericView((await readRoom(actor, key, room.id)).roomData.raumBaujahr)).toBe(numericView(room.roomData.raumBaujahr));
        });
      },
      WRITES,
    );

    for (const [field, sent] of [
      ['raumEtageBezeichnung', 'Dachgeschoss'],
      ['raumEtageKuerzel', 'DG'],
    ] as const) {
      check(
        'ROOM-12',
        `\`${field}\` sent at creation must not be written (422 creating no room, or the label derived from the floor)`,
        async (t) => {
          const { actor, key } = await t.ownerWithProject('own-data-only');
          const name = roomName(`label written ${marker()}`);
          const res = await actor.post(roomsPath(key), { roomData: { raumBezeichnung: name, raumEtage: 2, [field]: sent } });
          if (res.status === 422) {
            expectRoomRejected(res);
            return expectNoRoomNamed(actor, key, name);
          }
          expectStatus(res, 201);
          const { roomData } = roomOf(res, 201, 'ROOM-2', 'the room creation');
          expect(roomData.raumEtageBezeichnung).toBe(FLOOR_LABELS[2].bezeichnung);
          expect(roomData.raumEtageKuerzel).toBe(FLOOR_LABELS[2].kuerzel);
        },
        WRITES,
      );
      check(
        'ROOM-12',
        `\`${field}\` sent with PATCH must not be written (422, or the label derived from the floor)`,
        async (t) => {
          const { actor, key, room } = await ownerWithRoom(t);
          await withLocks(fieldLocks(room.id, ['raumEtage', field]), async () => {
            const res = await actor.patch(roomsPath(key, room.id), { roomData: { [field]: `${sent} ${marker()}` } });
            if (res.status === 422) return expectRoomRejected(res);
            expectStatus(res, 200);
            const { roomData } = roomOf(res, 200, 'ROOM-4', 'the room change');
            const labels = expectedFloorLabels(roomData.raumEtage);
            expect(roomData.raumEtageBezeichnung).toBe(labels.bezeichnung);
            expect(roomData.raumEtageKuerzel).toBe(labels.kuerzel);
          });
        },
        WRITES,
      );
    }

    check(
      'ROOM-10',
      '`id` and `projectKey` inside roomData at creation must not be written (422 creating no room, or a server-chosen id and the key of the path)',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        const ownId = `cpf-own-id-${marker()}`;
        const idName = roomName(`id written ${marker()}`);
        const withId = await actor.post(roomsPath(key), { roomData: { raumBezeichnung: idName, id: ownId } });
        if (withId.status === 422) {
          expectRoomRejected(withId);
          await expectNoRoomNamed(actor, key, idName);
        } else {
          expectStatus(withId, 201);
          expect(roomOf(withId, 201, 'ROOM-2', 'the room creation').id, 'the room id must not be the sent one').not.toBe(ownId);
        }
        const otherKey = absentProjectKey();
        const keyName = roomName(`key written ${marker()}`);
        const withKey = await actor.post(roomsPath(key), { roomData: { raumBezeichnung: keyName, projectKey: otherKey } });
        if (withKey.status === 422) {
          expectRoomRejected(withKey);
          await expectNoRoomNamed(actor, key, keyName);
        } else {
          expectStatus(withKey, 201);
          expect(roomOf(withKey, 201, 'ROOM-2', 'the room creation').projectKey, 'the room must belong to the project of the path').toBe(key);
        }
      },
      WRITES,
    );

    check(
      'ROOM-10',
      '`id` and `projectKey` inside roomData of a PATCH must not be written (422, or id and project stay)',
      async (t) => {
        const { actor, key, room } = await ownerWithRoom(t);
        for (const [field, value] of [
          ['id', `cpf-own-id-${marker()}`],
          ['projectKey', absentProjectKey()],
        ] as const) {
          const res = await actor.patch(roomsPath(key, room.id), { roomData: { [field]: value } });
          if (res.status === 422) {
            expectRoomRejected(res);
            continue;
          }
          expectStatus(res, 200);
          const patched = roomOf(res, 200, 'ROOM-4', 'the room change');
          expect(patched.id).toBe(room.id);
          expect(patched.projectKey).toBe(key);
        }
        expect((await readRoom(actor, key, room.id)).projectKey, 'the room must still be found under its project').toBe(key);
      },
      WRITES,
    );

    check(
      ['ROOM-10', 'ROOM-11', 'ROOM-12'],
      'each field that cannot be written (raumBaujahr, raumEtageBezeichnung, raumEtageKuerzel, id, projectKey), sent with PATCH beside a valid `raumNotiz`, must be refused with 422 storing nothing of the request, or be ignored while raumNotiz is stored',
      async (t) => {
        const { actor, key, room } = await ownerWithRoom(t);
        const unwritable: [string, unknown][] = [
          ['raumBaujahr', '1234'],
          ['raumEtageBezeichnung', `Dachgeschoss ${marker()}`],
          ['raumEtageKuerzel', `DG ${marker()}`],
          ['id', `cpf-own-id-${marker()}`],
          ['projectKey', absentProjectKey()],
        ];
        await withLocks(fieldLocks(room.id, ['raumNotiz', 'raumEtage', ...ROOM_OUTPUT_ONLY_FIELDS]), async () => {
          const refused: string[] = [];
          let accepted: string | undefined;
          for (const [field, value] of unwritable) {
            const note = `beiseite ${marker()}`;
            const res = await actor.patch(roomsPath(key, room.id), { roomData: { raumNotiz: note, [field]: value } });
            if (res.status === 422) {
              expectRoomRejected(res);
              refused.push(note);
              continue;
            }
            expectStatus(res, 200);
            const patched = roomOf(res, 200, 'ROOM-4', 'the room change');
            expect(patched.roomData.raumNotiz, `${field} was ignored (200): the valid raumNotiz sent beside it must be stored`).toBe(note);
            expect({ id: patched.id, projectKey: patched.projectKey, raumBaujahr: numericView(patched.roomData.raumBaujahr) }, `${field} must not be written`).toEqual({
              id: room.id,
              projectKey: key,
              raumBaujahr: numericView(room.roomData.raumBaujahr),
            });
            const labels = expectedFloorLabels(patched.roomData.raumEtage);
            expect([patched.roomData.raumEtageBezeichnung, patched.roomData.raumEtageKuerzel], `${field} must not be written: the labels follow the floor`).toEqual([labels.bezeichnung, labels.kuerzel]);
            accepted = note;
          }
          const stored = (await readRoom(actor, key, room.id)).roomData.raumNotiz;
          expect(refused, `raumNotiz read back as ${describeValue(stored)}: a refused PATCH must store nothing`).not.toContain(stored);
          if (accepted !== undefined) expect(stored, 'raumNotiz must hold the value of the last accepted PATCH').toBe(accepted);
        });
      },
      WRITES,
    );
  });
}
