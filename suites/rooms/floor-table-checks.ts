/** The floor table: every floor id at creation and with PATCH, with the labels the table gives it. */
import { describe, expect } from 'vitest';
import { FLOOR_LABELS, type FloorId } from '../../spec/contract/rooms.js';
import { check } from '../harness/check.js';
import { createRoomAccepted, expectFloor, patchRoomAccepted, readRoom, roomName, WRITES, type OnwardRoomData } from './support.js';

export function floorTableChecks(): void {
  describe('floor table', () => {
    // Two rooms of four floors each: shorter sequences, and the labels are seen at creation twice.
    for (const floors of [
      [0, 1, 2, 3],
      [4, 5, 6, 7],
    ] as const) {
      const [first, ...patched] = floors;
      const last = patched[patched.length - 1] as FloorId;
      check(
        ['ROOM-19', 'ROOM-20', 'ROOM-44', 'ROOM-45', 'ROOM-47'],
        `floor ids ${floors.join(', ')} must be accepted at creation and with PATCH, output as a string, with raumEtageBezeichnung and raumEtageKuerzel from the floor table`,
        async (t) => {
          const { actor, key } = await t.ownerWithProject('own-data-only');
          const expectLabels = (data: OnwardRoomData, floor: FloorId, sent: unknown) => {
            expectFloor(data, floor, sent);
            expect(data.raumEtageBezeichnung, `raumEtageBezeichnung of floor ${floor}`).toBe(FLOOR_LABELS[floor].bezeichnung);
            expect(data.raumEtageKuerzel, `raumEtageKuerzel of floor ${floor}`).toBe(FLOOR_LABELS[floor].kuerzel);
          };
          const room = await createRoomAccepted(actor, key, { raumBezeichnung: roomName('floors'), raumEtage: first });
          expectLabels(room.roomData, first, first);
          for (const floor of patched) {
            // Alternately as JSON number and as numeric string.
            const sent = floor % 2 === 0 ? floor : String(floor);
            expectLabels((await patchRoomAccepted(actor, key, room.id, { raumEtage: sent })).roomData, floor, sent);
          }
          expectLabels((await readRoom(actor, key, room.id)).roomData, last, last);
        },
        WRITES,
      );
    }
  });
}
