/**
 * What happened to each project, from every token's requests: the writes and the room operations
 * with their times, so a judge of a sequence can tell whether anything but the write it judges may
 * have changed a value or the status between two answers. A read changes nothing, so none is kept:
 * most requests to a project are reads, and each would cost every log a slot. Keyed by the key in
 * lowercase: a target that ignores case reaches one project by every spelling.
 */
import { PROJECT_KEY_ENDPOINTS, type EndpointId } from '../../../spec/endpoints.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import { fact, type ExchangeView } from '../../judge/exchange-view.js';
import { earliestSend, latestAnswer } from '../../judge/recorded-times.js';
import { readsLearning, type Reads } from '../../judge/judge.js';
import { HandedOver, sharedState } from '../../judge/shared-state.js';
import { projectPathOf, type ProjectPath } from './project-path.js';
import { projectWriteBodyOf } from './sequence-normalisation.js';

const projectOpOfFact = fact(projectOpOf);

export type OpKind =
  /** PATCH /reports/{projectKey}: changes the sent fields, never the status (FREE-STAT-1) */
  | 'project-write'
  /** POST .../rooms answered 2xx */
  | 'room-created'
  /** POST .../rooms refused (4xx but 401 and 429): no room was created */
  | 'room-refused'
  /** PATCH .../rooms/{roomId} answered 200 */
  | 'room-changed'
  /** anything else: PUT .../password, GET .../pdf ("not a pure read"), other methods, room writes answered 429 or 5xx */
  | 'other';

export interface ProjectOp {
  /** The project's key in lowercase. */
  key: string;
  seq: number;
  /** The earliest moment it may have been sent and the latest it may have been answered (recorded-times.ts: a start stamped to the second may lie a second off). */
  sentAt: number;
  answeredAt: number;
  customer: string | undefined;
  method: string;
  kind: OpKind;
  /** The project fields it may have written: the sent ones, or `all` for a write of unknown content to the project itself. */
  touched: ReadonlySet<string> | 'all';
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const NOTHING: ReadonlySet<string> = new Set();

/** A pure read, or a request the target did not authenticate: it changed nothing. */
function isRead(x: ExchangeView, rest: string): boolean {
  return READ_METHODS.has(x.method) ? !(x.method === 'GET' && rest === '/pdf') : x.status === 401;
}

/** What a request that is no read (`isRead`) may have done. */
function classify(x: ExchangeView, rest: string): Pick<ProjectOp, 'kind' | 'touched'> {
  if (READ_METHODS.has(x.method)) return { kind: 'other', touched: NOTHING };
  if (rest === '') {
    if (x.method === 'PATCH') return { kind: 'project-write', touched: projectWriteBodyOf(x).touched };
    return { kind: 'other', touched: 'all' };
  }
  const undecided = x.status === 429 || x.status >= 500;
  if (rest === '/rooms' && x.method === 'POST' && !undecided) return { kind: x.status < 300 ? 'room-created' : 'room-refused', touched: NOTHING };
  if (/^\/rooms\/[^/]+$/.test(rest) && x.method === 'PATCH' && x.status === 200) return { kind: 'room-changed', touched: NOTHING };
  return { kind: 'other', touched: NOTHING };
}

/** What a request to a project route that is no read did, worked out once for the judges that each keep a log. */
function projectOpOf(x: ExchangeView): ProjectOp {
  const at = projectPathOf(x) as ProjectPath;
  const { kind, touched } = classify(x, at.rest);
  return { key: at.key, seq: x.seq, sentAt: earliestSend(x), answeredAt: latestAnswer(x), customer: x.customer, method: x.method, kind, touched };
}

/** Operations other than reads kept per project; a project busier than this within a horizon is judged on what remains. */
const OPS_PER_PROJECT = 400;
/** Projects whose operations are kept. */
const PROJECTS = 5000;

/**
 * A project's operations, the last `OPS_PER_PROJECT` of them read, with `reach[i]` no earlier than
 * every answer of `ops[..i]`: a walk back from the newest stops where nothing before can overlap a
 * window, and a busy project is not walked through at every read. Up to twice as many are kept
 * before the older ones are let go, so that a project is not copied at every write.
 */
interface Ops {
  key: string;
  ops: ProjectOp[];
  reach: number[];
}

/**
 * The operations on projects, recorded once per exchange however many judges' logs (`ProjectLog`)
 * hand it over, each reading them as its own copy would hold them: a log that has not recorded
 * the exchange recorded last yet (it reads what came before, first) sees them without it.
 */
export class ProjectOps {
  readonly #logs = new BoundedMap<string, Ops>(PROJECTS);
  /** The exchange recorded last, and its operation (none for a read or another path). */
  readonly #recorded = new HandedOver<ProjectOp | undefined>();
  /** The project whose operations the latest one's new project pushed out, still read by a log that has not recorded it. */
  #forgotten: Ops | undefined;

  record(x: ExchangeView): ProjectOp | undefined {
    return this.#recorded.of(x, this.#recordOf);
  }

  /** Made once: handed over at every exchange, a closure made per call would cost one each time. */
  readonly #recordOf = (x: ExchangeView): ProjectOp | undefined => {
    this.#forgotten = undefined;
    const at = projectPathOf(x);
    const op = at && !isRead(x, at.rest) ? x.derived(projectOpOfFact) : undefined;
    if (op !== undefined) this.#push(op);
    return op;
  };

  /** What `ProjectLog.between` finds for a log whose last recorded exchange is `recorded`. */
  between(recorded: ExchangeView | undefined, key: string, from: number, to: number, except: readonly number[]): ProjectOp[] {
    const behind = !this.#recorded.isLast(recorded);
    const log = this.#logs.get(key) ?? (behind && this.#forgotten?.key === key ? this.#forgotten : undefined);
    if (log === undefined) return [];
    const end = behind && this.#recorded.last?.key === key ? log.ops.length - 1 : log.ops.length;
    const found: ProjectOp[] = [];
    for (let i = end - 1; i >= Math.max(0, end - OPS_PER_PROJECT) && (log.reach[i] as number) > from; i--) {
      const op = log.ops[i] as ProjectOp;
      if (!except.includes(op.seq) && op.sentAt < to && op.answeredAt > from) found.push(op);
    }
    return found.reverse();
  }

  #push(op: ProjectOp): void {
    let log = this.#logs.get(op.key);
    if (log === undefined) {
      if (this.#logs.size >= PROJECTS) this.#forgotten = this.#logs.values().next().value;
      this.#logs.set(op.key, (log = { key: op.key, ops: [], reach: [] }));
    }
    const { ops, reach } = log;
    reach.push(ops.length > 0 ? Math.max(reach[ops.length - 1] as number, op.answeredAt) : op.answeredAt);
    ops.push(op);
    // One more than is read: a log behind by the latest operation still reads as many.
    if (ops.length > 2 * OPS_PER_PROJECT) {
      log.ops = ops.slice(-OPS_PER_PROJECT - 1);
      log.reach = reach.slice(-OPS_PER_PROJECT - 1);
    }
  }
}

/** The observation's one `ProjectOps`, for every judge that keeps a `ProjectLog`. */
export const projectOpsState = sharedState(() => new ProjectOps());

const PROJECT_WRITE_ROWS = PROJECT_KEY_ENDPOINTS.filter((e) => e.writes).map((e) => e.id);

/**
 * What a judge that keeps a `ProjectLog` reads besides `endpoints`, so that its log records every
 * operation (`isRead` leaves out the rest): the project routes that may write, a PDF included ("not
 * a pure read"), the writes of no row (a DELETE or a PUT of a project), and any of them refused for
 * the limit, which the log keeps as well. An exchange of no other row is a read or no project's,
 * and recording it changes nothing the log reads.
 */
export function readsWithProjectLog(endpoints: readonly EndpointId[]): Reads {
  return readsLearning(PROJECT_WRITE_ROWS, endpoints);
}

/** A judge's log of what happened to each project: call `record` for every exchange, before reading anything of it. */
export class ProjectLog {
  /** The exchange this log recorded last: what it reads is what it has recorded. */
  #recorded: ExchangeView | undefined;

  constructor(private readonly ops = new ProjectOps()) {}

  /** Records a request to a project route but a read; returns the operation (undefined for reads and other paths). */
  record(x: ExchangeView): ProjectOp | undefined {
    this.#recorded = x;
    return this.ops.record(x);
  }

  /**
   * The operations on `key` but reads, other than `except`, whose time may overlap the open interval
   * (from, to), in the order seen. An operation's times are taken as far as they may lie
   * (`ProjectOp`); the caller's bounds likewise (recorded-times.ts `earliestSend`, `latestAnswer`).
   */
  between(key: string, from: number, to: number, except: readonly number[] = []): ProjectOp[] {
    return this.ops.between(this.#recorded, key, from, to, except);
  }

  /** Whether an operation other than `except` within (from, to) may have written `field` of `key`. */
  fieldTouched(key: string, field: string, from: number, to: number, except: readonly number[]): boolean {
    return this.between(key, from, to, except).some((op) => op.touched === 'all' || op.touched.has(field));
  }
}
