/** Rooms of an unlocked customer after license expiry (endpoint rule 9). */
import { describe, expect } from 'vitest';
import { check } from '../harness/check.js';
import { expectStatus } from '../harness/expect-api.js';
import { marker } from '../harness/marker.js';
import { createRoomAccepted, needsExpiredUnlocked, patchRoomAccepted, roomName, roomOf, roomsOf, roomsPath, WRITES } from './support.js';

export function expiredLicenseChecks(): void {
  describe('unlocked customer after license expiry', () => {
    check(
      'ROOM-50',
      'an unlocked customer with an expired license must be able to list rooms (200) and read the first listed room (200)',
      async (t) => {
        const key = t.profile.resources?.expiredUnlockedProjectKey as string;
        const actor = t.as('expiredUnlocked');
        const list = await actor.get(roomsPath(key));
        expectStatus(list, 200);
        const rooms = roomsOf(list);
        const first = rooms[0];
        // A list without rooms shows the list answers, not that a room can be read: the rule is not exercised.
        if (!first) return t.notExercised('ROOM-50', `the room list of resources.expiredUnlockedProjectKey ${key} is empty: no room to read (the other ROOM-50 check reads a room it creates, in runs that may write)`);
        const read = await actor.get(roomsPath(key, first.id));
        expectStatus(read, 200);
        // The next check changes this project's rooms meanwhile (ROOM-51), and the pacer puts seconds
        // between list and read: the read must give the listed room, whose note may have moved on.
        const room = roomOf(read, 200, 'ROOM-3', 'the room read');
        expect({ id: room.id, raumBezeichnung: room.roomData.raumBezeichnung }).toEqual({ id: first.id, raumBezeichnung: first.roomData.raumBezeichnung });
        t.judged('ROOM-50', 1, `listed room read back (of ${rooms.length} listed in ${key})`);
      },
      { needs: needsExpiredUnlocked },
    );

    check(
      ['ROOM-50', 'ROOM-51'],
      'an unlocked customer with an expired license must be able to create (201), change (200), list and read (200) rooms',
      async (t) => {
        const key = t.profile.resources?.expiredUnlockedProjectKey as string;
        const actor = t.as('expiredUnlocked');
        const created = await createRoomAccepted(actor, key, { raumBezeichnung: roomName('expired license'), raumEtage: 0 });
        const note = `nach Ablauf ${marker()}`;
        const changed = await patchRoomAccepted(actor, key, created.id, { raumNotiz: note });
        expect(changed.roomData.raumNotiz).toBe(note);
        const read = await actor.get(roomsPath(key, created.id));
        expectStatus(read, 200);
        expect(roomOf(read, 200, 'ROOM-3', 'the room read').roomData.raumNotiz).toBe(note);
        const list = await actor.get(roomsPath(key));
        expectStatus(list, 200);
        expect(roomsOf(list).map((r) => r.id)).toContain(created.id);
      },
      { ...WRITES, needs: needsExpiredUnlocked },
    );
  });
}
