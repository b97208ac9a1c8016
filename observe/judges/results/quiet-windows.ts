import { ENDPOINTS, type EndpointId } from '../../../spec/endpoints.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import { readsLearning, type Reads } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { earliestSend, latestAnswer, stampSlack } from '../../judge/recorded-times.js';
import { SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { HandedOver, sharedState } from '../../judge/shared-state.js';

/** A write to a project: any request but a read to its path (`/reports/{projectKey}` and below). */
const PROJECT_PATH = /^\/reports\/([A-Za-z]{9})(?:\/|$)/;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The project a write goes to; asked once per exchange (`ProjectWrites.note`), the path matched only for writes below `/reports/`. */
function writtenProjectKey(x: ExchangeView): string | undefined {
  if (READS.has(x.method) || !x.apiPath?.startsWith('/reports/')) return undefined;
  return PROJECT_PATH.exec(x.apiPath)?.[1]?.toLowerCase();
}

/** The rows a write to a project may match: the row's method is the request's, and its path below `/reports/` the request's. */
const WRITE_ROWS = ENDPOINTS.filter((e) => !READS.has(e.method) && e.path.startsWith('/reports/')).map((e) => e.id);

/**
 * What a judge with quiet windows reads: its own rows, and every exchange that may be a write to a
 * project (whatever its status: a write refused for the limit is noted too) or is of no row (a method
 * the table lacks may write). At any other exchange its `see` only moved the windows' clock, which
 * `QuietWindows.tick` does alone.
 */
export function quietWindowReads(rows: readonly EndpointId[]): Reads {
  return readsLearning(WRITE_ROWS, rows);
}

interface Interval {
  from: number;
  to: number;
}

/** A window of time a decision needs quiet; `lateBy`: how much later than `to` a touching write's recorded start may lie. */
interface QuietWindow extends Interval {
  lateBy: number;
}

/**
 * The window from the earlier send of two exchanges to the later answer, each as early and as late
 * as its stamps allow (recorded-times.ts: a start stamped to the second may lie a second off), and
 * a write's start stamped so may lie that much after it.
 */
function windowAround(a: ExchangeView, b: ExchangeView): QuietWindow {
  return { from: Math.min(earliestSend(a), earliestSend(b)), to: Math.max(latestAnswer(a), latestAnswer(b)), lateBy: Math.max(stampSlack(a), stampSlack(b)) };
}

interface Pending extends Interval {
  projectKey: string;
  /** Decided at the first exchange that starts after this. */
  due: number;
  decide: (ledger: Ledger) => void;
}

/** Writes kept per project: more than one horizon of a busy client holds. */
const WRITES_PER_PROJECT = 32;
/** Decisions waiting at once; beyond it the oldest are dropped undecided (nothing judged is never wrong). */
const MAX_PENDING = 4096;

/** Projects whose writes are kept. */
const PROJECTS_WRITTEN = 512;

/** A write noted: its project and its interval. */
interface Write extends Interval {
  projectKey: string;
}

/**
 * The writes to each project, within the horizon, noted once per exchange however many judges'
 * quiet windows hand it over (each hands every exchange over first, so none reads them behind).
 */
export class ProjectWrites {
  readonly #writes = new BoundedMap<string, Write[]>(PROJECTS_WRITTEN);
  /** The project written last: its writes are the newest entry already, kept in place without writing it again. */
  #lastWritten: string | undefined;
  readonly #handedOver = new HandedOver<Write | undefined>();

  /** Notes `x`'s write, if it is one (once, however many judges hand it over); returns it. */
  note(x: ExchangeView): Write | undefined {
    return this.#handedOver.of(x, this.#noteOf);
  }

  /** Made once: handed over at every exchange, a closure made per call would cost one each time. */
  readonly #noteOf = (x: ExchangeView): Write | undefined => {
    const projectKey = writtenProjectKey(x);
    return projectKey === undefined ? undefined : this.#noteWrite(projectKey, x);
  };

  /** Whether a write to the project touches the window. */
  touched(projectKey: string, window: Interval): boolean {
    return (this.#writes.get(projectKey) ?? []).some((w) => overlaps(window, w));
  }

  /** From the earliest moment the write may have been sent to the latest it may have been answered: a window it may touch is cancelled. */
  #noteWrite(projectKey: string, x: ExchangeView): Write {
    const write = { projectKey, from: earliestSend(x), to: latestAnswer(x) };
    // The project's writes within the horizon before this one, and this one, kept in place.
    const writes = this.#writes.get(projectKey) ?? [];
    let kept = 0;
    for (const w of writes) if (w.to >= x.sentAt - SEQUENCE_HORIZON_MS) writes[kept++] = w;
    writes.length = kept;
    writes.push(write);
    if (writes.length > WRITES_PER_PROJECT) writes.shift();
    if (projectKey !== this.#lastWritten) this.#writes.set(projectKey, writes);
    this.#lastWritten = projectKey;
    return write;
  }
}

/** The observation's one `ProjectWrites`, for every judge's quiet windows. */
export const projectWritesState = sharedState(() => new ProjectWrites());

/**
 * Decisions that hold only if no write reached a project while the compared calls ran: a write of
 * any token counts (two tokens of one customer look like two customers). A decision waits until the
 * observation has moved past its window, so a write recorded after the later call but sent while it
 * ran still cancels it; the end of the observation decides what is left.
 */
export class QuietWindows {
  #pending: Pending[] = [];
  /** No decision is due before an exchange that starts after this: most exchanges pass without a look at the decisions. */
  #firstDue = Infinity;

  constructor(private readonly writes = new ProjectWrites()) {}

  /**
   * Call first for every exchange the judge reads (`quietWindowReads`), `tick` at every other: notes
   * a write, and decides what the observation has moved past, at the first exchange that starts
   * after a window, whichever it is (a write recorded after that one no longer cancels it).
   */
  see(x: ExchangeView, ledger: Ledger): void {
    const written = this.writes.note(x);
    if (written !== undefined) this.#cancel(written);
    this.tick(x.sentAt, ledger);
  }

  /** Decides what the observation has moved past at an exchange sent at `sentAt`, one that can be no write (`quietWindowReads`). */
  tick(sentAt: number, ledger: Ledger): void {
    if (sentAt <= this.#firstDue) return;
    // Those due are taken out in place, in one walk: two filters cost two arrays at every decision.
    const pending = this.#pending;
    const due: Pending[] = [];
    let kept = 0;
    for (const p of pending) {
      if (p.due < sentAt) due.push(p);
      else pending[kept++] = p;
    }
    pending.length = kept;
    this.#firstDue = firstDue(pending);
    for (const p of due) p.decide(ledger);
  }

  /** Decides with `decide` once the observation is past the window around `a` and `b` (`windowAround`), unless a write to the project touches it. */
  expect(projectKey: string, a: ExchangeView, b: ExchangeView, decide: (ledger: Ledger) => void): void {
    const window = windowAround(a, b);
    const { from, to } = window;
    if (this.writes.touched(projectKey, { from, to })) return;
    this.#pending.push({ from, to, projectKey, due: to + window.lateBy, decide });
    if (this.#pending.length > MAX_PENDING) this.#pending.shift();
    this.#firstDue = firstDue(this.#pending);
  }

  end(ledger: Ledger): void {
    const due = this.#pending;
    this.#pending = [];
    this.#firstDue = Infinity;
    for (const p of due) p.decide(ledger);
  }

  /** Drops the decisions a write cancels. */
  #cancel(write: Write): void {
    const { projectKey } = write;
    if (!this.#pending.some((p) => p.projectKey === projectKey && overlaps(p, write))) return;
    this.#pending = this.#pending.filter((p) => p.projectKey !== projectKey || !overlaps(p, write));
    this.#firstDue = firstDue(this.#pending);
  }
}

function firstDue(pending: readonly Pending[]): number {
  let first = Infinity;
  for (const p of pending) first = Math.min(first, p.due);
  return first;
}

function overlaps(a: Interval, b: Interval): boolean {
  return a.from <= b.to && b.from <= a.to;
}
