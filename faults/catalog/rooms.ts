import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { FLOORS, parseRoomPatch, roomDataOut, type StoredRoomData } from '../../reference-server/src/domain/room-fields.js';
import { errors } from '../../reference-server/src/http/api-error.js';
import type { Room } from '../../reference-server/src/store/rooms.js';
import type { Store } from '../../reference-server/src/store/store.js';
import { authenticatedCustomer } from '../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { isPlainObject, type Json } from '../../reference-server/seams/json-shapes.js';
import { isRoomChange, isRoomCreation, isRoomPath, isRoomWrite, ONE_ROOM_PATH, ROOM_LIST_PATH } from '../../reference-server/seams/paths.js';
import { rewriteJson, rewriteStatus } from '../../reference-server/seams/response-rewrite.js';
import { onRoomData, roomDataOf } from '../../reference-server/seams/room-data.js';
import { trackOwnedProjects, wrapRepository } from '../../reference-server/seams/store-wrap.js';
import { acceptedAlone, dropInvalidBesideValid } from '../kit/partial-patch.js';
import type { Fault } from '../fault.js';

/**
 * Faults of the room endpoints. They break one rule each: at the HTTP level (rewritten bodies and
 * statuses, rewritten request bodies after parsing) or inside the store (repositories wrapped),
 * the way a real implementation would get it wrong.
 */

// -------------------------------------------------------------------------------------------------
// Helpers
// -------------------------------------------------------------------------------------------------

type RoomJson = { id: string; projectKey: string; roomData: Record<string, unknown> };

/** Rewrites every room object of room responses (`{room}` and `{rooms[]}`). */
function rewriteRooms(fn: (room: RoomJson, req: Request) => RoomJson): RequestHandler {
  return rewriteJson((body, req) => {
    if (!isRoomPath(req) || !isPlainObject(body)) return body;
    if (isPlainObject(body.room)) return { ...body, room: fn(body.room as RoomJson, req) };
    if (Array.isArray(body.rooms)) return { ...body, rooms: (body.rooms as RoomJson[]).map((room) => fn(room, req)) };
    return body;
  });
}

/**
 * A PATCH that deletes `field` (stored as '') keeps the stored value instead. The route reads the
 * room (findInProject) in the transaction that updates it, so that read is the stored state.
 */
function deletionIgnored(deps: AppDeps, field: string): AppDeps {
  const stored = new Map<number, Room>();
  return wrapRepository(deps, 'rooms', (rooms) => ({
    findInProject: (publicId: string, projectId: number) => {
      const room = rooms.findInProject(publicId, projectId);
      if (room) stored.set(room.id, room);
      return room;
    },
    updateData: (id: number, data: Record<string, string>, at: Date) => {
      const before = stored.get(id)?.data ?? {};
      rooms.updateData(id, data[field] === '' ? { ...data, [field]: before[field] ?? '' } : data, at);
    },
  }));
}

const characters = (text: string) => [...text].length;

/** `''` or null for `field` stand for `fallback` (a default), so the "deletion" is accepted. */
function roomFieldFallsBack(field: string, fallback: unknown): RequestHandler {
  return onRoomData((roomData) => {
    if (roomData[field] === '' || roomData[field] === null) roomData[field] = fallback;
  }, isRoomChange);
}

const ROOM_OF_PLAIN_KEY = /^\/reports\/[A-Za-z]{9}\/rooms\/[^/]+$/;

function roomFields(req: Request): Json | undefined {
  const body: unknown = req.body;
  return ROOM_OF_PLAIN_KEY.test(req.path) && isPlainObject(body) && isPlainObject(body.roomData) ? body.roomData : undefined;
}

const validRoomField = acceptedAlone(parseRoomPatch, (fields) => ({ roomData: fields }));

// -------------------------------------------------------------------------------------------------
// Faults
// -------------------------------------------------------------------------------------------------

export const roomFaults: Fault[] = [
  // --- endpoints and the room object ---------------------------------------------------------------
  {
    id: 'room-create-200',
    description: 'POST .../rooms answers 200 instead of 201',
    rules: ['ROOM-2'],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (isRoomCreation(req) && status === 201 ? 200 : status))),
  },
  {
    id: 'room-id-altered',
    description: 'the creation response shows the room id in upper case, which does not address the room',
    rules: ['ROOM-7'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteRooms((room, req) => (isRoomCreation(req) ? { ...room, id: room.id.toUpperCase() } : room)),
      ),
  },
  {
    id: 'room-project-key-omitted',
    description: 'room objects leave out projectKey',
    rules: ['ROOM-5'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteRooms((room) => {
          const { projectKey: _omitted, ...rest } = room;
          return rest as RoomJson;
        }),
      ),
  },
  {
    id: 'room-read-unwrapped',
    description: 'GET of one room answers the bare room object instead of {room}',
    rules: ['ROOM-3'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req) => (req.method === 'GET' && ONE_ROOM_PATH.test(req.path) && isPlainObject(body) && isPlainObject(body.room) ? body.room : body)),
      ),
  },
  {
    id: 'room-patch-201',
    description: 'PATCH of a room answers 201 instead of 200',
    rules: ['ROOM-4'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        // The route answers with the default 200 (no res.status call), so the status is set on the way out.
        const json = res.json.bind(res);
        res.json = (body: unknown) => json(isRoomChange(req) && res.statusCode === 200 ? (res.status(201), body) : body);
        next();
      }),
  },
  {
    id: 'room-project-key-wrong',
    description: 'room objects carry the project key reversed',
    rules: ['ROOM-6'],
    configure: (deps) => intercept(deps, rewriteRooms((room) => ({ ...room, projectKey: [...room.projectKey].reverse().join('') }))),
  },
  {
    id: 'room-list-misses-newest',
    description: 'GET .../rooms leaves out the newest room of the project',
    rules: ['ROOM-1'],
    configure: (deps) => wrapRepository(deps, 'rooms', (rooms) => ({ listByProject: (projectId: number) => rooms.listByProject(projectId).slice(0, -1) })),
  },
  {
    id: 'room-lookup-ignores-project',
    description: 'a room id is looked up without its project, so the room of another own project is found',
    rules: ['ROOM-8'],
    configure: (deps) => {
      // Which customer owns a project, learnt from the ownership lookups every room route makes first.
      const { deps: tracked, projectById } = trackOwnedProjects(deps);
      return wrapRepository(tracked, 'rooms', (rooms) => ({
        findInProject: (publicId: string, projectId: number) => {
          const owner = projectById(projectId)?.customerId;
          const projects = owner === undefined ? [] : deps.store.projects.listByCustomer(owner);
          return rooms.findInProject(publicId, projectId) ?? projects.map((p) => rooms.findInProject(publicId, p.id)).find((room) => room !== undefined);
        },
      }));
    },
  },
  {
    id: 'room-id-prefix-match',
    description: 'a room id is matched by prefix, so an id with extra characters finds a room',
    rules: ['ROOM-56'],
    configure: (deps) =>
      wrapRepository(deps, 'rooms', (rooms) => ({
        findInProject: (publicId: string, projectId: number) => rooms.listByProject(projectId).find((room) => publicId.startsWith(room.publicId)),
      })),
  },
  {
    id: 'room-foreign-project-visible',
    description: 'project lookups fall back to any customer, so rooms of foreign projects are reachable',
    rules: ['ROOM-9'],
    configure: (deps) => wrapRepository(deps, 'projects', (projects) => ({ findOwned: (key: string) => projects.findByKey(key) })),
  },
  {
    id: 'room-delete-removes',
    description: 'DELETE of a room removes it',
    rules: ['ROOM-54'],
    configure: (deps) => {
      const remove = deps.store.db.prepare('DELETE FROM rooms WHERE public_id = ?');
      return interceptParsed(deps, (req, res, next) => {
        const match = req.method === 'DELETE' ? ONE_ROOM_PATH.exec(req.path) : null;
        if (!match) return next();
        remove.run(decodeURIComponent(match[2] as string));
        res.status(204).end();
      });
    },
  },
  {
    id: 'room-creation-idempotent',
    description: 'a repeated creation with the same name answers 201 with the existing room',
    rules: ['ROOM-52'],
    configure: (deps) => {
      return interceptParsed(deps, (req, res, next) => {
        const match = isRoomCreation(req) ? ROOM_LIST_PATH.exec(req.path) : null;
        const name = roomDataOf(req)?.raumBezeichnung;
        const project = match ? deps.store.projects.findByKey((match[1] as string).toLowerCase()) : undefined;
        const existing = project && typeof name === 'string' ? deps.store.rooms.listByProject(project.id).find((r) => r.data['raumBezeichnung'] === name.trim()) : undefined;
        if (!project || !existing) return next();
        res.status(201).json({ room: { id: existing.publicId, projectKey: project.key, roomData: roomDataOut(existing.data as StoredRoomData, existing.baujahr) } });
      });
    },
  },
  {
    id: 'room-patch-clears-unsent',
    description: 'PATCH of a room clears the area and the note when they are not sent',
    rules: ['ROOM-49'],
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          roomData.raumFlaeche ??= '';
          roomData.raumNotiz ??= '';
        }, isRoomChange),
      ),
  },
  {
    id: 'room-expired-license-no-reads',
    description: 'an unlocked customer with an expired license gets 403 on the room list and single rooms',
    rules: ['ROOM-50'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const customer = authenticatedCustomer(res);
        next(customer?.license === 'expired' && req.method === 'GET' && isRoomPath(req) ? errors.forbidden('Lizenz abgelaufen.') : undefined);
      }),
  },
  {
    id: 'room-expired-license-no-writes',
    description: 'an unlocked customer with an expired license gets 403 on room creation and change',
    rules: ['ROOM-51'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const customer = authenticatedCustomer(res);
        next(customer?.license === 'expired' && isRoomWrite(req) ? errors.forbidden('Lizenz abgelaufen.') : undefined);
      }),
  },

  // --- output of roomData ---------------------------------------------------------------------------
  {
    id: 'room-empty-baujahr-omitted',
    description: 'roomData leaves out raumBaujahr when the project had no construction year',
    rules: ['ROOM-14'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteRooms((room) => {
          if (room.roomData.raumBaujahr !== '') return room;
          const { raumBaujahr: _omitted, ...rest } = room.roomData;
          return { ...room, roomData: rest };
        }),
      ),
  },
  {
    id: 'room-area-as-number',
    description: 'raumFlaeche is output as a JSON number when set',
    rules: ['ROOM-15'],
    configure: (deps) =>
      intercept(deps, rewriteRooms((room) => (room.roomData.raumFlaeche === '' ? room : { ...room, roomData: { ...room.roomData, raumFlaeche: Number(room.roomData.raumFlaeche) } }))),
  },
  {
    id: 'room-temperature-as-string',
    description: 'raumTemperatur is output as a string',
    rules: ['ROOM-29'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteRooms((room) => ({ ...room, roomData: { ...room.roomData, raumTemperatur: room.roomData.raumTemperatur === null ? null : String(room.roomData.raumTemperatur) } })),
      ),
  },
  {
    id: 'room-floor-as-number',
    description: 'raumEtage is output as a JSON number',
    rules: ['ROOM-20'],
    configure: (deps) => intercept(deps, rewriteRooms((room) => ({ ...room, roomData: { ...room.roomData, raumEtage: Number(room.roomData.raumEtage) } }))),
  },
  {
    id: 'room-floor-7-label-wrong',
    description: 'floor 7 is labelled 6. Obergeschoss / 6. OG instead of Dachgeschoss / DG',
    rules: ['ROOM-44', 'ROOM-45'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteRooms((room) =>
          room.roomData.raumEtage === '7' ? { ...room, roomData: { ...room.roomData, raumEtageBezeichnung: '6. Obergeschoss', raumEtageKuerzel: '6. OG' } } : room,
        ),
      ),
  },
  {
    id: 'room-labels-lag-behind-patch',
    description: 'after a PATCH of the floor, the labels still show the previous floor',
    rules: ['ROOM-47'],
    configure: (deps) => {
      const floorOf = (key: string, publicId: string) => {
        const project = deps.store.projects.findByKey(key.toLowerCase());
        return project && deps.store.rooms.findInProject(publicId, project.id)?.data['raumEtage'];
      };
      return interceptParsed(deps, (req, res, next) => {
        const match = isRoomChange(req) ? ONE_ROOM_PATH.exec(req.path) : null;
        const previous = match ? floorOf(match[1] as string, decodeURIComponent(match[2] as string)) : undefined;
        const labels = previous === undefined ? undefined : FLOORS[Number(previous)];
        if (labels) {
          rewriteRooms((room) => ({ ...room, roomData: { ...room.roomData, raumEtageBezeichnung: labels.bezeichnung, raumEtageKuerzel: labels.kuerzel } }))(req, res, () => {});
        }
        next();
      });
    },
  },

  // --- creation defaults and raumBaujahr --------------------------------------------------------------
  {
    id: 'room-default-floor-0',
    description: 'a room created without raumEtage gets the floor 0 instead of 1',
    rules: ['ROOM-21'],
    configure: (deps) => interceptParsed(deps, onRoomData((roomData) => void (roomData.raumEtage ??= 0), isRoomCreation)),
  },
  {
    id: 'room-default-area-and-note',
    description: 'a room created without area and note gets the area 10 and the note "neu"',
    rules: ['ROOM-24', 'ROOM-34'],
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          roomData.raumFlaeche ??= 10;
          roomData.raumNotiz ??= 'neu';
        }, isRoomCreation),
      ),
  },
  {
    id: 'room-default-height-2.4',
    description: 'a room created without raumHoehe gets the height 2.4 instead of 2.5',
    rules: ['ROOM-27'],
    configure: (deps) => interceptParsed(deps, onRoomData((roomData) => void (roomData.raumHoehe ??= '2.4'), isRoomCreation)),
  },
  {
    id: 'room-default-temperature-21',
    description: 'a room created without raumTemperatur gets 21 instead of 20',
    rules: ['ROOM-31'],
    configure: (deps) => interceptParsed(deps, onRoomData((roomData) => void (roomData.raumTemperatur ??= 21), isRoomCreation)),
  },
  {
    id: 'room-baujahr-not-copied',
    description: 'raumBaujahr stays empty at creation instead of taking the project value',
    rules: ['ROOM-35'],
    configure: (deps) => wrapRepository(deps, 'rooms', (rooms) => ({ insert: (room: Parameters<typeof rooms.insert>[0]) => rooms.insert({ ...room, baujahr: '' }) })),
  },
  {
    id: 'room-baujahr-follows-project',
    description: 'raumBaujahr is read from the project at every request, so it follows project changes',
    rules: ['ROOM-36'],
    configure: (deps) => {
      const { deps: tracked, projectById } = trackOwnedProjects(deps);
      const follow = (room: Room): Room => ({ ...room, baujahr: projectById(room.projectId)?.data['projektBaujahr'] ?? '' });
      return wrapRepository(tracked, 'rooms', (rooms) => ({
        findInProject: (publicId: string, projectId: number) => {
          const room = rooms.findInProject(publicId, projectId);
          return room && follow(room);
        },
        listByProject: (projectId: number) => rooms.listByProject(projectId).map(follow),
      }));
    },
  },
  {
    id: 'room-baujahr-writable',
    description: 'raumBaujahr sent in roomData is accepted and written',
    rules: ['ROOM-11'],
    configure: (deps) => {
      const setBaujahr = deps.store.db.prepare('UPDATE rooms SET baujahr = ? WHERE public_id = ?');
      return interceptParsed(deps, (req, res, next) => {
        const roomData = isRoomWrite(req) ? roomDataOf(req) : undefined;
        if (roomData && 'raumBaujahr' in roomData) {
          const value = String(roomData.raumBaujahr);
          delete roomData.raumBaujahr;
          rewriteJson((body) => {
            if (!isPlainObject(body) || !isPlainObject(body.room)) return body;
            const room = body.room as RoomJson;
            setBaujahr.run(value, room.id);
            return { ...body, room: { ...room, roomData: { ...room.roomData, raumBaujahr: value } } };
          })(req, res, () => {});
        }
        next();
      });
    },
  },

  {
    id: 'room-labels-writable',
    description: 'raumEtageKuerzel and raumEtageBezeichnung sent in roomData are accepted and shown instead of the derived labels',
    rules: ['ROOM-12'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const roomData = isRoomWrite(req) ? roomDataOf(req) : undefined;
        const sent: Record<string, unknown> = {};
        for (const field of ['raumEtageBezeichnung', 'raumEtageKuerzel']) {
          if (roomData && field in roomData) {
            sent[field] = roomData[field];
            delete roomData[field];
          }
        }
        if (Object.keys(sent).length > 0) rewriteRooms((room) => ({ ...room, roomData: { ...room.roomData, ...sent } }))(req, res, () => {});
        next();
      }),
  },
  {
    id: 'room-id-writable',
    description: 'an id sent in roomData at creation becomes the room id',
    rules: ['ROOM-10'],
    configure: (deps) => {
      const setId = deps.store.db.prepare('UPDATE rooms SET public_id = ? WHERE public_id = ?');
      return interceptParsed(deps, (req, res, next) => {
        const roomData = isRoomCreation(req) ? roomDataOf(req) : undefined;
        if (roomData && typeof roomData.id === 'string') {
          const id = roomData.id;
          delete roomData.id;
          rewriteJson((body) => {
            if (!isPlainObject(body) || !isPlainObject(body.room)) return body;
            const room = body.room as RoomJson;
            setId.run(id, room.id);
            return { ...body, room: { ...room, id } };
          })(req, res, () => {});
        }
        next();
      });
    },
  },

  // --- input validation -------------------------------------------------------------------------------
  {
    id: 'room-name-optional',
    description: 'a room created without raumBezeichnung gets the name "Raum"',
    rules: ['ROOM-16'],
    configure: (deps) => interceptParsed(deps, onRoomData((roomData) => void (roomData.raumBezeichnung ??= 'Raum'), isRoomCreation)),
  },
  {
    id: 'room-name-121-accepted',
    description: 'a raumBezeichnung of 121 characters after trimming is accepted (cut to 120)',
    rules: ['ROOM-18'],
    passive: { alsoBreaks: { 'ERR-18': 'a name of 121 characters is an invalid value by ROOM-18, and it was accepted where ERR-18 says an invalid value gives 422 validation' } },
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          const name = roomData.raumBezeichnung;
          if (typeof name === 'string' && characters(name.trim()) === 121) roomData.raumBezeichnung = [...name.trim()].slice(0, 120).join('');
        }),
      ),
  },
  {
    id: 'room-name-whitespace-accepted',
    description: 'a raumBezeichnung of whitespace only is accepted (replaced by "Raum")',
    rules: ['ROOM-17'],
    passive: { alsoBreaks: { 'ERR-18': 'a name of whitespace only is an invalid value by ROOM-17, and it was accepted where ERR-18 says an invalid value gives 422 validation' } },
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          if (typeof roomData.raumBezeichnung === 'string' && roomData.raumBezeichnung.trim() === '') roomData.raumBezeichnung = 'Raum';
        }),
      ),
  },
  {
    id: 'room-floor-8-accepted',
    description: 'floor ids above 7 are accepted (stored as 7)',
    rules: ['ROOM-19'],
    passive: { alsoBreaks: { 'ERR-18': 'floor id 8 is an invalid value by ROOM-19, and it was accepted where ERR-18 says an invalid value gives 422 validation' } },
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          if (Number(roomData.raumEtage) > 7) roomData.raumEtage = 7;
        }),
      ),
  },
  {
    id: 'asserts-room-patch-drops-invalid-beside-valid',
    description: 'a room PATCH drops its invalid fields when valid ones come with them, stores the rest and answers 200',
    rules: ['ROOM-19'],
    passive: { alsoBreaks: { 'ERR-18': 'the invalid floor beside valid fields was dropped with a 200, where ERR-18 says an invalid value gives 422 validation' } },
    configure: (deps) => dropInvalidBesideValid(deps, roomFields, validRoomField, 'ok'),
  },
  {
    id: 'room-floor-decimal-rounded',
    description: 'a non-integer floor is accepted and rounded',
    rules: ['ROOM-43'],
    passive: { alsoBreaks: { 'ERR-18': 'a non-integer floor is an invalid value by ROOM-43, and it was accepted where ERR-18 says an invalid value gives 422 validation' } },
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          const floor = typeof roomData.raumEtage === 'string' ? Number(roomData.raumEtage.replace(',', '.')) : roomData.raumEtage;
          if (typeof floor === 'number' && Number.isFinite(floor) && !Number.isInteger(floor)) roomData.raumEtage = Math.round(floor);
        }),
      ),
  },
  {
    id: 'room-area-zero-accepted',
    description: 'an area of 0 is accepted (stored as 0.01)',
    rules: ['ROOM-22'],
    passive: { alsoBreaks: { 'ERR-18': 'an area of 0 is an invalid value by ROOM-22, and it was accepted where ERR-18 says an invalid value gives 422 validation' } },
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          if (roomData.raumFlaeche === 0 || roomData.raumFlaeche === '0') roomData.raumFlaeche = 0.01;
        }),
      ),
  },
  {
    id: 'room-area-decimal-comma-rejected',
    description: 'an area with a decimal comma is rejected with 422',
    rules: ['ROOM-41'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        const area = isRoomWrite(req) ? roomDataOf(req)?.raumFlaeche : undefined;
        next(typeof area === 'string' && area.includes(',') ? errors.validation('Dezimalkomma nicht erlaubt.', 'raumFlaeche') : undefined);
      }),
  },
  {
    id: 'room-area-deletion-ignored',
    description: 'raumFlaeche sent as empty or null keeps the stored area',
    rules: ['ROOM-23'],
    configure: (deps) => deletionIgnored(deps, 'raumFlaeche'),
  },
  {
    id: 'room-height-deletion-ignored',
    description: 'raumHoehe sent as empty or null keeps the stored height',
    rules: ['ROOM-26'],
    configure: (deps) => deletionIgnored(deps, 'raumHoehe'),
  },
  {
    id: 'room-height-above-100-accepted',
    description: 'a height above 100 is accepted (stored as 100)',
    rules: ['ROOM-25'],
    passive: { alsoBreaks: { 'ERR-18': 'a height above 100 is an invalid value by ROOM-25, and it was accepted where ERR-18 says an invalid value gives 422 validation' } },
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          const height = typeof roomData.raumHoehe === 'string' ? Number(roomData.raumHoehe.replace(',', '.')) : roomData.raumHoehe;
          if (typeof height === 'number' && height > 100) roomData.raumHoehe = 100;
        }),
      ),
  },
  {
    id: 'sequence-third-room-default-height',
    foundBy: 'sequences',
    description: 'the third room created in a project gets the default height 2.5 whatever raumHoehe was sent',
    rules: ['ROOM-25'],
    passive: { unseen: { 'ROOM-25': "the exploration's random sequence may create a third room without sending raumHoehe, or never read it back, so its traffic may not show the height lost" } },
    configure: (deps) =>
      wrapRepository(deps, 'rooms', (rooms) => ({
        insert: (r: Parameters<Store['rooms']['insert']>[0]) => rooms.insert(rooms.listByProject(r.projectId).length === 2 ? { ...r, data: { ...r.data, raumHoehe: '2.5' } } : r),
      })),
  },
  {
    id: 'room-temperature-15-accepted',
    description: 'a temperature of 15 is accepted (stored as 16)',
    rules: ['ROOM-28'],
    passive: { alsoBreaks: { 'ERR-18': 'a temperature of 15 is an invalid value by ROOM-28, and it was accepted where ERR-18 says an invalid value gives 422 validation' } },
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          if (roomData.raumTemperatur === 15 || roomData.raumTemperatur === '15') roomData.raumTemperatur = 16;
        }),
      ),
  },
  {
    id: 'asserts-room-patch-refused-stores-valid',
    description: 'a room PATCH with an invalid or unwritable field answers 422, but stores the valid fields sent beside it',
    rules: ['ROOM-28', 'ROOM-11'],
    passive: {
      alsoBreaks: { 'ROOM-39': 'the PATCH refused for its array raumTemperatur stored the note sent beside it, so it was no refusal of the array value ROOM-39 says gives 422' },
      unseen: {
        'ROOM-28': "the note the PATCH refused for raumTemperatur 27 stored is overwritten by the next refused PATCH (the array one) before the room is read again",
        'ROOM-11': 'the year is not stored, and the note the PATCH refused for raumBaujahr stored is overwritten by the refused PATCHes after it before the room is read again',
      },
    },
    configure: (deps) => dropInvalidBesideValid(deps, roomFields, validRoomField, 'refused'),
  },
  {
    id: 'room-temperature-text-rejected',
    description: 'a temperature sent as numeric text is rejected with 422',
    rules: ['ROOM-40'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        const temperature = isRoomWrite(req) ? roomDataOf(req)?.raumTemperatur : undefined;
        next(typeof temperature === 'string' ? errors.validation('Temperatur als Zahl senden.', 'raumTemperatur') : undefined);
      }),
  },
  {
    id: 'room-note-deletion-ignored',
    description: 'raumNotiz sent as empty string keeps the stored note',
    rules: ['ROOM-33'],
    configure: (deps) => deletionIgnored(deps, 'raumNotiz'),
  },
  {
    id: 'room-note-256-accepted',
    description: 'a note of 256 characters is accepted (cut to 255)',
    rules: ['ROOM-32'],
    passive: { alsoBreaks: { 'ERR-18': 'a note of 256 characters is an invalid value by ROOM-32, and it was accepted where ERR-18 says an invalid value gives 422 validation' } },
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          if (typeof roomData.raumNotiz === 'string' && characters(roomData.raumNotiz) > 255) roomData.raumNotiz = [...roomData.raumNotiz].slice(0, 255).join('');
        }),
      ),
  },
  {
    id: 'room-floor-empty-resets',
    description: "raumEtage '' or null on PATCH resets the floor to its creation default 1 (200) instead of 422",
    rules: ['ROOM-57'],
    configure: (deps) => interceptParsed(deps, roomFieldFallsBack('raumEtage', 1)),
  },
  {
    id: 'room-temperature-empty-resets',
    description: "raumTemperatur '' or null on PATCH resets the temperature to its creation default 20 (200) instead of 422",
    rules: ['ROOM-58'],
    configure: (deps) => interceptParsed(deps, roomFieldFallsBack('raumTemperatur', 20)),
  },
  {
    id: 'room-name-empty-falls-back',
    description: "raumBezeichnung '' or null on PATCH stores the name \"Raum\" (200) instead of 422",
    rules: ['ROOM-59'],
    passive: { alsoBreaks: { 'ERR-18': 'an empty name on PATCH is an invalid value by ROOM-59, and it was answered 200 where ERR-18 says an invalid value gives 422 validation' } },
    configure: (deps) => interceptParsed(deps, roomFieldFallsBack('raumBezeichnung', 'Raum')),
  },
  {
    id: 'room-unknown-field-ignored',
    description: 'unknown fields in roomData are silently dropped',
    rules: ['ROOM-37'],
    passive: { alsoBreaks: { 'ERR-16': 'the unknown roomData field was dropped with a 2xx, where ERR-16 says an unknown field gives 422 validation' } },
    configure: (deps) => {
      const known = new Set(['raumBezeichnung', 'raumEtage', 'raumFlaeche', 'raumHoehe', 'raumTemperatur', 'raumNotiz', 'raumBaujahr', 'raumEtageBezeichnung', 'raumEtageKuerzel', 'id', 'projectKey']);
      return interceptParsed(
        deps,
        onRoomData((roomData) => {
          for (const field of Object.keys(roomData)) if (!known.has(field)) delete roomData[field];
        }),
      );
    },
  },
  {
    id: 'room-boolean-as-number',
    description: 'booleans in numeric fields are taken as 1 and 0',
    rules: ['ROOM-38'],
    passive: { alsoBreaks: { 'ERR-17': 'a boolean in a numeric field is a value of the wrong type, taken as a number where ERR-17 says it gives 422 validation' } },
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          for (const field of ['raumEtage', 'raumFlaeche', 'raumHoehe', 'raumTemperatur']) {
            if (typeof roomData[field] === 'boolean') roomData[field] = roomData[field] ? 1 : 0;
          }
        }),
      ),
  },
  {
    id: 'room-array-first-element',
    description: 'an array as a roomData value is taken as its first element',
    rules: ['ROOM-39'],
    passive: { alsoBreaks: { 'ERR-17': 'an array as a roomData value is a value of the wrong type, taken where ERR-17 says it gives 422 validation' } },
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          for (const [field, value] of Object.entries(roomData)) if (Array.isArray(value)) roomData[field] = value[0];
        }),
      ),
  },
  {
    id: 'room-numeric-text-33-accepted',
    description: 'numeric text longer than 32 characters is accepted (shortened to its number)',
    rules: ['ROOM-42'],
    passive: { alsoBreaks: { 'ERR-18': 'numeric text of 33 characters is an invalid value by ROOM-42, and it was accepted where ERR-18 says an invalid value gives 422 validation' } },
    configure: (deps) =>
      interceptParsed(
        deps,
        onRoomData((roomData) => {
          for (const field of ['raumEtage', 'raumFlaeche', 'raumHoehe', 'raumTemperatur']) {
            const value = roomData[field];
            if (typeof value === 'string' && value.length > 32) roomData[field] = String(Number(value.replace(',', '.')));
          }
        }),
      ),
  },
  {
    id: 'room-body-extra-top-level-ignored',
    description: 'top-level fields next to roomData are silently dropped',
    rules: ['ROOM-48'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if (isRoomWrite(req) && isPlainObject(req.body) && 'roomData' in req.body) req.body = { roomData: req.body.roomData };
        next();
      }),
  },

  // --- base data for the calculation --------------------------------------------------------------------
  {
    id: 'rooms-get-default-components',
    description: 'rooms without components get an outside wall of 10 m2 (U 1.0) each, so base data alone becomes calculable',
    rules: ['ROOM-55'],
    configure: (deps) => {
      const { store } = deps;
      const building = store.building;
      return {
        ...deps,
        store: {
          ...store,
          building: {
            ...building,
            ofProject(projectId: number) {
              const data = building.ofProject(projectId);
              const rooms = store.rooms.listByProject(projectId);
              const bare = rooms.filter((room) => !data.components.some((c) => c.room_id === room.id));
              const walls = bare.map((room) => ({ room_id: room.id, kind: 'wall' as const, area: 10, u_value: 1, adjacency: 'outside' as const, adjacent_temperature: null }));
              return { ...data, components: [...data.components, ...walls] };
            },
          },
        },
      };
    },
  },
];
