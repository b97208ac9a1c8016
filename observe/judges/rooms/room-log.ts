import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Logged } from './interval-log.js';
import { isEmptyValue } from './numeric-text.js';
import type { RoomRoute } from './room-route.js';
import { roomWriteOf, writeBodyOf } from './write-body.js';
import { isPlainObject } from '../../json-value.js';

/** What a write to a room path may have changed, as the log of room writes keeps it. */
export interface RoomWriteEntry {
  method: string;
  status: number;
  /** The roomData members it sent, or `all` when its body cannot be read or is no `{roomData: {...}}`. */
  fields: ReadonlySet<string> | 'all';
  /** Fields without deletion it sent '' or null in (ROOM-57 to ROOM-59). */
  deletions: ReadonlySet<string>;
  /** It sent `raumBaujahr`, which no write may change (ROOM-11). */
  carriedYear: boolean;
  /** What it sent in roomData, when readable. */
  roomData?: Record<string, unknown>;
  /** The rules whose 422 its body met (write-body.ts). */
  refusedFor: ReadonlySet<string>;
}

/** The fields the table gives no deletion, with the rule that keeps each. */
export const UNDELETABLE: ReadonlyMap<string, string> = new Map([
  ['raumEtage', 'ROOM-57'],
  ['raumTemperatur', 'ROOM-58'],
  ['raumBezeichnung', 'ROOM-59'],
]);

/**
 * Room writes are logged by id alone, in lower case: a write through another project (ROOM-8) or
 * another case of the id still counts for the room, should the target find it there.
 */
export function roomWriteKey(roomId: string): string {
  return roomId.toLowerCase();
}

const NONE: ReadonlySet<string> = new Set();

export function roomWriteEntry(x: ExchangeView, route: RoomRoute): RoomWriteEntry {
  const all: RoomWriteEntry = { method: x.method, status: x.status, fields: 'all', deletions: NONE, carriedYear: false, refusedFor: NONE };
  if (route.kind !== 'change') return all;
  const value = writeBodyOf(x)?.value;
  const write = roomWriteOf(x);
  if (!write || !isPlainObject(value) || Object.keys(value).some((k) => k !== 'roomData') || !isPlainObject(value.roomData)) return all;
  const roomData = value.roomData;
  return {
    method: x.method,
    status: x.status,
    fields: new Set(Object.keys(roomData)),
    deletions: deletionsSent(roomData),
    carriedYear: 'raumBaujahr' in roomData,
    roomData,
    refusedFor: write.refusedBy.size === 0 ? NONE : new Set(write.refusedBy.keys()),
  };
}

/** The fields without deletion that `roomData` sends empty. */
function deletionsSent(roomData: Record<string, unknown>): ReadonlySet<string> {
  let deletions: Set<string> | undefined;
  for (const field of UNDELETABLE.keys()) if (field in roomData && isEmptyValue(roomData[field])) (deletions ??= new Set()).add(field);
  return deletions ?? NONE;
}

/** A PATCH refused with 422 stores nothing: whatever it sent reads after it as before it. */
export function refused(write: Logged<RoomWriteEntry>): boolean {
  return write.entry.status === 422 && write.entry.method === 'PATCH' && write.entry.fields !== 'all';
}

/**
 * The rule a field speaks to across refused writes that sent it: "must give 422 and keep the
 * stored floor" (ROOM-57 to ROOM-59) for a field without deletion they sent empty; else, when the
 * room shows a value one of them sent (`shown`), that one stored it and broke what it was refused
 * for: `raumBaujahr` refused or ignored, "either way the stored room keeps its value" (ROOM-11,
 * FREE-ROOM-9), or the rule of its invalid part. Undefined when that cannot be told.
 */
export function refusalRule(refusedWrites: readonly Logged<RoomWriteEntry>[], field: string, shown: (sent: unknown) => boolean): string | undefined {
  const sending = refusedWrites.filter((w) => w.entry.fields !== 'all' && w.entry.fields.has(field));
  if (sending.some((w) => w.entry.deletions.has(field))) return UNDELETABLE.get(field);
  const stored = sending.filter((w) => shown(w.entry.roomData?.[field]));
  const storer = stored.length === 1 ? stored[0] : undefined;
  if (!storer) return undefined;
  return storer.entry.carriedYear ? 'ROOM-11' : [...storer.entry.refusedFor][0];
}

/** Whether a logged write may have changed `field`; a refused one wholly between the two answers compared may not have (`refusalRule` judges it). */
export function mayHaveChanged(write: Logged<RoomWriteEntry>, field: string, whollyBetween: boolean): boolean {
  if (whollyBetween && refused(write)) return false;
  const fields = write.entry.fields;
  return fields === 'all' || fields.has(field);
}
