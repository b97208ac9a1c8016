import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../src/app.js';
import { parseRoomCreate, parseRoomPatch } from '../../src/domain/room-fields.js';
import { intercept, interceptParsed } from '../../seams/intercept.js';
import { isPlainObject, type Json } from '../../seams/json-shapes.js';
import { is, isRoomChange, isRoomCreation, isRoomPath, isRoomWrite, ONE_ROOM_PATH, ROOM_LIST_PATH } from '../../seams/paths.js';
import { rewriteJsonOf } from '../../seams/response-rewrite.js';
import { onRoomData, roomDataOf } from '../../seams/room-data.js';
import { wrapRepository } from '../../seams/store-wrap.js';
import { variations } from '../variation.js';

/**
 * Readings of the rooms area's freedoms (spec/freedoms/rooms.ts) that the reference server can take.
 * Answers are rewritten on their way out (room objects of successful answers only, every other
 * member kept, so that other variations rewriting the same answer compose), ids and stored texts
 * inside the store, so that every answer and every lookup sees the same room.
 */

/** Rewrites the room objects of successful room answers (`{room}` and `rooms[]`). */
function rewriteRoomAnswers(fn: (room: Json, req: Request) => Json): RequestHandler {
  return rewriteJsonOf(isRoomPath, (body, req, res) => {
    if (res.statusCode >= 300 || !isPlainObject(body)) return body;
    if (isPlainObject(body.room)) return { ...body, room: fn(body.room, req) };
    if (Array.isArray(body.rooms)) return { ...body, rooms: body.rooms.map((room: unknown) => (isPlainObject(room) ? fn(room, req) : room)) };
    return body;
  });
}

/** The value of a returned numeric text, in whatever spelling an earlier rewrite gave it. */
const valueOf = (text: unknown) => (typeof text === 'string' && text !== '' ? Number(text.replace(',', '.')) : Number.NaN);

/** What an implementer might name the four room operations in `action` ("not shown"). */
function actionOf(req: Request): string {
  if (isRoomCreation(req)) return 'createRoom';
  if (isRoomChange(req)) return 'updateRoom';
  return ONE_ROOM_PATH.test(req.path) ? 'getRoom' : 'getRooms';
}

/**
 * Room ids of another form: each new room is stored under `next()` instead of the server's own id.
 * The route looks the new room up once by the id it generated, right after storing it; that lookup
 * is mapped, so the server's ids never address a room, and only the new form goes out.
 */
function roomIdsOfAnotherForm(deps: AppDeps, next: () => string): AppDeps {
  const generated = new Map<string, string>();
  return wrapRepository(deps, 'rooms', (rooms) => ({
    insert: (room: Parameters<typeof rooms.insert>[0]) => {
      let id = next();
      while (rooms.publicIdExists(id)) id = next();
      generated.set(room.publicId, id);
      rooms.insert({ ...room, publicId: id });
    },
    findInProject: (publicId: string, projectId: number) => {
      const id = generated.get(publicId);
      generated.delete(publicId);
      return rooms.findInProject(id ?? publicId, projectId);
    },
  }));
}

/** A decimal text with at least two places and the decimal comma ("2,50", "100000,00", "0,01"). */
function withDecimalComma(text: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, whole = '', fraction = ''] = match;
  return `${whole},${fraction.padEnd(2, '0')}`;
}

/** Output-only fields of the roomData table. */
const OUTPUT_ONLY = ['raumBaujahr', 'raumEtageBezeichnung', 'raumEtageKuerzel'];

/** A room write on a well-formed path (a malformed key stays "not found" whatever the body). */
const isWellFormedRoomWrite = (req: Request) => isRoomWrite(req) && /^\/reports\/[A-Za-z]{9}\/rooms(?:\/[^/]+)?$/.test(req.path);

export const roomsVariations = variations([
  {
    id: 'room-answer-extra-members',
    freedoms: ['FREE-ROOM-1', 'FREE-ROOM-2', 'FREE-ROOM-3'],
    description:
      'room answers lead with `status` (the HTTP status), `action` and `projectKey` before `room`/`rooms`; each room object carries `createdAt` and `updatedAt`, and its roomData a derived `raumVolumen` (text)',
    configure: (deps) => {
      const times = deps.store.db.prepare<[string], { created_at: string; updated_at: string }>('SELECT created_at, updated_at FROM rooms WHERE public_id = ?');
      const timestamped = rewriteRoomAnswers((room) => {
        const row = typeof room.id === 'string' ? times.get(room.id) : undefined;
        const data = isPlainObject(room.roomData) ? room.roomData : undefined;
        const volume = valueOf(data?.raumFlaeche) * valueOf(data?.raumHoehe);
        return {
          ...room,
          ...(row ? { createdAt: row.created_at, updatedAt: row.updated_at } : {}),
          ...(data ? { roomData: { ...data, raumVolumen: Number.isFinite(volume) ? String(Math.round(volume * 100) / 100) : '' } } : {}),
        };
      });
      const wrapped = rewriteJsonOf(isRoomPath, (body, req, res) => {
        if (res.statusCode >= 300 || !isPlainObject(body) || !('room' in body || 'rooms' in body)) return body;
        const pathKey = (ONE_ROOM_PATH.exec(req.path) ?? ROOM_LIST_PATH.exec(req.path))?.[1];
        const projectKey = isPlainObject(body.room) ? body.room.projectKey : pathKey?.toLowerCase();
        return { status: res.statusCode, action: actionOf(req), projectKey, ...body };
      });
      return intercept(deps, timestamped, wrapped);
    },
  },
  {
    id: 'room-ids-numeric',
    freedoms: ['FREE-ROOM-4'],
    description: 'new rooms get ids from a numeric sequence ("1", "2", ...), as a database key would give them',
    configure: (deps) => {
      let counter = 0;
      return roomIdsOfAnotherForm(deps, () => String(++counter));
    },
  },
  {
    id: 'room-ids-uuid',
    freedoms: ['FREE-ROOM-4'],
    description: 'new rooms get UUIDs as ids',
    configure: (deps) => roomIdsOfAnotherForm(deps, () => randomUUID()),
  },
  {
    id: 'room-list-newest-first',
    freedoms: ['FREE-ROOM-5'],
    description: 'GET .../rooms lists the newest room first',
    configure: (deps) =>
      intercept(
        deps,
        rewriteJsonOf(is('GET', ROOM_LIST_PATH), (body, _req, res) =>
          res.statusCode === 200 && isPlainObject(body) && Array.isArray(body.rooms) ? { ...body, rooms: [...(body.rooms as unknown[])].reverse() } : body,
        ),
      ),
  },
  {
    id: 'room-decimals-comma',
    freedoms: ['FREE-ROOM-6'],
    description: 'area and height are returned with the decimal comma and at least two places ("2,50")',
    configure: (deps) =>
      intercept(
        deps,
        rewriteRoomAnswers((room) => {
          if (!isPlainObject(room.roomData)) return room;
          const data: Json = { ...room.roomData };
          for (const field of ['raumFlaeche', 'raumHoehe']) if (typeof data[field] === 'string') data[field] = withDecimalComma(data[field]);
          return { ...room, roomData: data };
        }),
      ),
  },
  {
    id: 'room-name-as-sent',
    freedoms: ['FREE-ROOM-7'],
    description: 'raumBezeichnung is stored and returned as sent, surrounding whitespace included (its length still counted after trimming)',
    configure: (deps) => {
      // The name as sent, for the store writes of the request that sent it (the route validates and trims it in between).
      const sentName = new AsyncLocalStorage<string>();
      const asSent = (data: Record<string, string>) => {
        const sent = sentName.getStore();
        return sent !== undefined && data['raumBezeichnung'] === sent.trim() ? { ...data, raumBezeichnung: sent } : data;
      };
      const stored = wrapRepository(deps, 'rooms', (rooms) => ({
        insert: (room: Parameters<typeof rooms.insert>[0]) => rooms.insert({ ...room, data: asSent(room.data) }),
        updateData: (id: number, data: Record<string, string>, at: Date) => rooms.updateData(id, asSent(data), at),
      }));
      return interceptParsed(stored, (req, _res, next) => {
        const name = isRoomWrite(req) ? roomDataOf(req)?.raumBezeichnung : undefined;
        if (typeof name === 'string') sentName.run(name, next);
        else next();
      });
    },
  },
  {
    id: 'room-note-trimmed',
    freedoms: ['FREE-ROOM-8'],
    description: 'raumNotiz is stored trimmed (a note of whitespace only deletes it)',
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          if (typeof roomData.raumNotiz === 'string') roomData.raumNotiz = roomData.raumNotiz.trim();
        }),
      ),
  },
  {
    id: 'room-output-fields-ignored',
    freedoms: ['FREE-ROOM-9'],
    description: 'raumBaujahr, raumEtageBezeichnung and raumEtageKuerzel sent in roomData are ignored instead of refused (a PATCH left with no field still gives 422)',
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          for (const field of OUTPUT_ONLY) delete roomData[field];
        }),
      ),
  },
  {
    id: 'room-body-validated-first',
    freedoms: ['FREE-ROOM-10'],
    description: 'room writes validate their body before looking up the project and the room, so an invalid body gives 422 also for a missing or foreign project or room',
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if (!isWellFormedRoomWrite(req) || !isPlainObject(req.body)) return next();
        try {
          if (isRoomCreation(req)) parseRoomCreate(req.body);
          else parseRoomPatch(req.body);
        } catch (err) {
          return next(err);
        }
        next();
      }),
  },
]);
