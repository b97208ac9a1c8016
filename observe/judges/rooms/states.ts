import { ROOM_INPUT_FIELDS } from '../../../spec/contract/rooms.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { earliestSend, latestAnswer } from '../../judge/recorded-times.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { IntervalLog, type Logged } from './interval-log.js';
import { Pending } from './pending.js';
import { describeYear, ProjectYears, showsYear, YEAR_ROWS } from './project-years.js';
import { answeredRooms, isSuccess, type AnsweredRoom } from './room-answer.js';
import { mayHaveChanged, refusalRule, refused, roomWriteEntry, roomWriteKey, type RoomWriteEntry } from './room-log.js';
import { projectOf, ROOM_ROWS, roomRouteOf, type RoomRoute } from './room-route.js';
import { readBackJudgeable, sameValue, showsSent } from './room-values.js';
import { blankByEveryTrim } from './room-text.js';
import { judgeCreationValues } from './creation-values.js';
import { describeValue, refusableForItsText, roomWriteOf, type RoomWrite } from './write-body.js';
import { judgeWriteStatus, statusJudgeable } from './write-status.js';

/** A room as one answer showed it. */
interface Seen {
  x: ExchangeView;
  kind: 'create' | 'read' | 'list' | 'change';
  /** The key as the path spelt it. */
  key: string;
  id: string;
  roomData: Record<string, unknown>;
  /** For a change: the roomData members it sent (undefined when its body cannot be read). */
  sent: ReadonlySet<string> | undefined;
}

interface RoomMemory {
  last?: Seen;
  creation?: Seen;
  /** A DELETE of the room after it was seen (ROOM-54). */
  deletion?: { seen: Seen; x: ExchangeView };
  /** A successful write that sent the room's id or project (ROOM-10), for the read after it. */
  idOrKeyWrite?: { x: ExchangeView; key: string };
}

/** The rules of a write's status against its body (write-body.ts), with what the room shows after a refused one. */
const STATUS_RULES: ReadonlySet<string> = new Set([
  'ROOM-16', 'ROOM-17', 'ROOM-18', 'ROOM-19', 'ROOM-22', 'ROOM-23', 'ROOM-25', 'ROOM-26', 'ROOM-28', 'ROOM-32', 'ROOM-33',
  'ROOM-37', 'ROOM-38', 'ROOM-39', 'ROOM-40', 'ROOM-41', 'ROOM-42', 'ROOM-43', 'ROOM-48', 'ROOM-57', 'ROOM-58', 'ROOM-59',
]);
const STATUS_RULES_BUT_59: ReadonlySet<string> = new Set([...STATUS_RULES].filter((r) => r !== 'ROOM-59'));
const DELETION_READ_BACK: Readonly<Record<string, string>> = { raumFlaeche: 'ROOM-23', raumHoehe: 'ROOM-26', raumNotiz: 'ROOM-33' };
const COMPARED_FIELDS = [...ROOM_INPUT_FIELDS, 'raumBaujahr'];

const ROOMS_KEPT = 20_000;
/**
 * The room rows, the DELETEs and other methods on a room path (no row has them) and the rows of a
 * project's year, answered 429 too: a write refused for the limit may still have changed the room
 * or the project, as far as the logs tell.
 */
const READS = { endpoints: [...Object.values(ROOM_ROWS), ...YEAR_ROWS], unmatched: true, tooManyRequests: true } as const;

const label = (x: ExchangeView) => `${x.method} ${x.apiPath}`;

/**
 * Room writes and what one room shows from answer to answer: the status of every write against its
 * body and the values its answer shows (write-body.ts), the created room read by its id (ROOM-7), a
 * PATCH changing only what it sent and the next read showing it (ROOM-23, ROOM-26, ROOM-33,
 * ROOM-49), the fields that cannot be written or deleted staying (ROOM-10, ROOM-11, ROOM-57 to
 * ROOM-59), `raumBaujahr` copied from the project's year and not following it later (ROOM-35,
 * ROOM-36), and a room read after a DELETE (ROOM-54). Two answers are compared only when the later
 * started within the horizon after the earlier was answered, leaving out every field another write
 * overlapping them (of any customer) sent; a refused write that a room shows the value of stored it,
 * against the rule it was refused for.
 */
export function roomStateJudge(): Judge {
  // Every earlier answer a room's memory holds is compared only closely after it.
  const rooms = new BoundedMap<string, RoomMemory>(ROOMS_KEPT, SEQUENCE_HORIZON_MS);
  // Rooms the answers showed, however long ago.
  const shownRooms = new BoundedMap<string, true>(ROOMS_KEPT);
  const roomWrites = new IntervalLog<RoomWriteEntry>(ROOMS_KEPT);
  const projectYears = new ProjectYears();
  // Ids the target handed out: an id a client sends that no answer gave is its own invention (ROOM-10).
  const handedOut = new BoundedMap<string, true>(ROOMS_KEPT * 2);
  const pending = new Pending(ROOMS_KEPT * 2);
  // The target took a name of blanks (ROOM-17), seen once in the observation.
  let blankNameTaken = false;

  return {
    rules: [...new Set(['ROOM-7', 'ROOM-10', 'ROOM-11', 'ROOM-35', 'ROOM-36', 'ROOM-49', 'ROOM-54', ...STATUS_RULES])],
    reads: READS,
    // At any other exchange `see` only settled what was due: neither its route nor the project years read it.
    tick(sentAt) {
      pending.settleBefore(sentAt);
    },
    see(x, ledger) {
      pending.settleBefore(x.sentAt);
      projectYears.see(x);
      const route = roomRouteOf(x);
      if (!route) return;
      // Any write may have changed the room, whoever sent it and however it was answered; also the
      // room a successful answer names, should the target have found another one than the path named.
      if (route.kind === 'change' || route.kind === 'other') {
        const entry = roomWriteEntry(x, route);
        roomWrites.add(roomWriteKey(route.roomId), x, entry);
        const hit = answeredRooms(x)[0]?.id;
        if (hit !== undefined && roomWriteKey(hit) !== roomWriteKey(route.roomId)) roomWrites.add(roomWriteKey(hit), x, entry);
      }
      // Without a token the answer is 401 (AUTH-1); to a write refusable for its text, 400, 413 or 415.
      const isWrite = route.kind === 'create' || route.kind === 'change';
      if (x.customer === undefined || (isWrite && refusableForItsText(x))) return;
      const write = roomWriteOf(x);
      if (write) writeStatus(x, ledger, write);
      if (route.kind === 'other') {
        if (x.method === 'DELETE') noteDeletion(x, route.room);
        return;
      }
      if (route.kind === 'read' || route.kind === 'change') afterEarlier(x, ledger, route);
      for (const room of answeredRooms(x)) {
        if (room.id === undefined) continue;
        if (room.roomData) seen(x, ledger, route, room, write);
        handedOut.set(room.id, true);
      }
    },
    end() {
      pending.settleAll();
    },
  };

  /**
   * A PATCH sending the name '' meets two rules: "empty after trimming" (ROOM-17) and "sent as empty
   * string or null on PATCH" (ROOM-59). A target that takes a name of blanks takes '' as a name too,
   * which ROOM-17 forbids; else it took '' as the deletion ROOM-59 forbids.
   */
  function writeStatus(x: ExchangeView, ledger: Ledger, write: RoomWrite): void {
    const emptyNameTaken = write.emptyName && statusJudgeable(x) && x.status !== 422;
    judgeWriteStatus(x, ledger, write, emptyNameTaken ? STATUS_RULES_BUT_59 : STATUS_RULES);
    if (emptyNameTaken) pending.add(x.answeredAt, () => ledger.broke(blankNameTaken ? 'ROOM-17' : 'ROOM-59', x, `${label(x)} sending raumBezeichnung "" answered ${x.status}, not 422`));
    const name = write.roomData?.raumBezeichnung;
    if (isSuccess(x) && typeof name === 'string' && name !== '' && blankByEveryTrim(name)) blankNameTaken = true;
  }

  function noteDeletion(x: ExchangeView, room: string): void {
    const memory = rooms.get(room);
    const last = memory?.last;
    if (!memory || !last || latestAnswer(last.x) > earliestSend(x)) return;
    memory.deletion = { seen: last, x };
    rooms.set(room, memory, x.answeredAt);
  }

  /** Whether a DELETE of the room, by anyone, may overlap the window from `first`'s send to `last`'s answer: then a 404 in it is no one's fault but the DELETE's (ROOM-54). */
  function deletedWithin(roomId: string, first: ExchangeView, last: ExchangeView): boolean {
    const writes = roomWrites.overlapping(roomWriteKey(roomId), first, last);
    return writes === undefined || writes.some((w) => w.entry.method !== 'PATCH');
  }

  /** A read or PATCH of a room after its creation, a DELETE of it, or a write that sent its id or project. */
  function afterEarlier(x: ExchangeView, ledger: Ledger, route: Extract<RoomRoute, { kind: 'read' | 'change' }>): void {
    const memory = rooms.get(route.room);
    if (!memory) return;
    const answered = answeredRooms(x)[0];

    // "the id from `room.id` of the creation response, taken exactly, must address the created room"
    const creation = memory.creation;
    if (creation && closelyBySameCustomer(creation.x, creation.key, x, route)) {
      if (answered?.id !== undefined) ledger.judge('ROOM-7', x, answered.id === creation.id, () => `${label(x)} by the created id answered the room ${describeValue(answered.id)}`, [creation.x]);
      else if (x.status === 404) {
        pending.add(x.answeredAt, () => {
          if (!deletedWithin(route.roomId, creation.x, x)) ledger.broke('ROOM-7', x, `${label(x)} answered 404 for the id ${describeValue(creation.id)} its creation answer gave`, [creation.x]);
        });
      }
    }

    // "rooms must not be deletable through this interface (a DELETE must leave the room in place)"
    const deletion = memory.deletion;
    if (deletion && closelyBySameCustomer(deletion.seen.x, deletion.seen.key, x, route) && earliestSend(x) >= latestAnswer(deletion.x) && (isSuccess(x) || x.status === 404)) {
      delete memory.deletion;
      ledger.judge('ROOM-54', x, isSuccess(x), () => `${label(x)} answered 404 after ${label(deletion.x)} (answered ${deletion.x.status})`, [deletion.x, deletion.seen.x]);
    }

    // "Room id, project assignment ... cannot be written": the room is still found where it was.
    const written = memory.idOrKeyWrite;
    if (written && x.method === 'GET' && closelyBySameCustomer(written.x, written.key, x, route) && earliestSend(x) >= latestAnswer(written.x) && (answered || x.status === 404)) {
      delete memory.idOrKeyWrite;
      if (answered) {
        ledger.judge('ROOM-10', x, answered.id === route.roomId, () => `${label(x)} after ${label(written.x)} shows the room as ${describeValue(answered.id)}`, [written.x]);
      } else {
        pending.add(x.answeredAt, () => {
          if (!deletedWithin(route.roomId, written.x, x)) ledger.broke('ROOM-10', x, `${label(x)} answered 404 after ${label(written.x)} sent an id or projectKey`, [written.x]);
        });
      }
    }
  }

  function seen(x: ExchangeView, ledger: Ledger, route: Exclude<RoomRoute, { kind: 'other' }>, room: AnsweredRoom, write: RoomWrite | undefined): void {
    const id = room.id as string;
    // An answer that names another room than the path is ROOM-7's and ROOM-10's to judge, not a state of either.
    if ((route.kind === 'read' || route.kind === 'change') && id !== route.roomId) return;
    // Every Seen has `sent`, so that all have one shape.
    const sent = route.kind === 'change' && write?.roomData ? new Set(Object.keys(write.roomData)) : undefined;
    const now: Seen = { x, kind: route.kind, key: route.key, id, roomData: room.roomData as Record<string, unknown>, sent };
    const name = room.name as string;
    if (route.kind === 'create') {
      // An id the project showed before is no new room: the repeated creation is ROOM-52's.
      if (shownRooms.get(name)) return;
      created(ledger, route, now, write);
      shownRooms.set(name, true);
      rooms.set(name, { last: now, creation: now }, x.answeredAt);
      return;
    }
    if (!shownRooms.get(name)) shownRooms.set(name, true);
    const memory = rooms.get(name) ?? {};
    if (route.kind === 'change' && write) {
      readBack(ledger, route, now, write);
      idOrKeySent(ledger, route, now, write, memory);
    }
    const earlier = memory.last;
    if (earlier && earlier.x !== x && followsClosely(earlier.x, x) && (now.kind !== 'change' || now.sent)) compare(ledger, route.project, earlier, now, memory.creation);
    memory.last = now;
    rooms.set(name, memory, x.answeredAt);
  }

  /** A room's creation answer: its id not taken from the body (ROOM-10), its year copied from the project (ROOM-35, ROOM-11). */
  function created(ledger: Ledger, route: RoomRoute, now: Seen, write: RoomWrite | undefined): void {
    const x = now.x;
    const sent = write?.roomData;
    if (write) judgeCreationValues(x, ledger, write, now.roomData);
    const sentId = sent?.id;
    // An id only the client could have made up: a target taking it over is the one explanation of getting it back.
    if (typeof sentId === 'string' && !/^\d*$/.test(sentId) && !handedOut.get(sentId)) {
      ledger.judge('ROOM-10', x, now.id !== sentId, () => `${label(x)} sending roomData.id ${describeValue(sentId)} created the room under that id`);
    }
    const answeredYear = now.roomData.raumBaujahr;
    if (!('raumBaujahr' in now.roomData)) return;
    const sentYearValue = sent && 'raumBaujahr' in sent ? sent.raumBaujahr : undefined;
    // A year the body sent and the answer shows is ROOM-11's to judge, not a wrong copy (ROOM-35).
    const tookSentYear = sentYearValue !== undefined && sameValue('raumBaujahr', answeredYear, sentYearValue);
    if (sentYearValue !== undefined && !tookSentYear) ledger.held('ROOM-11', x);
    const known = projectYears.knownBefore(route.project, x);
    if (!known) return;
    pending.add(x.answeredAt, () => {
      if (!projectYears.unwrittenSince(route.project, known.x, x)) return;
      if (!tookSentYear) {
        // "`raumBaujahr` | out only | copied from the project at creation"
        ledger.judge('ROOM-35', x, showsYear(answeredYear, known.year), () => `the room created in ${route.key} has raumBaujahr ${describeValue(answeredYear)}; the project's projektBaujahr was ${describeYear(known.year)}`, [known.x]);
      } else if (!showsYear(sentYearValue, known.year)) {
        ledger.broke('ROOM-11', x, `${label(x)} sending raumBaujahr ${describeValue(sentYearValue)} created the room with that year; the project's was ${describeYear(known.year)}`, [known.x]);
      }
    });
  }

  /** A PATCH answer against what it sent: deletions (ROOM-23, ROOM-26, ROOM-33) and values (ROOM-49), unless another write overlapped it. */
  function readBack(ledger: Ledger, route: Extract<RoomRoute, { kind: 'change' }>, now: Seen, write: RoomWrite): void {
    const x = now.x;
    const checks = [...write.sent].filter(([field, sent]) => field in now.roomData && readBackJudgeable(sent));
    if (checks.length === 0) return;
    pending.add(x.answeredAt, () => {
      const others = roomWrites.overlapping(roomWriteKey(route.roomId), x, x)?.filter((w) => w.seq !== x.seq);
      if (!others) return;
      const byRule = new Map<string, string[]>();
      for (const [field, sent] of checks) {
        if (others.some((w) => mayHaveChanged(w, field, false))) continue;
        const rule = sent.kind === 'empty' ? (DELETION_READ_BACK[field] as string) : 'ROOM-49';
        const wrong = byRule.get(rule) ?? [];
        if (!showsSent(now.roomData[field], sent)) wrong.push(`${field} reads ${describeValue(now.roomData[field])} after sending ${describeValue(write.roomData?.[field])}`);
        byRule.set(rule, wrong);
      }
      for (const [rule, wrong] of byRule) ledger.judge(rule, x, wrong.length === 0, () => `${label(x)}: ${wrong.join('; ')}`);
    });
  }

  /** "Room id, project assignment ... cannot be written": a PATCH that sent them answers the room under its id (its projectKey is ROOM-6's). */
  function idOrKeySent(ledger: Ledger, route: Extract<RoomRoute, { kind: 'change' }>, now: Seen, write: RoomWrite, memory: RoomMemory): void {
    const sent = write.roomData ?? {};
    const sentId = typeof sent.id === 'string' && sent.id !== route.roomId;
    const sentKey = typeof sent.projectKey === 'string' && projectOf(sent.projectKey) !== route.project;
    if (!sentId && !sentKey) return;
    if (sentId) ledger.judge('ROOM-10', now.x, now.id === route.roomId, () => `${label(now.x)} sending roomData.id ${describeValue(sent.id)} answered the room ${describeValue(now.id)}`);
    memory.idOrKeyWrite = { x: now.x, key: route.key };
  }

  /** Two answers of one room: each field no write may have changed in between reads the same. */
  function compare(ledger: Ledger, project: string, earlier: Seen, now: Seen, creation: Seen | undefined): void {
    const fields = COMPARED_FIELDS.filter((f) => (!now.sent?.has(f) || f === 'raumBaujahr') && f in earlier.roomData && f in now.roomData);
    pending.add(now.x.answeredAt, () => {
      const writes = roomWrites.overlapping(roomWriteKey(now.id), earlier.x, now.x)?.filter((w) => w.seq !== earlier.x.seq && w.seq !== now.x.seq);
      if (!writes) return;
      // A PATCH shown or taken between the two: what it did not send is kept (ROOM-49).
      const patchInvolved = earlier.kind === 'change' || now.kind === 'change' || writes.some((w) => w.entry.method === 'PATCH' && w.entry.status >= 200 && w.entry.status <= 299);
      // The creation answer and the read of the room by its id, nothing written between (ROOM-7).
      const firstRead = earlier === creation && now.kind === 'read' && writes.length === 0;
      // Most pairs of answers meet no rule (nothing came between them): the map is made for the first one met.
      let byRule: Map<string, string[]> | undefined;
      for (const field of fields) {
        const rule = field === 'raumBaujahr' ? yearRule(project, earlier, now, writes, patchInvolved, firstRead) : fieldRule(field, earlier, now, writes, patchInvolved, firstRead);
        if (rule === undefined) continue;
        byRule ??= new Map();
        const wrong = byRule.get(rule) ?? [];
        const before = earlier.roomData[field];
        const after = now.roomData[field];
        if (!sameValue(field, before, after)) wrong.push(`${field} ${describeValue(before)} became ${describeValue(after)}`);
        byRule.set(rule, wrong);
      }
      for (const [rule, wrong] of byRule ?? []) {
        ledger.judge(rule, now.x, wrong.length === 0, () => `${label(now.x)} after ${label(earlier.x)}${CONTEXT[rule] ?? REFUSED_STORED}: ${wrong.join('; ')}`, [earlier.x]);
      }
    });
  }

  /** The rule a changed input field breaks, or undefined when a write may have changed it or no rule speaks of the pair. */
  function fieldRule(field: string, earlier: Seen, now: Seen, writes: Logged<RoomWriteEntry>[], patchInvolved: boolean, firstRead: boolean): string | undefined {
    if (writes.some((w) => mayHaveChanged(w, field, between(w, earlier, now)))) return undefined;
    // Refused writes that sent the field: they must have left it as it was.
    const refusedSending = writes.filter((w) => between(w, earlier, now) && refused(w) && w.entry.fields !== 'all' && w.entry.fields.has(field));
    if (refusedSending.length > 0) return refusalRule(refusedSending, field, (sent) => sameValue(field, sent, now.roomData[field]));
    // "only sent fields change, others are kept"
    if (patchInvolved) return 'ROOM-49';
    return firstRead ? 'ROOM-7' : undefined;
  }

  /** `raumBaujahr` no write may change: the rule of what came between. */
  function yearRule(project: string, earlier: Seen, now: Seen, writes: Logged<RoomWriteEntry>[], patchInvolved: boolean, firstRead: boolean): string | undefined {
    const projectChanges = projectYears.yearWrites(project, earlier.x, now.x);
    if (projectChanges === undefined) return undefined;
    if (projectChanges.length > 0) {
      // "later project changes do not update it": a year written wholly between the two, and another than the room showed.
      return projectChanges.every((w) => between(w, earlier, now) && w.entry.status >= 200 && w.entry.status <= 299 && w.entry.year.kind === 'year' && !showsYear(earlier.roomData.raumBaujahr, w.entry.year.year)) ? 'ROOM-36' : undefined;
    }
    // "`raumBaujahr` must not be writable"
    if (carriedYear(earlier) || carriedYear(now) || writes.some((w) => w.entry.carriedYear)) return 'ROOM-11';
    if (patchInvolved) return 'ROOM-49';
    return firstRead ? 'ROOM-7' : undefined;
  }
}

/** A write wholly between two answers of a room for certain: sent after the earlier was answered, answered before the later was sent (a logged write's times are its widest already, interval-log.ts). */
function between(w: { sentAt: number; answeredAt: number }, earlier: Seen, now: Seen): boolean {
  return w.sentAt >= latestAnswer(earlier.x) && w.answeredAt <= earliestSend(now.x);
}

/** An answer to a PATCH that sent `raumBaujahr`. */
function carriedYear(s: Seen): boolean {
  return s.kind === 'change' && (s.sent?.has('raumBaujahr') ?? false);
}

/** An earlier exchange on the room by the customer of `x`, through the same spelling of the key, closely before `x`. */
function closelyBySameCustomer(earlier: ExchangeView, key: string, x: ExchangeView, route: RoomRoute): boolean {
  return earlier.customer === x.customer && key === route.key && followsClosely(earlier, x);
}

const CONTEXT: Readonly<Record<string, string>> = {
  'ROOM-7': ' (the room its creation answer gave)',
  'ROOM-11': ' (a write in between sent raumBaujahr)',
  'ROOM-36': " (the project's projektBaujahr changed in between)",
  'ROOM-49': ' (fields no PATCH sent)',
  'ROOM-57': ' (a PATCH sending raumEtage empty was refused in between)',
  'ROOM-58': ' (a PATCH sending raumTemperatur empty was refused in between)',
  'ROOM-59': ' (a PATCH sending raumBezeichnung empty was refused in between)',
};
/** The context of a rule `refusalRule` named: a refused PATCH sent the value the room shows. */
const REFUSED_STORED = ' (a PATCH refused with 422 in between sent the value shown)';
