import { createPacedAnswerTimes } from './paced-answer-times.js';
import { fromWallClock, monotonicNow, toWallClock } from './monotonic-clock.js';
import { PacerInterrupted } from './pacer-interrupted.js';
import type { Arrival, Seniority } from './pacer-seniority.js';
import { createPacerTimeline, type PacerTimeline } from './pacer-timeline.js';
import { createPacingWindow, type PacingWindow } from './pacing-window.js';

interface Waiter extends Arrival {
  grants: number;
  /** Taken by a check that sends unpaced requests meanwhile (a held lane), not by one request. */
  held: boolean;
  /** Served after every other request of its lane, once the other files have ended (LaneRequest.last). */
  last: boolean;
  file: string | undefined;
  resolve: () => void;
  reject: (err: Error) => void;
}

interface Lane {
  window: PacingWindow;
  timeline: PacerTimeline;
  /** Served by seniority; the head waits until all its grants are possible, so a whole-lane request is not starved. */
  waiters: Waiter[];
  timer: NodeJS.Timeout | undefined;
}

/** A request for grants of a customer's lane; `limit` and `windowMs` are its pace when the request opens the lane. */
export interface LaneRequest {
  customer: string;
  grants: number;
  held: boolean;
  check: string | undefined;
  limit?: number;
  windowMs?: number;
  /**
   * Granted only when no other request waits in the lane and every file of the run but the
   * requesting check's (`file`) and the quiet ones has ended: a probe that exhausts a limit the lane
   * shares (RATE-12) goes after the lane's other work, so the window it needs without requests
   * before it is the lane's own wait at its end, not a second one in the middle.
   */
  last?: boolean;
  /** The requesting check's suite file. */
  file?: string;
}

/** A worker's report that a granted request was answered (or, for a held lane, one of its grants given back). */
export interface LaneRelease {
  customer: string;
  grant?: number;
  status?: number;
  label?: string;
  openEnded: boolean;
  /** Grant nothing more in this lane before this moment (epoch ms). */
  quietUntil?: number;
}

/**
 * Each customer's lane: the requests waiting for its sliding second, granted by seniority as the
 * pacing window has room, and the timeline of what it granted (to judge the target's refusals).
 */
export interface CustomerQueues {
  /** Resolves with the grant's number once the customer's window has room for all its grants. */
  acquire(request: LaneRequest): Promise<number>;
  release(release: LaneRelease): void;
  /** When the customer's last response arrived (epoch ms), null before any. */
  lastResponse(customer: string): number | null;
  /** How long the first request waiting in the customer's lane still waits for its window (0 when none waits). */
  waitingMs(customer: string): number;
  /** The files of the checks whose requests wait in the customer's lane. */
  waitingFiles(customer: string): Set<string>;
  /** The proof that the target refused the grant's request wrongly (RATE-2), if its timeline holds one. */
  disprove(customer: string, grant: number): string | undefined;
  slowestPacedAnswerMs(): number;
  /** Refuses every waiting request (PacerInterrupted). */
  interrupt(): void;
  close(): void;
}

const LAST_RECHECK_MS = 250;

export function createCustomerQueues(options: {
  seniority: Seniority;
  marginMs?: number;
  /** Requests sent before the run (the CLI's preflight): per customer, when their responses arrived (epoch ms). */
  priorResponses?: Record<string, number[]>;
  /** A customer's request was granted / answered: the stretch its pace could fill (pacer-statistics.ts). */
  onGrant(customer: string): void;
  onAnswer(customer: string): void;
  /** Whether every file but `file` (and the quiet ones) has ended: a `last` request waits for it. */
  othersEnded?(file: string | undefined): boolean;
}): CustomerQueues {
  const { seniority } = options;
  const lanes = new Map<string, Lane>();
  // The windows pace by differences of their times and the timelines prove refusals wrong from
  // them: a clock that never steps (monotonic-clock.ts), as the target's count is monotonic too.
  const clock = monotonicNow;
  const pacedAnswers = createPacedAnswerTimes(clock);
  const timelinesStart = clock();
  const priorResponses = Object.fromEntries(Object.entries(options.priorResponses ?? {}).map(([customer, times]) => [customer, times.map(fromWallClock)]));
  for (const [customer, times] of Object.entries(priorResponses)) {
    const { window } = lane(customer);
    for (const at of times) {
      window.grant();
      window.complete(at);
    }
  }

  /** A customer's lane is opened on first use, with the pace its first request names (default: the API's 2 per second). */
  function lane(customer: string, limit = 2, windowMs = 1000): Lane {
    let l = lanes.get(customer);
    if (!l) {
      // Before the pacer started (and at its preflight's answers, the latest it knows of) anyone may have sent for the customer.
      const horizon = Math.max(timelinesStart, ...(priorResponses[customer] ?? []));
      l = { window: createPacingWindow(limit, windowMs, options.marginMs ?? 5), timeline: createPacerTimeline(horizon), waiters: [], timer: undefined };
      lanes.set(customer, l);
    }
    return l;
  }

  function pump(customer: string, l: Lane): void {
    if (l.waiters.length > 1) l.waiters.sort((a, b) => Number(a.last) - Number(b.last) || seniority.compare(a, b));
    for (let head = l.waiters[0]; head; head = l.waiters[0]) {
      const notYet = head.last && !(options.othersEnded?.(head.file) ?? true);
      // Files end without a word to the lane: it looks again a little later.
      const wait = notYet ? LAST_RECHECK_MS : l.window.waitMs(clock(), head.grants);
      if (wait > 0) {
        if (wait !== Infinity && !l.timer) {
          l.timer = setTimeout(() => {
            l.timer = undefined;
            pump(customer, l);
          }, Math.ceil(wait));
        }
        return;
      }
      l.window.grant(head.grants);
      l.timeline.granted(head.seq, clock(), head);
      if (!head.held) pacedAnswers.granted(head.seq);
      l.waiters.shift();
      options.onGrant(customer);
      seniority.granted(head.check);
      head.resolve();
    }
  }

  return {
    acquire: (request) =>
      new Promise<number>((resolve, reject) => {
        const l = lane(request.customer, request.limit, request.windowMs);
        const seq = seniority.arrive();
        l.waiters.push({ grants: request.grants, held: request.held, last: request.last === true, file: request.file, check: request.check, seq, resolve: () => resolve(seq), reject });
        pump(request.customer, l);
      }),
    release(release) {
      const l = lane(release.customer);
      l.window.complete(clock());
      if (release.quietUntil !== undefined) l.window.quietUntil(fromWallClock(release.quietUntil));
      if (release.grant !== undefined) {
        pacedAnswers.answered(release.grant, release.status);
        l.timeline.released(release.grant, clock(), {
          ...(release.status !== undefined ? { status: release.status } : {}),
          ...(release.label !== undefined ? { label: release.label } : {}),
          openEnded: release.openEnded,
        });
      }
      options.onAnswer(release.customer);
      pump(release.customer, l);
    },
    lastResponse(customer) {
      const at = lanes.get(customer)?.window.lastCompletion();
      return at === undefined ? null : toWallClock(at);
    },
    waitingFiles(customer) {
      const files = new Set<string>();
      for (const waiter of lanes.get(customer)?.waiters ?? []) if (waiter.file !== undefined) files.add(waiter.file);
      return files;
    },
    waitingMs(customer) {
      const l = lanes.get(customer);
      const head = l?.waiters[0];
      return l && head ? l.window.waitMs(clock(), head.grants) : 0;
    },
    disprove: (customer, grant) => lanes.get(customer)?.timeline.disprove(grant, clock()),
    slowestPacedAnswerMs: () => pacedAnswers.slowestMs(),
    interrupt() {
      for (const l of lanes.values()) {
        clearTimeout(l.timer);
        for (const waiter of l.waiters.splice(0)) waiter.reject(new PacerInterrupted());
      }
    },
    close() {
      for (const l of lanes.values()) clearTimeout(l.timer);
    },
  };
}
