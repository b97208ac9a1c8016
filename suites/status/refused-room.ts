/**
 * Project status table: status 1 moves to 2 when a room is "created". A room creation the target
 * refuses creates no room, so it must not move the project: after refused creations (a missing
 * name, an invalid floor, an unknown field) a new project must still be in status 1.
 */
import { describe, expect } from 'vitest';
import { PROJECT_STATUS } from '../../spec/contract/projects.js';
import { check } from '../harness/check.js';
import { expectError } from '../harness/expect-api.js';
import { createProject, listRooms, readProjectStatus, roomName, roomsPath, WRITES } from '../rooms/support.js';

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function refusedRoomChecks(): void {
  describe('refused room creation', () => {
    check(
      'STAT-13',
      'refused room creations (422: no name, floor 8, an unknown field) in a new project in status 1 must leave it in status 1, without rooms',
      async (t) => {
        const owner = await t.owner();
        const { key, status } = await createProject(owner, 'STAT-13 refused room');
        expect(status, 'projektHeader.status of the creation response').toBe(PROJECT_STATUS.created);
        for (const roomData of [{ raumFlaeche: 12 }, { raumBezeichnung: roomName('Etage 8'), raumEtage: 8 }, { raumBezeichnung: roomName('unbekannt'), raumFarbe: 'blau' }]) {
          expectError(await owner.post(roomsPath(key), { roomData }), 422, 'validation');
        }
        expect(await listRooms(owner, key), 'refused creations create no room').toEqual([]);
        expect(await readProjectStatus(owner, key), 'status after refused room creations').toBe(PROJECT_STATUS.created);
      },
      WRITES,
    );
  });
}
