import { expectedFloorLabels, FLOOR_LABELS, ROOM_INPUT_FIELDS, ROOM_OUTPUT_ONLY_FIELDS } from '../../../spec/contract/rooms.js';
import { fact, type ExchangeView } from '../../judge/exchange-view.js';
import { roomRouteOf } from './room-route.js';
import { isPlainObject } from '../../json-value.js';

const roomsOfFact = fact(roomsOf);

/** The nine fields of the roomData table. */
export const TABLE_FIELDS: readonly string[] = [...ROOM_INPUT_FIELDS, ...ROOM_OUTPUT_ONLY_FIELDS];

export const isSuccess = (x: ExchangeView) => x.status >= 200 && x.status <= 299;

/** A room object of an answer with what the judges read of it: its id and roomData, when they have the form. */
export interface AnsweredRoom {
  object: Record<string, unknown>;
  id?: string;
  roomData?: Record<string, unknown>;
}

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
  return objects.filter(isPlainObject).map((object) => ({
    object,
    ...(typeof object.id === 'string' && object.id !== '' && { id: object.id }),
    ...(isPlainObject(object.roomData) && { roomData: object.roomData }),
  }));
}

/**
 * The labels the floor table gives a room's floor (`raumEtage` in any spelling of its value,
 * FREE-ROOM-6: `spelledNumber`), when its floor id is one of the table; undefined for a missing or
 * unknown floor, whose labels the kit cannot produce (ROOM-46).
 */
export function tableLabels(floor: number | undefined): { bezeichnung: string; kuerzel: string } | undefined {
  if (floor === undefined || !Number.isInteger(floor) || !(floor in FLOOR_LABELS)) return undefined;
  return expectedFloorLabels(String(floor));
}
