/** `raumBaujahr`: copied from the project at room creation, never following a later change of the project. */
import { describe } from 'vitest';
import { check } from '../harness/check.js';
import { fieldLocks, withLocks } from '../harness/field-locks.js';
import { createRoomOnce, expectDecimalText, patchProjectOnward, readRoom, uniqueRoomName, WRITES } from './support.js';

export function buildYearChecks(): void {
  describe('raumBaujahr', () => {
    check(
      ['ROOM-35', 'ROOM-36'],
      '`raumBaujahr` must be copied from the project at room creation and must not follow a later change of the project',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        const year = 1900 + Math.floor(Math.random() * 100);
        const later = year + 7;
        await withLocks(fieldLocks(key, ['projektBaujahr']), async () => {
          await patchProjectOnward(actor, key, { projektBaujahr: year });
          // Made once: the year it copied is the one set just before, whichever attempt made it.
          const room = await createRoomOnce(actor, key, { raumBezeichnung: uniqueRoomName('baujahr') });
          expectDecimalText(room.roomData, 'raumBaujahr', year);
          await patchProjectOnward(actor, key, { projektBaujahr: later });
          expectDecimalText((await readRoom(actor, key, room.id)).roomData, 'raumBaujahr', year, `the project year changed to ${later}; the room keeps the year copied at creation`);
        });
      },
      WRITES,
    );
  });
}
