import type { EndpointId } from '../../../spec/endpoints.js';
import { fact, type ExchangeView } from '../../judge/exchange-view.js';
import { CHANGE_ROW, PASSWORD_ROW } from '../projects/project-rows.js';

const routeOfFact = fact(routeOf);

/**
 * Which room endpoint an exchange addressed, with the key as sent and the room id decoded: room ids
 * go into the path URL-escaped, and `room.id` is compared with what the path named. Methods the
 * endpoint table lacks (DELETE) are kept apart: ROOM-54 reads them.
 */
export type RoomRoute = (ProjectRoute & { kind: 'list' | 'create' }) | (OneRoomRoute & { kind: 'read' }) | (OneRoomRoute & { kind: 'change' }) | (OneRoomRoute & { kind: 'other' });

interface ProjectRoute {
  /** The key as the path spelt it. */
  key: string;
  /** The project as `projectOf` names it. */
  project: string;
}

interface OneRoomRoute extends ProjectRoute {
  /** The id the path named, decoded. */
  roomId: string;
  /** The room as `roomOf` names it. */
  room: string;
}

const ROOMS_PATH = /^\/reports\/([A-Za-z]{9})\/rooms$/;
const ROOM_PATH = /^\/reports\/([A-Za-z]{9})\/rooms\/([^/]+)$/;
/** Where `/rooms` follows `/reports/{nine letters}`: a path without it there is no room path, told without a regex. */
const ROOMS_AT = '/reports/'.length + 9;

/**
 * The rows of the routes but `other` (no row has its methods): a judge that reads only room
 * answers reads these.
 */
export const ROOM_ROWS: Readonly<Record<Exclude<RoomRoute['kind'], 'other'>, EndpointId>> = {
  list: 'rooms.list',
  create: 'rooms.create',
  read: 'rooms.detail',
  change: 'rooms.change',
};

/** Every judge of rooms asks each exchange: the route is worked out once, and only for room paths. */
export function roomRouteOf(x: ExchangeView): RoomRoute | undefined {
  const path = x.apiPath;
  if (path === undefined || !path.startsWith('/rooms', ROOMS_AT)) return undefined;
  return x.derived(routeOfFact);
}

function routeOf(x: ExchangeView): RoomRoute | undefined {
  const path = x.apiPath as string;
  const list = ROOMS_PATH.exec(path);
  if (list) {
    const key = list[1] as string;
    if (x.method === 'GET') return { kind: 'list', key, project: projectOf(key) };
    if (x.method === 'POST') return { kind: 'create', key, project: projectOf(key) };
    return undefined;
  }
  const one = ROOM_PATH.exec(path);
  if (!one || x.method === 'OPTIONS' || x.method === 'HEAD') return undefined;
  const key = one[1] as string;
  const roomId = decoded(one[2] as string);
  if (roomId === undefined) return undefined;
  const kind = x.method === 'GET' ? 'read' : x.method === 'PATCH' ? 'change' : 'other';
  return { kind, key, project: projectOf(key), roomId, room: roomOf(key, roomId) };
}

/**
 * A project as the judges remember it: "the route accepts nine letters including uppercase", and
 * created keys are lowercase, so two spellings of a key never name two projects.
 */
export function projectOf(key: string): string {
  return key.toLowerCase();
}

/** A room as the judges remember it: its project and its id exactly as `room.id` gave it. */
export function roomOf(key: string, roomId: string): string {
  return `${projectOf(key)}/${roomId}`;
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The project whose own paths a write addressed (its PATCH and its password), after which its year
 * is not known until read again; undefined for any other exchange.
 */
export function projectWrittenBy(x: ExchangeView): string | undefined {
  const id = x.endpoint?.id;
  if (id !== CHANGE_ROW && id !== PASSWORD_ROW) return undefined;
  const key = x.params.projectKey;
  return key === undefined ? undefined : projectOf(key);
}
