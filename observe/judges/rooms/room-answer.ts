import { expectedFloorLabels, FLOOR_LABELS, ROOM_INPUT_FIELDS, ROOM_OUTPUT_ONLY_FIELDS } from '../../../spec/contract/rooms.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import { spelledNumber } from './numeric-text.js';
import type { RoomRoute } from './room-route.js';
import { isPlainObject } from './write-body.js';

/** The nine fields of the roomData table. */
export const TABLE_FIELDS: readonly string[] = [...ROOM_INPUT_FIELDS, ...ROOM_OUTPUT_ONLY_FIELDS];

export const isSuccess = (x: ExchangeView) => x.status >= 200 && x.status <= 299;

/** A room object of an answer with what the judges read of it: its id and roomData, when they have the form. */
export interface AnsweredRoom {
  object: Record<string, unknown>;
  id?: string;
  roomData?: Record<string, unknown>;
}

/** The room objects of a successful room answer: `room`, or the items of `rooms` (a room list). */
export function answeredRooms(x: ExchangeView, route: RoomRoute): AnsweredRoom[] {
  if (!isSuccess(x) || route.kind === 'other') return [];
  const body = x.responseJson;
  if (!isPlainObject(body)) return [];
  const objects = route.kind === 'list' ? (Array.isArray(body.rooms) ? body.rooms : []) : [body.room];
  return objects.filter(isPlainObject).map((object) => ({
    object,
    ...(typeof object.id === 'string' && object.id !== '' && { id: object.id }),
    ...(isPlainObject(object.roomData) && { roomData: object.roomData }),
  }));
}

/**
 * The labels the floor table gives the floor of `roomData`, when its floor id is one of the table
 * (in any spelling of its value, FREE-ROOM-6); undefined for a missing or unknown floor, whose
 * labels the kit cannot produce (ROOM-46).
 */
export function tableLabels(roomData: Record<string, unknown>): { bezeichnung: string; kuerzel: string } | undefined {
  const floor = spelledNumber(roomData.raumEtage);
  if (floor === undefined || !Number.isInteger(floor) || !(floor in FLOOR_LABELS)) return undefined;
  return expectedFloorLabels(String(floor));
}
