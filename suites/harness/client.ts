import { Agent, request } from 'undici';
import type { ChargedFailure } from '../../harness-core/check-result.js';
import { ATTEMPTS_FOR_A_READ, isGatewayAnswer } from '../../harness-core/lost-reads.js';
import { pacerCall } from '../../harness-core/pacer-client.js';
import { readRunEnv } from '../../harness-core/run-env.js';
import { parseShard } from '../../harness-core/shard.js';
import { judgeErrorAnswer } from './error-answer-judge.js';
import { curlLine, redactHeaders, redactUrl, type Exchange } from './exchange.js';
import { PrerequisiteMissing } from './read-onward.js';
import { TargetAssertionError } from './target-assertion.js';
import { target } from './target.js';

export class HarnessError extends Error {
  override name = 'HarnessError';
}

/**
 * No answer came (the connection was dropped, reset or refused): the target may still have
 * decided on the request at any later time, so it is an unknown outcome, never a verdict.
 */
export class NoAnswer extends HarnessError {
  constructor(
    message: string,
    readonly exchange: Exchange,
  ) {
    super(message);
  }
}

/**
 * Only a gateway answered (502 or 504), and the request is not sent again: the check got no answer
 * of the target to judge (inconclusive). The target may or may not have decided on the request,
 * so a timeline takes it as an unknown outcome, as one without an answer.
 */
export class GatewayAnswered extends PrerequisiteMissing {
  constructor(
    message: string,
    readonly exchange: Exchange,
  ) {
    super(message);
  }

  /** The gateway's answer `e` got, the check left with nothing of the target's to judge; `read`: the request was sent again. */
  static to(e: Exchange, read: boolean): GatewayAnswered {
    const status = e.response?.status ?? 0;
    const sent = read ? `after ${ATTEMPTS_FOR_A_READ} attempts` : 'sent once: a POST or DELETE, a pdf request or a rate-limit check\'s request is not sent again';
    return new GatewayAnswered(`inconclusive: ${e.request.method} ${e.request.url} was answered HTTP ${status}, a gateway's answer (${sent}): the spec's error table has no ${status}, so this check got no answer of the target to judge`, e);
  }
}

/**
 * Whether a missing prerequisite stays missing in another run of the check: any but a gateway's
 * answer, after which the check runs again (check.ts). A check that reads past a prerequisite
 * to judge the rest leaves a part unexercised only for those.
 */
export function staysMissing(err: unknown): err is PrerequisiteMissing {
  return err instanceof PrerequisiteMissing && !(err instanceof GatewayAnswered);
}

/** A response as received; the body is kept as text so byte-level comparisons are possible. */
export class ApiResponse {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly text: string,
    readonly exchange: Exchange,
    /** The check that sent the request: a rule broken by the answer is charged through it. */
    readonly recorder?: RequestRecorder,
  ) {}

  /** A body that is not JSON where a check reads JSON is the target's failure, not the harness's. */
  json<T = unknown>(): T {
    try {
      return JSON.parse(this.text) as T;
    } catch {
      throw new TargetAssertionError(`expected a JSON body from ${this.exchange.request.method} ${this.exchange.request.url}, got HTTP ${this.status}: ${this.text.slice(0, 200)}`);
    }
  }
}

export interface SendOptions {
  /** JSON-serialised unless `raw` is given. */
  body?: unknown;
  /** Exact body bytes (for malformed JSON, sizes, content types). */
  raw?: string | Buffer;
  headers?: Record<string, string>;
  /** Content type for bodies; defaults to application/json, `null` sends none. */
  contentType?: string | null;
  /**
   * Awaited after the pacer's grant, right before sending; what it returns is called once the
   * answer is read. A timing probe takes turns with its sibling requests through it, so that its
   * measured time holds no other of them.
   */
  turn?: () => Promise<() => void>;
  /**
   * Why the request may be sent again after a gateway's answer or a lost connection, whatever its
   * method (as a read is):
   * - `refused`: the check asserts it is refused (a 4xx that changes nothing), so a repeat has the
   *   effect of one on a target that conforms, and on one that wrongly took the first the same
   *   effect again, which the check's assertion finds;
   * - `prerequisite`: it creates what the check needs and does not judge (a project to write to);
   *   one that a lost answer leaves behind goes unused, as a first run's does;
   * - `creation`: it creates what the check judges on the answer, and one that a lost answer leaves
   *   behind is named by none of the check's comparisons (the exploration's projects: its lists
   *   must show the sequence's projects, not only them), so the repeat's answer is judged as the
   *   first's would have been.
   */
  repeatable?: 'refused' | 'prerequisite' | 'creation';
}

/** The reasons of `SendOptions.repeatable`, each spelt once: a request so marked is sent again past a gateway's answer whatever its method. */
export const REFUSED = { repeatable: 'refused' } as const satisfies SendOptions;
export const PREREQUISITE = { repeatable: 'prerequisite' } as const satisfies SendOptions;
export const CREATION = { repeatable: 'creation' } as const satisfies SendOptions;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 128 });

function pathOf(url: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

/**
 * The harness's only way to reach the target. Every request of a customer goes through the pacer
 * (so no check trips the limiter by accident), is recorded with its token redacted, and is
 * refused locally when the run is read-only and the request writes.
 */
export interface RequestRecorder {
  record(e: Exchange): void;
  checkName: string;
  /** True for rate-limit checks, which provoke 429s on purpose. */
  expects429: boolean;
  /** True once the check has ended (e.g. its deadline fired while the body still runs). */
  readonly ended: boolean;
  /** Called before each request goes out, once the pacer granted it: the check's deadline runs from the first. */
  sending?(): void;
  /** A rule the check does not own broke in an answer it met (CheckContext.charge). */
  charge?(failure: ChargedFailure): void;
}

export interface Pacing {
  customer: string;
  limit?: number;
  windowMs?: number;
  /** The sending check (the pacer serves checks it has started first), its suite file and its area (for the run's demand figures). */
  check?: string;
  file?: string;
  area?: string;
  /** The rule the sending check names first (the run counts the invalid-token lane's requests per rule). */
  rule?: string;
}

/**
 * What a 429 to one of an actor's requests means outside the rate-limit checks (docs/running.md, "Results").
 * `failed`: the request must never be counted (a public endpoint, no valid token below the
 * documented per-address limit), so the target broke the check's rule, which requires another
 * answer. `paced`: the harness paced the customer, so the pacer's timeline of it decides
 * (pacer-timeline.ts): when it proves the refusal wrong the target broke RATE-2; else, like
 * `broken`, the target counted more than it should or the harness's assumptions (a customer shared
 * with another client, an undocumented limit) do not hold, and the harness cannot tell which, so
 * the check is not judged.
 */
export interface ThrottleMeaning {
  verdict: 'failed' | 'paced' | 'broken';
  /** Why, for the message: what the harness knows about this request. */
  reason: string;
}

const PACED_CUSTOMER: ThrottleMeaning = {
  verdict: 'paced',
  reason:
    "the harness paced this customer, but its timeline at the pacer leaves room for two requests in the second before (a lane a check held, the run's start, a slow answer), so the target counted more than it should or the customer is shared with another client",
};

/** Requests of the harness that a paced customer's timeline may not show: the meaning of its 429 then stays broken. */
function unseenBy(pacing: Pacing, token: string | undefined): ThrottleMeaning | undefined {
  const shard = parseShard(readRunEnv('shard'));
  if (shard && shard.count > 1 && !/^pool:\d+$/.test(pacing.customer)) {
    return { verdict: 'broken', reason: `under --shard ${shard.index}/${shard.count} this customer is shared with the other shards, whose requests this shard's pacer never sees` };
  }
  if (token !== undefined && target().profile.customers.blocked?.tokens.includes(token)) {
    return { verdict: 'broken', reason: "the blocked customer's token authenticates no one, so the target may count its requests per address with the invalid tokens, which this customer's timeline does not show" };
  }
  return undefined;
}

/**
 * How often a request refused although the pacer's timeline proves it admissible is sent again: the
 * refusal fails RATE-2, and the check judges its own rule on the answer to the next attempt.
 */
const SENDS_AFTER_A_WRONG_REFUSAL = 3;

/** Per check, its unpaced requests still waiting for an answer: a lane it holds is not over while one is. */
const unpacedInFlight = new WeakMap<RequestRecorder, number>();

export function hasUnpacedInFlight(recorder: RequestRecorder): boolean {
  return (unpacedInFlight.get(recorder) ?? 0) > 0;
}

/**
 * Methods whose request a client may send again when no answer of the target came, but for a pdf
 * GET: the idempotent ones (RFC 9110 9.2.2), and PATCH, which this API makes so: "only sent fields
 * change" (of a project and of a room), so the same body sent twice leaves what one leaves.
 */
const REPEATABLE: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH']);

/** The pacer's grant of each request sent, by which the pacer judges a 429 to it. */
const grantOf = new WeakMap<Exchange, number>();

export class Actor {
  constructor(
    readonly label: string,
    private readonly token: string | undefined,
    private readonly pacing: Pacing | undefined,
    private readonly recorder: RequestRecorder,
    private readonly on429: ThrottleMeaning = PACED_CUSTOMER,
    /** A second lane the request counts in on the target (the blocked customer's: the per-address lane), taken first. */
    private readonly addressLane?: Pacing,
  ) {}

  get(path: string, options: SendOptions = {}) {
    return this.send('GET', path, options);
  }
  post(path: string, body?: unknown, options: SendOptions = {}) {
    return this.send('POST', path, body === undefined ? options : { ...options, body });
  }
  patch(path: string, body?: unknown, options: SendOptions = {}) {
    return this.send('PATCH', path, body === undefined ? options : { ...options, body });
  }
  put(path: string, body?: unknown, options: SendOptions = {}) {
    return this.send('PUT', path, body === undefined ? options : { ...options, body });
  }

  /**
   * Sends once, or until it gets an answer that is not a gateway's (every attempt is paced and
   * recorded) a request the check vouches for (`repeatable`), and outside the rate-limit checks one
   * its method lets a client repeat: a read, OPTIONS, PUT and PATCH, whose repeat has the effect of
   * one (`REPEATABLE`). A pdf GET is not a read (it creates a document); POST is not idempotent,
   * and a repeated DELETE answers otherwise once the first took effect; a rate-limit check's
   * timeline needs each of its own requests as it went, while what it creates on its way (AUTH-23's
   * rooms and projects) is vouched for like any check's. A gateway's answer is never handed to a
   * check: it is not the target's, and the spec's table has no 502 or 504.
   */
  async send(method: string, path: string, options: SendOptions = {}): Promise<ApiResponse> {
    const again = options.repeatable !== undefined || (REPEATABLE.has(method) && !(method === 'GET' && /\/pdf(\?|$)/.test(path)) && !this.recorder.expects429);
    let lost = 0;
    let refused = 0;
    for (;;) {
      const last = !again || lost + 1 >= ATTEMPTS_FOR_A_READ;
      let res: ApiResponse;
      try {
        res = await this.sendOnce(method, path, options);
      } catch (err) {
        if (last || !(err instanceof NoAnswer)) throw err;
        lost++;
        continue;
      }
      // A refused request changed nothing on the target, whatever its method: sent again, it is judged for the check's own rule.
      if (await this.refusedWrongly(res)) {
        if (++refused < SENDS_AFTER_A_WRONG_REFUSAL) continue;
        throw new PrerequisiteMissing(
          `inconclusive: ${method} ${res.exchange.request.url} was refused ${refused} times although the pacer's timeline proves each refusal wrong (RATE-2 fails for it), so this check got no answer to judge its own rule on`,
        );
      }
      if (!isGatewayAnswer(res.status)) return res;
      if (last) throw GatewayAnswered.to(res.exchange, again);
      lost++;
    }
  }

  private async sendOnce(method: string, path: string, options: SendOptions): Promise<ApiResponse> {
    const t = target();
    if (t.readOnly && WRITE_METHODS.has(method)) {
      throw new HarnessError(`read-only run: refusing ${method} ${path} (the check should have been skipped)`);
    }
    const url = /^https?:\/\//.test(path) ? path : `${t.baseUrl}${path}`;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.token !== undefined) headers.authorization = `Bearer ${this.token}`;
    let body: string | Buffer | undefined = options.raw;
    if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && options.contentType !== null) headers['content-type'] ??= options.contentType ?? 'application/json';

    this.refuseAfterEnd(method, path);
    // The address lane before the customer's own, the order RATE-12 holds them in. A blocked
    // customer's requests queue in the address lane by seniority with everyone else's, and hold their
    // slot while its pace of 2 per second lets them go one after another: taken the other way round,
    // each would reach the address lane alone, half a second after the last, find the slots the
    // others took in a burst, and be left for the lane's last window, spread over seconds that the
    // probe after that window then waits for.
    const label = `${method} ${pathOf(redactUrl(url))}`;
    const laneGrant = this.addressLane ? (await pacerCall<{ grant: number }>(t.pacerUrl, '/acquire', this.addressLane)).grant : undefined;
    let grant: number | undefined;
    try {
      grant = this.pacing ? (await pacerCall<{ grant: number }>(t.pacerUrl, '/acquire', this.pacing)).grant : undefined;
    } catch (err) {
      // Never sent: the address slot goes back, or the lane would keep one slot fewer to the end.
      await this.release(undefined, 0, label, laneGrant);
      throw err;
    }
    if (this.recorder.ended) {
      // Never sent; unknown (0) can only spare the target.
      await this.release(grant, 0, label, laneGrant);
      this.refuseAfterEnd(method, path);
    }
    this.recorder.sending?.();
    const endTurn = options.turn ? await options.turn() : undefined;
    const exchange: Exchange = {
      customer: this.label,
      request: { method, url: redactUrl(url), headers: redactHeaders(headers), body: body === undefined ? undefined : body.toString() },
      sentAt: performance.now(),
      receivedAt: 0,
    };
    if (!this.pacing) unpacedInFlight.set(this.recorder, (unpacedInFlight.get(this.recorder) ?? 0) + 1);
    try {
      const res = await request(url, { method: method as 'GET', headers, body, dispatcher: agent });
      const text = await res.body.text();
      exchange.receivedAt = performance.now();
      endTurn?.();
      const responseHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      exchange.response = { status: res.statusCode, headers: responseHeaders, body: text };
      return new ApiResponse(res.statusCode, responseHeaders, text, exchange, this.recorder);
    } catch (err) {
      exchange.receivedAt = performance.now();
      endTurn?.();
      exchange.error = err instanceof Error ? err.message : String(err);
      throw new NoAnswer(`target unreachable: ${method} ${redactUrl(url)}: ${exchange.error}`, exchange);
    } finally {
      if (!this.pacing) unpacedInFlight.set(this.recorder, (unpacedInFlight.get(this.recorder) ?? 1) - 1);
      await this.release(grant, exchange.response?.status ?? 0, label, laneGrant);
      this.recorder.record(exchange);
      if (grant !== undefined) grantOf.set(exchange, grant);
      await this.afterAnswer(exchange);
    }
  }

  /** Gives the pacer its grant back with the answer's status (0: none came), for the customer's timeline. */
  private async release(grant: number | undefined, status: number, label: string, laneGrant: number | undefined): Promise<void> {
    // The pace and the check named the lane when it was acquired; the release only closes the grant.
    if (this.pacing && grant !== undefined) await pacerCall(target().pacerUrl, '/release', { customer: this.pacing.customer, grant, status, label });
    if (this.addressLane && laneGrant !== undefined) await pacerCall(target().pacerUrl, '/release', { customer: this.addressLane.customer, grant: laneGrant, status, label });
  }

  /** A body abandoned by its deadline must not keep sending: its requests would count against a customer the next check uses. */
  private refuseAfterEnd(method: string, path: string): void {
    if (this.recorder.ended) throw new HarnessError(`the check has ended; not sending ${method} ${path}`);
  }

  /**
   * A 429 to a request outside the rate-limit checks: true when the pacer's timeline proves the
   * refusal wrong, which is charged to RATE-2 (the request is then sent again); any other 429
   * ends the check as its ThrottleMeaning says.
   */
  private async refusedWrongly(res: ApiResponse): Promise<boolean> {
    const e = res.exchange;
    if (res.status !== 429 || this.recorder.expects429) return false;
    const t = target();
    const what = `${e.request.method} ${e.request.url} (${this.label}) answered 429`;
    if (this.on429.verdict === 'failed') throw new TargetAssertionError(`${what}, but ${this.on429.reason}: the target must not throttle it, and the rule requires another answer`);
    const paced = this.on429.verdict === 'paced' ? this.pacing : undefined;
    const unseen = paced && unseenBy(paced, this.token);
    if (paced && !unseen) {
      const { proof } = await pacerCall<{ proof: string | null }>(t.pacerUrl, '/judge-429', { customer: paced.customer, grant: grantOf.get(e), check: this.recorder.checkName, method: e.request.method, path: e.request.url });
      if (proof) {
        const check = this.recorder.checkName;
        this.recorder.charge?.({
          rule: 'RATE-2',
          kind: `met by ${check}`,
          title: `a refusal the pacer's timeline proves wrong, met by "${check}"`,
          message: `RATE-2 failed: ${what}, and the pacer's timeline proves the refusal wrong (protected requests paced at 2 per sliding second must all be admitted): ${proof}`,
          curl: curlLine(e),
        });
        return true;
      }
    }
    await pacerCall(t.pacerUrl, '/unintended-429', { customer: this.label, check: this.recorder.checkName, method: e.request.method, path: e.request.url });
    throw new HarnessError(`unintended 429: ${what}; ${(unseen || this.on429).reason}`);
  }

  /** What every answer tells beyond the check's own rule: ERR-1/ERR-5 of an error answer, and a created project for the run's count. */
  private async afterAnswer(e: Exchange): Promise<void> {
    const t = target();
    for (const failure of judgeErrorAnswer(e, t.baseUrl)) this.recorder.charge?.(failure);
    if (e.response?.status === 201 && e.request.method === 'POST' && /\/reports(\/with-data)?$/.test(new URL(e.request.url).pathname)) {
      let key = '?';
      try {
        key = (JSON.parse(e.response.body) as { projektHeader?: { key?: string } }).projektHeader?.key ?? '?';
      } catch {
        // The creation checks report the malformed body; the count of created projects stays right.
      }
      await pacerCall(t.pacerUrl, '/created', { customer: this.label, key, check: this.recorder.checkName });
    }
  }
}
