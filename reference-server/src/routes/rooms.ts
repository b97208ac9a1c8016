import { Router } from 'express';
import type { Clock } from '../clock.js';
import { statusAfterRoomCreated } from '../domain/project-status.js';
import { parseRoomCreate, parseRoomPatch, roomDataOut, type StoredRoomData } from '../domain/room-fields.js';
import { generateRoomId } from '../domain/room-id.js';
import { errors } from '../http/api-error.js';
import { requiredBody } from '../http/json-body.js';
import type { Project } from '../store/projects.js';
import type { Room } from '../store/rooms.js';
import type { Store } from '../store/store.js';
import { ownedProject } from './owned-project.js';

export interface RoomsDeps {
  store: Store;
  clock: Clock;
  generateRoomId?: () => string;
}

function roomView(project: Project, room: Room) {
  return { id: room.publicId, projectKey: project.key, roomData: roomDataOut(room.data as StoredRoomData, room.baujahr) };
}

/**
 * Room base data. Rooms are only reached through an own project, and a room id is looked up
 * within that project, so another project's room id (even the customer's own) is a 404.
 */
export function roomsRoutes(deps: RoomsDeps): Router {
  const { store, clock } = deps;
  const newRoomId = deps.generateRoomId ?? generateRoomId;
  const router = Router({ strict: true, caseSensitive: true });

  router.get('/reports/:projectKey/rooms', (req, res) => {
    const project = ownedProject(store, res, req.params.projectKey);
    res.json({ rooms: store.rooms.listByProject(project.id).map((r) => roomView(project, r)) });
  });

  router.post('/reports/:projectKey/rooms', (req, res) => {
    const body = requiredBody(req);
    const project = ownedProject(store, res, req.params.projectKey);
    const data = parseRoomCreate(body);
    const room = store.transaction(() => {
      let publicId = newRoomId();
      while (store.rooms.publicIdExists(publicId)) publicId = newRoomId();
      const current = store.projects.findOwned(project.key, project.customerId) as Project;
      const now = clock.now();
      // Room, status and activity change together or not at all.
      store.rooms.insert({ publicId, projectId: current.id, data, baujahr: current.data['projektBaujahr'] ?? '', at: now });
      store.projects.setStatusAndActivity(current.id, statusAfterRoomCreated(current.status), now);
      return store.rooms.findInProject(publicId, current.id) as Room;
    });
    res.status(201).json({ room: roomView(project, room) });
  });

  router.get('/reports/:projectKey/rooms/:roomId', (req, res) => {
    const project = ownedProject(store, res, req.params.projectKey);
    const room = store.rooms.findInProject(req.params.roomId, project.id);
    if (!room) throw errors.notFound();
    res.json({ room: roomView(project, room) });
  });

  router.patch('/reports/:projectKey/rooms/:roomId', (req, res) => {
    const body = requiredBody(req);
    const project = ownedProject(store, res, req.params.projectKey);
    const found = store.rooms.findInProject(req.params.roomId, project.id);
    if (!found) throw errors.notFound();
    const changes = parseRoomPatch(body);
    const room = store.transaction(() => {
      const current = store.rooms.findInProject(found.publicId, project.id) as Room;
      const data: Record<string, string> = { ...current.data, ...changes };
      const now = clock.now();
      store.rooms.updateData(current.id, data, now);
      store.projects.touchActivity(project.id, now);
      return store.rooms.findInProject(found.publicId, project.id) as Room;
    });
    res.json({ room: roomView(project, room) });
  });

  return router;
}
