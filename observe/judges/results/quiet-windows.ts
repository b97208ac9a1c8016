import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Ledger } from '../../judge/ledger.js';
import { SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';

/** A write to a project: any request but a read to its path (`/reports/{projectKey}` and below). */
const PROJECT_PATH = /^\/reports\/([A-Za-z]{9})(?:\/|$)/;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function writtenProjectKey(x: ExchangeView): string | undefined {
  if (READS.has(x.method) || x.apiPath === undefined) return undefined;
  return PROJECT_PATH.exec(x.apiPath)?.[1]?.toLowerCase();
}

interface Interval {
  from: number;
  to: number;
}

interface Pending extends Interval {
  projectKey: string;
  decide: (ledger: Ledger) => void;
}

/** Writes kept per project: more than one horizon of a busy client holds. */
const WRITES_PER_PROJECT = 32;
/** Decisions waiting at once; beyond it the oldest are dropped undecided (nothing judged is never wrong). */
const MAX_PENDING = 4096;

/**
 * Decisions that hold only if no write reached a project while the compared calls ran: a write of
 * any token counts (two tokens of one customer look like two customers). A decision waits until the
 * observation has moved past its window, so a write recorded after the later call but sent while it
 * ran still cancels it; the end of the observation decides what is left.
 */
export class QuietWindows {
  readonly #writes: BoundedMap<string, Interval[]>;
  #pending: Pending[] = [];

  constructor(maxProjects: number) {
    this.#writes = new BoundedMap(maxProjects);
  }

  /** Call first for every exchange: notes a write, and decides what the observation has moved past. */
  see(x: ExchangeView, ledger: Ledger): void {
    const written = writtenProjectKey(x);
    if (written !== undefined) {
      const write = { from: x.sentAt, to: x.answeredAt };
      const earlier = (this.#writes.get(written) ?? []).filter((w) => w.to >= x.sentAt - SEQUENCE_HORIZON_MS);
      this.#writes.set(written, [...earlier, write].slice(-WRITES_PER_PROJECT));
      this.#pending = this.#pending.filter((p) => p.projectKey !== written || !overlaps(p, write));
    }
    if (!this.#pending.some((p) => p.to < x.sentAt)) return;
    const due = this.#pending.filter((p) => p.to < x.sentAt);
    this.#pending = this.#pending.filter((p) => p.to >= x.sentAt);
    for (const p of due) p.decide(ledger);
  }

  /** Decides with `decide` once the observation is past `to`, unless a write to the project touches [from, to]. */
  expect(projectKey: string, from: number, to: number, decide: (ledger: Ledger) => void): void {
    const window = { from, to };
    if ((this.#writes.get(projectKey) ?? []).some((w) => overlaps(window, w))) return;
    this.#pending = [...this.#pending, { ...window, projectKey, decide }].slice(-MAX_PENDING);
  }

  end(ledger: Ledger): void {
    const due = this.#pending;
    this.#pending = [];
    for (const p of due) p.decide(ledger);
  }
}

function overlaps(a: Interval, b: Interval): boolean {
  return a.from <= b.to && b.from <= a.to;
}
