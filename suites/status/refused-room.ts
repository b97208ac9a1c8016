/**
 * Project status table: status 1 moves to 2 when a room is "created", "saved together with the
 * room". A room creation the target refuses creates no room, so it must not move the project:
 * after refused creations (a missing name, an invalid floor, an unknown field) a new project must
 * still be in status 1.
 */
import { describe, expect } from 'vitest';
import { PROJECT_STATUS } from '../../spec/contract/projects.js';
import { check } from '../harness/check.js';
import { REFUSED } from '../harness/client.js';
import { PrerequisiteMissing } from '../harness/read-onward.js';
import { createProject, listRooms, readProjectStatus, roomName, roomsPath, WRITES } from '../rooms/support.js';

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function refusedRoomChecks(): void {
  describe('refused room creation', () => {
    check(
      'STAT-13',
      'refused room creations (422: no name, floor 8, an unknown field) in a new project in status 1 must leave it in status 1',
      async (t) => {
        const owner = await t.owner();
        const { key, status } = await createProject(owner, 'STAT-13 refused room');
        // A project in status 1 is where this rule starts; the creation's status is STAT-1's to judge.
        if (status !== PROJECT_STATUS.created) throw new PrerequisiteMissing(`prerequisite missing: the new project ${key} answered projektHeader.status ${JSON.stringify(status)}, not 1; STAT-1 judges that answer`);
        // The refusals and that they create nothing are the room rules' (ROOM-16, ROOM-19, ROOM-37):
        // here they are the way to a refused creation, and the status after it is this rule's.
        for (const roomData of [{ raumFlaeche: 12 }, { raumBezeichnung: roomName('Etage 8'), raumEtage: 8 }, { raumBezeichnung: roomName('unbekannt'), raumFarbe: 'blau' }]) {
          const res = await owner.post(roomsPath(key), { roomData }, REFUSED);
          if (res.status !== 422) throw new PrerequisiteMissing(`prerequisite missing: the creation of ${JSON.stringify(roomData)} was not refused (HTTP ${res.status}); ROOM-16, ROOM-19 and ROOM-37 judge that answer`);
        }
        const rooms = await listRooms(owner, key);
        if (rooms.length > 0) throw new PrerequisiteMissing(`prerequisite missing: the refused creations left ${rooms.length} room(s) in ${key}; the room rules judge that`);
        expect(await readProjectStatus(owner, key), 'status after refused room creations').toBe(PROJECT_STATUS.created);
      },
      WRITES,
    );
  });
}
