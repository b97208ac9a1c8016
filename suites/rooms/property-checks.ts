/** Properties (fast-check) of the room input fields: generated valid changes and invalid values, spread over leased customers. */
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { ROOM_INPUT_FIELDS } from '../../spec/contract/rooms.js';
import { check } from '../harness/check.js';
import { fieldLocks, withLocks } from '../harness/field-locks.js';
import { REFUSED } from '../harness/client.js';
import {
  checkProperty,
  describeValue,
  expectDecimalText,
  expectFloor,
  expectName,
  expectRoomRejected,
  expectTemperature,
  ownersWithProject,
  ownersWithRooms,
  patchRoomAccepted,
  roomName,
  roomsPath,
  WRITES,
  type OnwardRoomData,
} from './support.js';

/** Lanes (leased customers) a property spreads its runs over (each customer allows 2 requests per second). */
const PROPERTY_OWNERS = 4;

/** A value sent either as JSON number or as numeric text (area and height also with decimal comma). */
const asNumberOrText = (n: number, comma: boolean) => fc.constantFrom<unknown>(n, String(n), ...(comma ? [String(n).replace('.', ',')] : []));

/** Valid changes of the input fields, each with the check of its read-back. */
type Change = { sent: unknown; verify: (data: OnwardRoomData) => void };
const changes = {
  raumBezeichnung: fc
    .string({ minLength: 1, maxLength: 120 })
    .filter((s) => s.trim().length > 0)
    .map((s): Change => ({ sent: s, verify: (data) => expectName(data, s) })),
  raumEtage: fc.integer({ min: 0, max: 7 }).chain((n) => asNumberOrText(n, false).map((sent): Change => ({ sent, verify: (data) => expectFloor(data, n, sent) }))),
  raumFlaeche: fc
    .integer({ min: 1, max: 10_000_000 })
    .map((cents) => cents / 100)
    .chain((n) => asNumberOrText(n, true).map((sent): Change => ({ sent, verify: (data) => expectDecimalText(data, 'raumFlaeche', n, sent) }))),
  raumHoehe: fc
    .integer({ min: 1, max: 10_000 })
    .map((cents) => cents / 100)
    .chain((n) => asNumberOrText(n, true).map((sent): Change => ({ sent, verify: (data) => expectDecimalText(data, 'raumHoehe', n, sent) }))),
  raumTemperatur: fc
    .constantFrom(7, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26)
    .chain((n) => asNumberOrText(n, false).map((sent): Change => ({ sent, verify: (data) => expectTemperature(data, n, sent) }))),
  raumNotiz: fc
    .string({ maxLength: 255 })
    .map((s) => s.trim())
    .map((s): Change => ({ sent: s, verify: (data) => expect(data.raumNotiz, `raumNotiz after sending ${describeValue(s)}`).toBe(s) })),
};

/** Invalid values of one numeric field, each paired with the field. */
const invalidValues = fc.oneof(
  fc.record({
    field: fc.constant('raumEtage'),
    value: fc.oneof(fc.integer({ min: -100000, max: -1 }), fc.integer({ min: 8, max: 100000 }), fc.integer({ min: 1, max: 699 }).filter((n) => n % 100 !== 0).map((n) => n / 100)),
  }),
  fc.record({
    field: fc.constant('raumFlaeche'),
    value: fc.oneof(fc.integer({ min: -10_000_000, max: 0 }).map((c) => c / 100), fc.integer({ min: 10_000_001, max: 1_000_000_000 }).map((c) => c / 100)),
  }),
  fc.record({
    field: fc.constant('raumHoehe'),
    value: fc.oneof(fc.integer({ min: -100_000, max: 0 }).map((c) => c / 100), fc.integer({ min: 10_001, max: 100_000_000 }).map((c) => c / 100)),
  }),
  fc.record({
    field: fc.constant('raumTemperatur'),
    value: fc.oneof(
      fc.integer({ min: -100, max: 200 }).filter((n) => n !== 7 && (n < 16 || n > 26)),
      fc.integer({ min: 160, max: 260 }).filter((n) => n % 10 !== 0).map((n) => n / 10),
    ),
  }),
).chain(({ field, value }) =>
  fc.constantFrom<unknown>(value, String(value), String(value).replace('.', ',')).map((sent) => ({ field, sent })),
);

export function propertyChecks(): void {
  describe('properties', () => {
    check(
      ['ROOM-18', 'ROOM-19', 'ROOM-20', 'ROOM-22', 'ROOM-25', 'ROOM-28', 'ROOM-29', 'ROOM-32', 'ROOM-40', 'ROOM-41'],
      'any valid PATCH of the input fields (generated) must be accepted (200) and every sent field read back in its output form',
      async (t) => {
        const owners = await ownersWithRooms(t, PROPERTY_OWNERS);
        const arbitrary = fc.record(changes, { requiredKeys: [] }).filter((c) => Object.keys(c).length > 0);
        // The shared rooms' input fields are the property's while it runs (other checks hold field locks).
        await withLocks(
          owners.flatMap((o) => fieldLocks(o.room.id, ROOM_INPUT_FIELDS)),
          () =>
            checkProperty(arbitrary, 20, owners.length, async (sample, lane) => {
              const { actor, key, room } = owners[lane] as (typeof owners)[number];
              const entries = Object.entries(sample) as [string, Change][];
              const patched = await patchRoomAccepted(actor, key, room.id, Object.fromEntries(entries.map(([field, c]) => [field, c.sent])));
              for (const [, c] of entries) c.verify(patched.roomData);
            }),
        );
      },
      WRITES,
    );

    check(
      ['ROOM-19', 'ROOM-22', 'ROOM-25', 'ROOM-28', 'ROOM-43'],
      'any out-of-range or non-integer floor, area, height or temperature (generated) must give 422 validation at creation',
      async (t) => {
        const owners = await ownersWithProject(t, PROPERTY_OWNERS);
        await checkProperty(invalidValues, 20, owners.length, async ({ field, sent }, lane) => {
          const { actor, key } = owners[lane] as (typeof owners)[number];
          const res = await actor.post(roomsPath(key), { roomData: { raumBezeichnung: roomName('rejected'), [field]: sent } }, REFUSED);
          expectRoomRejected(res);
        });
      },
      WRITES,
    );
  });
}
