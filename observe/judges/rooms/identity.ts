import { ENDPOINTS, hasPathParameter, type EndpointId } from '../../../spec/endpoints.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { answeredRooms, isSuccess } from './room-answer.js';
import { projectOf, roomRouteOf, type RoomRoute } from './room-route.js';
import { sameText } from './room-text.js';
import { describeValue, refusableForItsText, writeBodyOf } from './write-body.js';
import { isPlainObject } from '../../json-value.js';
import { CREATION_ROWS } from '../projects/project-rows.js';

const KEPT = 20_000;
/**
 * What it judges and remembers comes from a row with a project key in its path (the room rows
 * among them) or from a project creation; a 429 tells nothing of either.
 */
const READ_ROWS: readonly EndpointId[] = [...ENDPOINTS.filter((e) => hasPathParameter(e, 'projectKey')).map((e) => e.id), ...CREATION_ROWS];
/** Creations of one project within the horizon that a further one is compared with. */
const CREATIONS_PER_PROJECT = 200;

/**
 * Room ids across a customer's projects and creations: a room the customer created under one of
 * its projects, asked for under another of them, is not found there (ROOM-8), and two creations in
 * one project give two ids (ROOM-52).
 *
 * A success under the other project fails ROOM-8 only when it shows the created room itself: its
 * name as last seen, under an id the other project never showed. A target may number rooms per
 * project (FREE-ROOM-4), so the same id there may be another room.
 */
export function roomIdentityJudge(): Judge {
  const createdBy = new BoundedMap<string, { project: string; name: unknown; x: ExchangeView }>(KEPT);
  /**
   * The customers of `createdBy`'s entries and maybe more: written with it, as bounded, it forgets
   * no customer before the entries of that customer. Most rooms answered are of a customer who
   * created none of those kept, told by one lookup of the customer per exchange rather than one of
   * a key built per room.
   */
  const creators = new BoundedMap<string, true>(KEPT);
  const ownProjects = new BoundedMap<string, true>(KEPT);
  const idsOfProject = new BoundedMap<string, true>(KEPT * 2);
  // A creation is compared only with those within the horizon of it.
  const creations = new BoundedMap<string, { id: string; x: ExchangeView }[]>(KEPT, SEQUENCE_HORIZON_MS);
  // Writing again the entry written last changes nothing: a customer's exchanges come by the run on one project.
  let lastOwnCustomer: string | undefined;
  let lastOwnKey: string | undefined;

  return {
    rules: ['ROOM-8', 'ROOM-52'],
    reads: { endpoints: READ_ROWS },
    see(x, ledger) {
      const route = roomRouteOf(x);
      const customer = x.customer;
      // Without a token the answer is 401 (AUTH-1); to a write refusable for its text, 400, 413 or 415.
      if (customer === undefined || (route && (route.kind === 'create' || route.kind === 'change') && refusableForItsText(x))) return;
      if (route && (route.kind === 'read' || route.kind === 'change')) otherProject(x, ledger, route, customer);
      if (isSuccess(x)) noteOwnProject(x, customer);
      if (!route || route.kind === 'other') return;
      const rooms = answeredRooms(x);
      const mayHaveCreated = rooms.length > 0 && creators.get(customer) === true;
      for (const room of rooms) {
        if (room.id === undefined) continue;
        idsOfProject.set(room.name, true);
        if (!mayHaveCreated) continue;
        const origin = createdBy.get(`${customer} ${room.id}`);
        if (origin?.project === route.project && room.roomData) origin.name = room.roomData.raumBezeichnung;
      }
      const created = rooms[0];
      if (route.kind !== 'create' || created?.id === undefined) return;
      const id = created.id;
      // "a repeated room creation must create a further room with a different id (no idempotency key)"
      const recent = (creations.get(route.project) ?? []).filter((c) => c.x !== x && Math.abs(x.sentAt - c.x.sentAt) <= SEQUENCE_HORIZON_MS);
      if (recent.length > 0) {
        const same = recent.find((c) => c.id === id);
        ledger.judge('ROOM-52', x, same === undefined, () => `${x.method} ${x.apiPath} answered the id ${describeValue(id)} of the room an earlier creation made`, same ? [same.x] : []);
      }
      recent.push({ id, x });
      if (recent.length > CREATIONS_PER_PROJECT) recent.shift();
      creations.set(route.project, recent, x.answeredAt);
      createdBy.set(`${customer} ${id}`, { project: route.project, name: created.roomData?.raumBezeichnung, x });
      creators.set(customer, true);
    },
  };

  function noteOwnProject(x: ExchangeView, customer: string): void {
    const key = x.params.projectKey;
    if (key !== undefined) ownProject(customer, key);
    const endpoint = x.endpoint?.id;
    if (endpoint === undefined || !CREATION_ROWS.includes(endpoint)) return;
    const created = (x.responseJson as { projektHeader?: { key?: unknown } } | undefined)?.projektHeader?.key;
    if (typeof created === 'string') ownProject(customer, created);
  }

  function ownProject(customer: string, key: string): void {
    if (lastOwnCustomer === customer && lastOwnKey === key) return;
    ownProjects.set(`${customer} ${projectOf(key)}`, true);
    lastOwnCustomer = customer;
    lastOwnKey = key;
  }

  /** "A room id must belong to the project in the path, otherwise 404, even if both projects belong to the same customer." */
  function otherProject(x: ExchangeView, ledger: Ledger, route: Extract<RoomRoute, { kind: 'read' | 'change' }>, customer: string): void {
    const origin = creators.get(customer) ? createdBy.get(`${customer} ${route.roomId}`) : undefined;
    if (!origin || origin.project === route.project || !ownProjects.get(`${customer} ${route.project}`)) return;
    if (x.status === 404) {
      ledger.held('ROOM-8', x);
      return;
    }
    if (!isSuccess(x)) return;
    const answered = answeredRooms(x)[0];
    const renamed = route.kind === 'change' && sentName(x);
    const itself = answered?.id === route.roomId && !idsOfProject.get(route.room) && !renamed && typeof origin.name === 'string' && sameText(answered.roomData?.raumBezeichnung, origin.name);
    if (itself) ledger.broke('ROOM-8', x, `${x.method} ${x.apiPath} answered ${x.status} with the room ${describeValue(route.roomId)} the customer created in project ${origin.project}`, [origin.x]);
  }
}

function sentName(x: ExchangeView): boolean {
  const body = writeBodyOf(x)?.value;
  return !isPlainObject(body) || !isPlainObject(body.roomData) || 'raumBezeichnung' in body.roomData;
}
