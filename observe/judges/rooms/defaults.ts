import { ROOM_DEFAULTS } from '../../../spec/contract/rooms.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { Judge } from '../../judge/judge.js';
import { isEmptyValue, spelledNumber } from './numeric-text.js';
import { answeredRooms, isSuccess } from './room-answer.js';
import { ROOM_ROWS, roomRouteOf } from './room-route.js';
import { describeValue, writeBodyOf } from './write-body.js';
import { isPlainObject } from '../../json-value.js';

const ROOMS_KEPT = 20_000;

/** Column "Default at creation": a field the creation body left out reads so in the creation answer. */
const DEFAULTS = [
  { field: 'raumEtage', rule: 'ROOM-21', holds: (v: unknown) => spelledNumber(v) === ROOM_DEFAULTS.raumEtage, what: `the floor ${ROOM_DEFAULTS.raumEtage}` },
  { field: 'raumFlaeche', rule: 'ROOM-24', holds: isEmptyValue, what: 'empty' },
  { field: 'raumHoehe', rule: 'ROOM-27', holds: (v: unknown) => spelledNumber(v) === ROOM_DEFAULTS.raumHoehe, what: `${ROOM_DEFAULTS.raumHoehe}` },
  { field: 'raumTemperatur', rule: 'ROOM-31', holds: (v: unknown) => spelledNumber(v) === ROOM_DEFAULTS.raumTemperatur, what: `${ROOM_DEFAULTS.raumTemperatur}` },
  { field: 'raumNotiz', rule: 'ROOM-34', holds: isEmptyValue, what: 'empty' },
] as const;

/** The defaults of every creation answer, for the fields its body left out (ROOM-21, ROOM-24, ROOM-27, ROOM-31, ROOM-34). */
export function roomDefaultsJudge(): Judge {
  // Rooms the answers showed: a creation answering one of them created nothing (ROOM-52's), so it shows no defaults of its own.
  const shown = new BoundedMap<string, true>(ROOMS_KEPT);
  return {
    rules: DEFAULTS.map((d) => d.rule),
    // It judges and remembers the rooms of successful answers, which only room rows give.
    reads: { endpoints: Object.values(ROOM_ROWS) },
    see(x, ledger) {
      const route = roomRouteOf(x);
      // Without a token the answer is 401, whatever the body (AUTH-1).
      if (!route || route.kind === 'other' || x.customer === undefined) return;
      const rooms = answeredRooms(x);
      // No room shown: nothing to judge, nothing to remember.
      if (rooms.length === 0) return;
      const sent = route.kind === 'create' && isSuccess(x) ? writeBodyOf(x)?.value : undefined;
      const roomData = isPlainObject(sent) && isPlainObject(sent.roomData) ? sent.roomData : undefined;
      const answered = rooms[0]?.roomData;
      if (roomData && answered && !rooms.some((r) => r.name !== undefined && shown.get(r.name))) {
        for (const d of DEFAULTS) {
          if (d.field in roomData || !(d.field in answered)) continue;
          const value = answered[d.field];
          ledger.judge(d.rule, x, d.holds(value), () => `a room created without ${d.field} has ${d.field} ${describeValue(value)}, not the default (${d.what})`);
        }
      }
      for (const room of rooms) if (room.name !== undefined) shown.set(room.name, true);
    },
  };
}
