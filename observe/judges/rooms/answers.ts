import { z } from 'zod';
import { roomSchema } from '../../../spec/contract/rooms.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { IntervalLog } from './interval-log.js';
import { Pending } from './pending.js';
import { FloorLabels } from './labels.js';
import { answeredRooms, isSuccess, TABLE_FIELDS, type AnsweredRoom } from './room-answer.js';
import { roomWriteKey } from './room-log.js';
import { projectOf, roomRouteOf, type RoomRoute } from './room-route.js';
import { TokenTrust } from './token-trust.js';
import { describeValue, refusableForItsText, writeBodyOf } from './write-body.js';
import { isPlainObject } from '../../json-value.js';

/**
 * "Room object: `id` (string ...), `projectKey`, `roomData`" (open: FREE-ROOM-2). `z.object` lets
 * further members pass as `z.looseObject` does, without copying them (only the verdict is read).
 */
const roomObjectSchema = z.object({ id: roomSchema.shape.id, projectKey: roomSchema.shape.projectKey, roomData: z.object({}) });

const ENDPOINT_ANSWERS = {
  list: { rule: 'ROOM-1', status: 200, form: '`rooms[]` of room objects' },
  create: { rule: 'ROOM-2', status: 201, form: '{room} with the new id in `room.id`' },
  read: { rule: 'ROOM-3', status: 200, form: '{room}' },
  change: { rule: 'ROOM-4', status: 200, form: '{room}' },
} as const;

/** Rooms a customer created, per customer and project, to find them in the room lists that follow. */
const CREATIONS_KEPT = 2000;
const CREATIONS_PER_PROJECT = 50;

/**
 * The answers of the room endpoints: the status and form of every successful one (ROOM-1 to
 * ROOM-4, and a room list that leaves out a room its customer just created), every room object
 * (ROOM-5, ROOM-6, ROOM-14, ROOM-15, ROOM-20, ROOM-29) and its floor labels (ROOM-12, ROOM-44,
 * ROOM-45, ROOM-47: labels.ts).
 */
export function roomAnswerJudge(): Judge {
  // A creation counts only for the lists closely after it.
  const created = new BoundedMap<string, { id: string; x: ExchangeView }[]>(CREATIONS_KEPT, SEQUENCE_HORIZON_MS);
  // Created ids a read or PATCH by the same customer did not find: the creation answer may have told a wrong id (ROOM-7's).
  const notFound = new BoundedMap<string, true>(CREATIONS_KEPT * 10);
  const deletes = new IntervalLog<true>(CREATIONS_KEPT);
  const pending = new Pending(CREATIONS_KEPT * 10);
  const trust = new TokenTrust();
  const labels = new FloorLabels();

  return {
    rules: ['ROOM-1', 'ROOM-2', 'ROOM-3', 'ROOM-4', 'ROOM-5', 'ROOM-6', 'ROOM-12', 'ROOM-14', 'ROOM-15', 'ROOM-20', 'ROOM-29', 'ROOM-44', 'ROOM-45', 'ROOM-47'],
    see(x, ledger) {
      pending.settleBefore(x.sentAt);
      trust.note(x);
      const route = roomRouteOf(x);
      // Without a token the answer is 401 (AUTH-1); to a write refusable for its text, 400, 413 or 415.
      if (!route || x.customer === undefined || ((route.kind === 'create' || route.kind === 'change') && refusableForItsText(x))) return;
      if (route.kind === 'other') {
        deletes.add(roomWriteKey(route.roomId), x, true);
        return;
      }
      if (x.status === 404 && (route.kind === 'read' || route.kind === 'change')) notFound.set(`${x.customer} ${route.project} ${route.roomId}`, true);
      if (!isSuccess(x)) return;
      // An invalid or blocked token served anyway is AUTH-2's and AUTH-3's (token-trust.ts). The
      // answer is read now: the view lets go of its body once every judge has seen it.
      const expected = ENDPOINT_ANSWERS[route.kind];
      const holds = x.status === expected.status && hasForm(x, route);
      pending.add(x.answeredAt, () => {
        if (trust.trusted(x)) ledger.judge(expected.rule, x, holds, () => answerProblem(x, expected));
      });
      const rooms = answeredRooms(x);
      const sent = route.kind === 'create' || route.kind === 'change' ? sentRoomData(x) : undefined;
      for (let i = 0; i < rooms.length; i++) {
        const room = rooms[i] as AnsweredRoom;
        roomObject(x, ledger, route, room);
        labels.judge(x, ledger, route, room, i === 0 ? sent : undefined);
      }
      const id = rooms[0]?.id;
      if (route.kind === 'create' && id !== undefined) {
        const key = `${x.customer} ${route.project}`;
        // Only the map holds the list (the judgements waiting keep its items): it grows in place.
        const creations = created.get(key) ?? [];
        creations.push({ id, x });
        if (creations.length > CREATIONS_PER_PROJECT) creations.shift();
        created.set(key, creations, x.answeredAt);
      }
      if (route.kind === 'list') listHoldsCreated(x, ledger, route, rooms);
    },
    end() {
      pending.settleAll();
    },
  };

  /**
   * A list closely after a creation by the same customer holds the created room, unless something
   * deleted it in between or a read by its id did not find it (then the creation answer may have
   * told a wrong id: ROOM-7's).
   */
  function listHoldsCreated(x: ExchangeView, ledger: Ledger, route: RoomRoute, rooms: readonly AnsweredRoom[]): void {
    if (!x.responseBodyRecorded || !Array.isArray((x.responseJson as { rooms?: unknown } | undefined)?.rooms)) return;
    let listed: ReadonlySet<string | undefined> | undefined;
    for (const creation of created.get(`${x.customer} ${route.project}`) ?? []) {
      if (!followsClosely(creation.x, x)) continue;
      // Most lists follow no creation of their customer closely: the ids are gathered only for one that does.
      listed ??= new Set(rooms.map((r) => r.id));
      const ids = listed;
      pending.add(x.answeredAt, () => {
        const deleted = deletes.overlapping(roomWriteKey(creation.id), creation.x, x);
        if (deleted === undefined || deleted.length > 0 || notFound.get(`${x.customer} ${route.project} ${creation.id}`)) return;
        ledger.judge('ROOM-1', x, ids.has(creation.id), () => `the room list of ${route.key} leaves out room ${describeValue(creation.id)}, which the customer created ${Math.round(x.sentAt - creation.x.answeredAt)} ms before`, [creation.x]);
      });
    }
  }
}

/** The roomData a write sent, when its body can be read. */
function sentRoomData(x: ExchangeView): Record<string, unknown> | undefined {
  const body = writeBodyOf(x)?.value;
  return isPlainObject(body) && isPlainObject(body.roomData) ? body.roomData : undefined;
}

/** Whether a successful answer of a room endpoint has the form the endpoint table gives it (ROOM-1 to ROOM-4). */
function hasForm(x: ExchangeView, route: Exclude<RoomRoute, { kind: 'other' }>): boolean {
  const body = x.responseJson;
  if (!x.responseBodyRecorded) return true;
  if (route.kind === 'list') return isPlainObject(body) && Array.isArray(body.rooms) && body.rooms.every(isPlainObject);
  return isPlainObject(body) && isPlainObject(body.room) && (route.kind !== 'create' || (typeof body.room.id === 'string' && body.room.id !== ''));
}

function answerProblem(x: ExchangeView, expected: (typeof ENDPOINT_ANSWERS)[keyof typeof ENDPOINT_ANSWERS]): string {
  return x.status !== expected.status ? `${x.method} ${x.apiPath} answered ${x.status}, not ${expected.status}` : `${x.method} ${x.apiPath} answered ${x.status} without ${expected.form}`;
}

/** Most room objects pass every rule: their messages are made by functions of the module (`Ledger.judgeOf`), only for a failure. */
function roomObject(x: ExchangeView, ledger: Ledger, route: RoomRoute, room: AnsweredRoom): void {
  ledger.judgeOf('ROOM-5', x, isRoomObject(room), misformed, room.object);
  const projectKey = room.object.projectKey;
  // "a room's `projectKey` must be the key of the project it belongs to": the path's, in any case of its letters.
  if (typeof projectKey === 'string') ledger.judgeOf('ROOM-6', x, projectOf(projectKey) === route.project, otherProjectKey, projectKey);
  const data = room.roomData;
  if (!data) return;
  ledger.judgeOf('ROOM-14', x, missingTableFields(data).length === 0, missingFields, data);
  ledger.judgeOf('ROOM-15', x, notTextMembers(data).length === 0, notTextFields, data);
  // "integer floor id 0 to 7; output as string"
  if ('raumEtage' in data) ledger.judgeOf('ROOM-20', x, typeof data.raumEtage === 'string', floorNotText, data.raumEtage);
  // "output is a JSON number, or null when the stored value is missing or unknown"
  if ('raumTemperatur' in data) {
    const t = data.raumTemperatur;
    ledger.judgeOf('ROOM-29', x, t === null || (typeof t === 'number' && Number.isFinite(t)), temperatureNotNumber, t);
  }
}

const misformed = (x: ExchangeView, object: Record<string, unknown>) => `${where(x)} lacks or misforms ${misformedMembers(object).join(', ')}`;
const otherProjectKey = (x: ExchangeView, projectKey: string) => `${where(x)} has projectKey ${describeValue(projectKey)}`;
const missingFields = (x: ExchangeView, data: Record<string, unknown>) => `${where(x)} has no ${missingTableFields(data).join(', ')} in roomData`;
const notTextFields = (x: ExchangeView, data: Record<string, unknown>) => `${where(x)} returns ${notTextMembers(data).map(([f, v]) => `${f} ${describeValue(v)}`).join(', ')}, not as strings`;
const floorNotText = (x: ExchangeView, floor: unknown) => `${where(x)} returns raumEtage ${describeValue(floor)}, not as a string`;
const temperatureNotNumber = (x: ExchangeView, t: unknown) => `${where(x)} returns raumTemperatur ${describeValue(t)}, not a JSON number`;

/**
 * Whether a room object has the form of ROOM-5. Its id and roomData were read with the answer
 * (`answeredRooms`) by the very tests the schema makes of them; the schema is asked of the rest.
 */
function isRoomObject(room: AnsweredRoom): boolean {
  if (room.id === undefined || room.roomData === undefined) return roomObjectSchema.safeParse(room.object).success;
  return roomObjectSchema.shape.projectKey.safeParse(room.object.projectKey).success;
}

/** The members of a room object that break ROOM-5, by the schema's issues. */
function misformedMembers(object: Record<string, unknown>): string[] {
  return [...new Set(roomObjectSchema.safeParse(object).error?.issues.map((i) => String(i.path[0])))];
}

/** Messages only: most room objects pass every rule, and their judgements need no text. */
function where(x: ExchangeView): string {
  return `a room object of ${x.method} ${x.apiPath}`;
}

/** Nothing missing or misformed, as most room objects come: one array for all of them. */
const NONE: readonly never[] = Object.freeze([]);

/** The fields of the roomData table that `data` lacks. */
function missingTableFields(data: Record<string, unknown>): readonly string[] {
  let missing: string[] | undefined;
  for (const field of TABLE_FIELDS) if (!(field in data)) (missing ??= []).push(field);
  return missing ?? NONE;
}

/**
 * "all values returned as strings except `raumTemperatur`"; further members are strings too
 * (FREE-ROOM-3). The floor is ROOM-20's. The members of `data` that break it, in their order.
 */
function notTextMembers(data: Record<string, unknown>): readonly (readonly [string, unknown])[] {
  let notText: [string, unknown][] | undefined;
  for (const field in data) {
    const value = data[field];
    if (field !== 'raumTemperatur' && field !== 'raumEtage' && typeof value !== 'string') (notText ??= []).push([field, value]);
  }
  return notText ?? NONE;
}
