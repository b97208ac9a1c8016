/**
 * Whether a paced customer's 429 outside the rate-limit checks is the target's failure. The pacer
 * sees each paced request between its grant (before the send) and its release (after the answer
 * was read); that interval contains the target's decision, so the liveness proof of
 * rate-limit-timeline.ts applies to it: a refusal with fewer than 2 requests that can have been
 * decided in the second before it breaks RATE-2 (protected requests paced at 2 per sliding second
 * must all be admitted).
 *
 * What the pacer does not see counts as any number of admissions: a held lane (a rate-limit check
 * sends unpaced requests while it holds grants) over its whole hold, and everything before the
 * timeline's horizon: before the run (the preflight, `doctor`, an earlier run) and, later, what it
 * no longer keeps. A refusal whose second reaches back beyond the horizon is never proven wrong.
 */
import { describeLiveness, formatTimeline, LIMIT, livenessViolations, WINDOW_MS, type Hit } from './rate-limit-timeline.js';

/** Entries are kept this long after their release: a worker asks about a refusal right after releasing it. */
const KEEP_MS = 10 * WINDOW_MS;

interface Entry {
  label: string;
  grantedAt: number;
  /** A held lane: any number of unpaced requests lie within it. */
  held: boolean;
  /** Releases still to come (a held lane returns each of its grants). */
  pending: number;
  releasedAt?: number;
  /** The answer's HTTP status, 0 when none came. */
  status?: number;
  /** Released while requests of its holder may still be in flight: it may last any time. */
  openEnded: boolean;
}

export interface PacerTimeline {
  granted(id: number, at: number, grant: { grants: number; held: boolean }): void;
  /** One grant of `id` came back; `status` for a paced request, none for a held lane. */
  released(id: number, at: number, answer: { status?: number; label?: string; openEnded?: boolean }): void;
  /** Why the refused request `id` breaks RATE-2, with the timeline; undefined when the timeline cannot prove it. */
  disprove(id: number, now: number): string | undefined;
}

/** A customer's timeline; nothing before `horizon` is known. All times on one clock that does not step. */
export function createPacerTimeline(horizon: number, keepMs = KEEP_MS): PacerTimeline {
  const entries = new Map<number, Entry>();
  let knownSince = horizon;

  const isOpen = (e: Entry) => e.pending > 0 || e.openEnded;

  function prune(now: number): void {
    for (const [id, e] of entries) {
      if (isOpen(e) || (e.releasedAt as number) >= now - keepMs) continue;
      entries.delete(id);
      knownSince = Math.max(knownSince, e.releasedAt as number);
    }
  }

  /** The entry as hits: an open one up to now; a held lane as `LIMIT` unknowns, which already make any refusal in reach possible. */
  function hitsOf(e: Entry, now: number): Hit[] {
    // A paced request whose answer was never read may have been decided at any time after its send.
    const unanswered = !isOpen(e) && !e.held && (e.status ?? 0) === 0;
    const receivedAt = isOpen(e) ? now : unanswered ? Infinity : (e.releasedAt as number);
    const hit = { label: rowLabel(e), sentAt: e.grantedAt, receivedAt, status: isOpen(e) || e.held ? 0 : (e.status ?? 0) };
    return e.held ? Array.from({ length: LIMIT }, () => hit) : [hit];
  }

  function rowLabel(e: Entry): string {
    if (e.held) return `lane held by a check (any number of unpaced requests)${isOpen(e) ? ', still held' : ''}`;
    return isOpen(e) ? `${e.label} (in flight)` : e.label;
  }

  return {
    granted(id, at, { grants, held }) {
      entries.set(id, { label: 'request', grantedAt: at, held, pending: grants, openEnded: false });
    },
    released(id, at, { status, label, openEnded }) {
      const e = entries.get(id);
      if (!e) return;
      e.pending = Math.max(0, e.pending - 1);
      e.releasedAt = at;
      if (status !== undefined) e.status = status;
      if (label !== undefined) e.label = label;
      if (openEnded) e.openEnded = true;
      prune(at);
    },
    disprove(id, now) {
      const r = entries.get(id);
      if (!r || r.held || isOpen(r) || r.status !== 429 || r.grantedAt - WINDOW_MS < knownSince) return undefined;
      const refused: Hit = { label: `${r.label} (the refusal)`, sentAt: r.grantedAt, receivedAt: r.releasedAt as number, status: 429 };
      const others = [...entries].filter(([k, e]) => k !== id && (isOpen(e) || e.status !== 429)).map(([, e]) => e);
      const [violation] = livenessViolations([refused, ...others.flatMap((e) => hitsOf(e, now))], { max: 1 });
      if (!violation) return undefined;
      const near = others.map((e) => (hitsOf(e, now)[0] as Hit)).filter((h) => h.receivedAt > refused.sentAt - 2 * WINDOW_MS && h.sentAt <= refused.receivedAt);
      return `${describeLiveness(violation, refused.sentAt)}\nthe customer's paced requests at the pacer (ms after the refused one's grant; each lies between its grant, before the send, and its release, after the answer was read):\n${formatTimeline([refused, ...near], refused.sentAt)}`;
    },
  };
}
