import type { EndpointId } from '../../../spec/endpoints.js';
import { isDeepStrictEqual } from 'node:util';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, JudgeContext } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { projectWritesState, quietWindowReads, QuietWindows } from './quiet-windows.js';
import { projectKeyOf, RESULTS_ROW } from './results-read.js';
import { DETAIL_ROW } from '../projects/project-rows.js';
import { ROOM_ROWS } from '../rooms/room-route.js';
import { namesSystemTemperatures } from './system-temperatures.js';
import { isPlainObject, type JsonObject } from '../../json-value.js';

/** What the system temperatures act on: "They influence radiator and hydraulic calculation" (contents not shown). */
export interface Calculated {
  radiators: unknown[];
  hydraulicBalance: JsonObject;
}

export function calculatedOf(body: JsonObject): Calculated | undefined {
  const results = body.results;
  if (!isPlainObject(results) || !Array.isArray(results.radiators) || !isPlainObject(results.hydraulicBalance)) return undefined;
  return { radiators: results.radiators, hydraulicBalance: results.hydraulicBalance };
}

const sameCalculation = (a: Calculated, b: Calculated) => isDeepStrictEqual(a.radiators, b.radiators) && isDeepStrictEqual(a.hydraulicBalance, b.hydraulicBalance);

interface Seen<T> {
  x: ExchangeView;
  value: T;
}

interface ProjectReads {
  detail?: Seen<JsonObject>;
  rooms?: Seen<string[]>;
  plain?: Seen<Calculated>;
  /** Results calls with system temperatures answered 200, within the horizon. */
  withTemperatures: Seen<Calculated | undefined>[];
}

const MAX_PROJECTS = 512;
/** The reads compared around a results call with system temperatures, and the results calls themselves. */
const COMPARED_ROWS: readonly EndpointId[] = [DETAIL_ROW, ROOM_ROWS.list, RESULTS_ROW];
const COMPARED: ReadonlySet<EndpointId | undefined> = new Set(COMPARED_ROWS);
const CALLS_PER_PROJECT = 8;

/**
 * "Values apply to this calculation only and are not stored" and "Rooms or radiators cannot be
 * created through this endpoint" (RES-24, RES-28): a project read, its room list, or its results
 * without parameters, before and after a results call with system temperatures, with no write to
 * the project in between, must be the same.
 */
export function notStoredJudge(context: JudgeContext): Judge {
  const projects = new BoundedMap<string, ProjectReads>(MAX_PROJECTS);
  const quiet = new QuietWindows(context.shared(projectWritesState));
  return {
    rules: ['RES-24', 'RES-28'],
    // At an exchange of another row `see` only moved the quiet windows' clock.
    reads: quietWindowReads(COMPARED_ROWS),
    tick: (sentAt, ledger) => quiet.tick(sentAt, ledger),
    see(x, ledger) {
      quiet.see(x, ledger);
      if (x.method !== 'GET' || x.status !== 200 || !COMPARED.has(x.endpoint?.id)) return;
      const key = projectKeyOf(x);
      const body = x.responseJson;
      if (key === undefined || !isPlainObject(body)) return;
      const reads = projects.upsert(key, newReads);
      forgetPast(reads.withTemperatures, x.sentAt);
      switch (x.endpoint?.id) {
        case DETAIL_ROW:
          if (isPlainObject(body.projektData)) reads.detail = compare(quiet, key, reads, reads.detail, { x, value: body.projektData }, projectDataKept);
          break;
        case ROOM_ROWS.list: {
          const ids = roomIdsOf(body);
          if (ids) reads.rooms = compare(quiet, key, reads, reads.rooms, { x, value: ids }, roomsKept);
          break;
        }
        case RESULTS_ROW: {
          const calculated = calculatedOf(body);
          if (namesSystemTemperatures(x.query)) remember(reads.withTemperatures, { x, value: calculated });
          else if (calculated) reads.plain = compare(quiet, key, reads, reads.plain, { x, value: calculated }, calculationKept);
          break;
        }
      }
    },
    end(ledger) {
      quiet.end(ledger);
    },
  };
}

const newReads = (): ProjectReads => ({ withTemperatures: [] });

/**
 * Drops the calls answered more than the horizon before `sentAt`, in place: the list is the project's
 * own (what a comparison keeps is a list of its own), and most reads find nothing to drop (and
 * setting the length costs a call into the runtime even when it stays).
 */
function forgetPast(calls: Seen<Calculated | undefined>[], sentAt: number): void {
  let kept = 0;
  for (const c of calls) if (sentAt - c.x.answeredAt <= SEQUENCE_HORIZON_MS) calls[kept++] = c;
  if (kept < calls.length) calls.length = kept;
}

/** Adds a call, keeping the last CALLS_PER_PROJECT. */
function remember(calls: Seen<Calculated | undefined>[], call: Seen<Calculated | undefined>): void {
  calls.push(call);
  if (calls.length > CALLS_PER_PROJECT) calls.shift();
}

type Decide<T> = (ledger: Ledger, before: Seen<T>, after: Seen<T>, between: Seen<Calculated | undefined>[]) => void;

/** Compares a read with the same read before it when a results call with system temperatures lies between them; returns the read to keep. */
function compare<T>(quiet: QuietWindows, key: string, reads: ProjectReads, before: Seen<T> | undefined, after: Seen<T>, decide: Decide<T>): Seen<T> {
  if (before) {
    const between = reads.withTemperatures.filter((c) => followsClosely(before.x, c.x) && followsClosely(c.x, after.x));
    if (between.length > 0) quiet.expect(key, before.x, after.x, (ledger) => decide(ledger, before, after, between));
  }
  return after;
}

const projectDataKept: Decide<JsonObject> = (ledger, before, after, between) => {
  // A value stored would show as a changed or added field, also in project data without fields.
  ledger.judge('RES-24', after.x, isDeepStrictEqual(before.value, after.value), () => `projektData changed across GET .../results?${between[0]?.x.rawQuery.slice(0, 80)} with no write to the project between`, [...between.map((c) => c.x), before.x]);
};

const roomsKept: Decide<string[]> = (ledger, before, after, between) => {
  const added = after.value.filter((id) => !before.value.includes(id));
  ledger.judge('RES-28', after.x, isDeepStrictEqual(before.value, after.value), () => `the room list changed across GET .../results?${between[0]?.x.rawQuery.slice(0, 80)} with no write to the project between (${added.length} room id(s) added)`, [...between.map((c) => c.x), before.x]);
};

const calculationKept: Decide<Calculated> = (ledger, before, after, between) => {
  const proof = [...between.map((c) => c.x), before.x];
  const query = between[0]?.x.rawQuery.slice(0, 80);
  // A radiator created shows in their number, whatever the system temperatures change.
  if (before.value.radiators.length !== after.value.radiators.length) {
    ledger.broke('RES-28', after.x, `results.radiators went from ${before.value.radiators.length} to ${after.value.radiators.length} across GET .../results?${query} with no write to the project between`, proof);
    return;
  }
  ledger.held('RES-28', after.x);
  if (!sameCalculation(before.value, after.value)) {
    ledger.broke('RES-24', after.x, `radiators or hydraulicBalance without parameters differ before and after GET .../results?${query} with no write to the project between`, proof);
    return;
  }
  // A stored value shows in a later answer only where the system temperatures change it.
  if (between.some((c) => c.value !== undefined && !sameCalculation(c.value, before.value))) ledger.held('RES-24', after.x);
};

function roomIdsOf(body: JsonObject): string[] | undefined {
  if (!Array.isArray(body.rooms)) return undefined;
  const ids: string[] = [];
  for (const room of body.rooms) {
    if (!isPlainObject(room) || typeof room.id !== 'string') return undefined;
    ids.push(room.id);
  }
  return ids.sort();
}
