import { FLOOR_LABELS, ROOM_INPUT_FIELDS, ROOM_OUTPUT_ONLY_FIELDS, type FloorId } from '../../../spec/contract/rooms.js';
import { fact, type ExchangeView } from '../../judge/exchange-view.js';
import { roomOf, roomRouteOf } from './room-route.js';
import { isPlainObject } from '../../json-value.js';

const roomsOfFact = fact(roomsOf);

/** The nine fields of the roomData table. */
export const TABLE_FIELDS: readonly string[] = [...ROOM_INPUT_FIELDS, ...ROOM_OUTPUT_ONLY_FIELDS];

export const isSuccess = (x: ExchangeView) => x.status >= 200 && x.status <= 299;

/**
 * A room object of an answer with what the judges read of it: its id and roomData, when they have
 * the form, and with the id the room as `roomOf` names it under the path's project (`name`): every
 * judge of rooms keys its memory of the room by that, so one string serves them all.
 */
export type AnsweredRoom = { object: Record<string, unknown>; roomData?: Record<string, unknown> } & ({ id: string; name: string } | { id?: undefined; name?: undefined });

const NO_ROOMS: readonly AnsweredRoom[] = Object.freeze([]);

/**
 * The room objects of a successful room answer: `room`, or the items of `rooms` (a room list).
 * Every judge of rooms reads them, so they are read once per exchange, and none may change them.
 */
export function answeredRooms(x: ExchangeView): readonly AnsweredRoom[] {
  if (!isSuccess(x) || roomRouteOf(x) === undefined) return NO_ROOMS;
  return x.derived(roomsOfFact);
}

function roomsOf(x: ExchangeView): readonly AnsweredRoom[] {
  const route = roomRouteOf(x);
  if (route === undefined || route.kind === 'other') return NO_ROOMS;
  const body = x.responseJson;
  if (!isPlainObject(body)) return NO_ROOMS;
  const objects = route.kind === 'list' ? (Array.isArray(body.rooms) ? body.rooms : []) : [body.room];
  return objects.filter(isPlainObject).map((object) => {
    const id = object.id;
    const room: AnsweredRoom = typeof id === 'string' && id !== '' ? { object, id, name: roomOf(route.key, id) } : { object };
    if (isPlainObject(object.roomData)) room.roomData = object.roomData;
    return room;
  });
}

/**
 * The labels the floor table gives a room's floor (`raumEtage` in any spelling of its value,
 * FREE-ROOM-6: `spelledNumber`), when its floor id is one of the table; undefined for a missing or
 * unknown floor, whose labels the kit cannot produce (ROOM-46).
 */
export function tableLabels(floor: number | undefined): { bezeichnung: string; kuerzel: string } | undefined {
  if (floor === undefined || !Number.isInteger(floor) || !(floor in FLOOR_LABELS)) return undefined;
  return FLOOR_LABELS[floor as FloorId];
}
