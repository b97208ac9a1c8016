/** Write bodies: creation and PATCH bodies without the roomData envelope, or with more than it. */
import { describe } from 'vitest';
import { check } from '../harness/check.js';
import { rejectCreateBody, rejectPatchBody } from './room-cases.js';
import { expectRoomRejected, roomName, roomsPath, WRITES } from './support.js';

export function writeBodyChecks(): void {
  describe('write bodies', () => {
    rejectCreateBody(['ROOM-48'], 'a creation body without roomData ({}) must give 422 validation', {});
    rejectCreateBody(['ROOM-48'], 'a creation body with the room fields at top level must give 422 validation', { raumBezeichnung: roomName('top level') });
    rejectCreateBody(['ROOM-48'], 'a creation body with roomData as a string must give 422 validation', { roomData: 'Bad' });
    rejectCreateBody(['ROOM-48'], 'a creation body with roomData null must give 422 validation', { roomData: null });
    rejectCreateBody(['ROOM-48'], 'a creation body with roomData as an array must give 422 validation', { roomData: [{ raumBezeichnung: 'Bad' }] });
    check(
      ['ROOM-48', 'ROOM-10'],
      'a creation body with another top-level field next to roomData (projectKey) must give 422 validation',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        const res = await actor.post(roomsPath(key), { roomData: { raumBezeichnung: roomName('extra top level') }, projectKey: key });
        expectRoomRejected(res);
      },
      WRITES,
    );
    rejectPatchBody(['ROOM-48'], 'a PATCH body without roomData ({}) must give 422 validation', {});
    rejectPatchBody(['ROOM-48'], 'a PATCH body with the room fields at top level must give 422 validation', { raumNotiz: 'oben' });
    rejectPatchBody(['ROOM-48'], 'a PATCH body with another top-level field next to roomData (id) must give 422 validation', {
      roomData: { raumNotiz: 'extra' },
      id: 'cpf-extra',
    });
  });
}
