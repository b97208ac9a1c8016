import { randomUUID } from 'node:crypto';
import { basename, dirname } from 'node:path';
import * as allure from 'allure-js-commons';
import { describe, test, type TestContext } from 'vitest';
import { EVIDENCE_PARAMETER, JUDGED_LABEL, judgedRules, NOT_EXERCISED_PARAMETER, type ChargedFailure, type CheckJudgement } from '../../harness-core/check-result.js';
import type { CustomerRole, Profile } from '../../spec/profile.schema.js';
import { getRule, isKnownRule } from '../../spec/rules/catalog.js';
import { Actor, GatewayAnswered, HarnessError, hasUnpacedInFlight, PREREQUISITE, type Pacing, type RequestRecorder, type ThrottleMeaning } from './client.js';
import { curlLine, formatExchange, type Exchange } from './exchange.js';
import { expectCreatedKey } from './expect-api.js';
import { invalidTokenLane } from '../../harness-core/invalid-token-lane.js';
import { PrerequisiteMissing } from './read-onward.js';
import { pacerCall } from '../../harness-core/pacer-client.js';
import type { LeaseKind } from '../../harness-core/pacer-server.js';
import { readRunEnv } from '../../harness-core/run-env.js';
import { target } from './target.js';

export interface CheckOptions {
  /** The check sends writes (creation, PATCH, PUT, POST): skipped in read-only runs. */
  writes?: boolean;
  /** Returns why the profile cannot support this check, or undefined when it can. */
  needs?: (profile: Profile) => string | undefined;
  /** Rate-limit checks provoke 429s on purpose. */
  expects429?: boolean;
  /** Milliseconds from the first granted request (default DEFAULT_CHECK_TIMEOUT_MS); a function when the check waits for windows the profile documents. */
  timeout?: number | ((profile: Profile) => number);
  /**
   * The title leaves the rule IDs out, for a check judging more rules than a reader can take in
   * (the exploration): they stay in `task.meta.rules` and the rule labels, and a describe block of
   * their own names them, as `--rules` selects checks by the bracketed IDs of their full name.
   */
  titleWithoutRules?: boolean;
  /**
   * The check judges only the rules it records with `t.judged` (a lane of the exploration, whose
   * drawn sequences decide what it compares); every other named rule reads "not exercised".
   */
  judgesOnlyRecorded?: boolean;
}

/** A check's time limit when it sets none: its own work at its customers' pace. */
export const DEFAULT_CHECK_TIMEOUT_MS = 120_000;


/**
 * How long a check may wait for its first granted request when the CLI gave no bound
 * (CPF_WAIT_LIMIT_SECONDS, derived from the expected pacing floor).
 */
const DEFAULT_WAIT_LIMIT_MS = 900_000;

export function waitLimitMs(): number {
  const seconds = readRunEnv('waitLimitSeconds');
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_WAIT_LIMIT_MS;
}

/** What a lease kind asks of the customer, for the reason of a skip when no customer of the profile fits. */
const LEASE_NEEDS: Record<LeaseKind, string> = {
  licensed: 'a customer with an active license other than customers.foreign',
  heatpump: 'a customer with an active license and the heat-pump right (customers.primary or the pool)',
  'own-data-only': 'a customer with an active license',
  calculable: 'a customer with a calculable project (resources.primaryProjectKeys.calculable or pool[].resources.calculable)',
  funding: 'a customer with expected funding applications (resources.funding or pool[].resources.funding)',
};

/** What `exclusiveOwner()` hands a rate-limit check: a customer nobody else uses meanwhile. */
export interface ExclusiveCustomer {
  /** The customer's name in the pacer, e.g. `pool:3` or `primary`. */
  customer: string;
  /** One unpaced actor per token of the customer, in profile order (their requests skip the pacer). */
  tokens: Actor[];
}

/** Projects are never deleted (no endpoint), so one per pool customer and worker is reused. */
const sharedProjects = new Map<string, Promise<string>>();

/** The name every project the harness creates carries, so an operator can find them later. */
export function harnessProjectName(suffix = ''): string {
  return `cpf-conformance ${target().runId}${suffix ? ` ${suffix}` : ''}`;
}

/** What a check body gets: actors for the profile's roles, and the skip/record plumbing. */
export class CheckContext implements RequestRecorder {
  readonly exchanges: Exchange[] = [];
  /** Names the check to the pacer, which serves the checks it has started first. */
  readonly id = randomUUID();
  private readonly leases: string[] = [];
  private readonly heldLanes: (() => Promise<void>)[] = [];
  private hasEnded = false;
  private hasSent = false;
  private onFirstSend: (() => void) | undefined;
  /** What the check judged, did not exercise and met of other rules: the reporter reads it from task.meta. */
  readonly judgement: CheckJudgement;

  constructor(
    readonly checkName: string,
    readonly expects429: boolean,
    private readonly ctx: TestContext,
    private readonly area?: string,
    /** The rule the check names first: the run counts requests without a valid token per rule. */
    private readonly rule?: string,
    /** Every rule the check names: it records judgements of these only. */
    readonly rules: readonly string[] = rule ? [rule] : [],
    onlyRecorded = false,
  ) {
    this.judgement = { evidence: {}, notExercised: {}, charged: [], onlyRecorded };
  }

  get profile(): Profile {
    return target().profile;
  }

  get ended(): boolean {
    return this.hasEnded;
  }

  record(e: Exchange): void {
    this.exchanges.push(e);
  }

  sending(): void {
    if (this.hasSent) return;
    this.hasSent = true;
    this.onFirstSend?.();
  }

  /** Runs `start` when the check's first request goes out (the pacer granted it), at once if it already has. */
  whenFirstSending(start: () => void): void {
    if (this.hasSent) start();
    else this.onFirstSend = start;
  }

  /**
   * Takes grants of a pacer lane for requests the check paces itself (sent by an unpaced actor, or
   * counted in two lanes at once), as a part of this check: the pacer serves them with the
   * check's seniority like its other requests. Returns the release of every grant taken, which
   * the check's end also runs if the check has not.
   */
  async holdLane(customer: string, extra: { grants?: number; limit?: number; windowMs?: number; last?: boolean } = {}): Promise<(after?: { quietUntil: number }) => Promise<void>> {
    const url = target().pacerUrl;
    const { last, ...pace } = extra;
    // A hold that goes last in its lane waits for the other files' end (customer-queues.ts).
    const order = last ? { last: true } : {};
    const { grant } = await pacerCall<{ grant: number }>(url, '/acquire', { ...this.pacing(customer, pace), hold: true, ...order });
    let released = false;
    const release = async (after?: { quietUntil: number }) => {
      if (released) return;
      released = true;
      // A request still in flight (the deadline abandoned the body) may be decided after the release: the pacer then keeps the hold open.
      const openEnded = hasUnpacedInFlight(this);
      for (let i = 0; i < (extra.grants ?? 1); i++) await pacerCall(url, '/release', { customer, grant, openEnded, ...after });
    };
    // Granted after the check ended (its deadline fired while the pacer still queued it), the hold
    // would stay with nobody to return it and stall every later user of the lane.
    if (this.ended) {
      await release();
      throw new HarnessError('the check ended before the pacer granted its lane');
    }
    this.heldLanes.push(release);
    this.sending();
    return release;
  }

  /**
   * Waits until every file of the run but the quiet ones has ended (harness-core/quiet-phase.ts):
   * the checks of a quiet file call it before their first request. The wait counts against the
   * run's wait limit, not the check's own time limit, which starts with its first granted request.
   */
  async untilQuiet(): Promise<void> {
    while (!(await pacerCall<{ quiet: boolean }>(target().pacerUrl, '/quiet', {})).quiet);
  }

  /** When the last response of a pacer lane arrived (epoch ms), undefined when it has sent nothing. */
  async lastAnswered(customer: string): Promise<number | undefined> {
    const { at } = await pacerCall<{ at: number | null }>(target().pacerUrl, '/last-response', { customer });
    return at ?? undefined;
  }

  /** The check's suite file (absent in a context made by a unit test). */
  private get file(): string | undefined {
    return (this.ctx as Partial<TestContext>).task?.file.filepath;
  }

  private pacing(customer: string, extra: Omit<Pacing, 'customer'> & { grants?: number } = {}): Pacing {
    // The file tells the pacer which files wait on a lane (lane-bound-watch.ts, customer-queues.ts).
    return { customer, check: this.id, ...(this.file ? { file: this.file } : {}), ...(this.area ? { area: this.area } : {}), ...(this.rule ? { rule: this.rule } : {}), ...extra };
  }

  /** The profile entry behind a pacer customer name: a role, or `pool:<index>`. */
  entryOf(customer: string) {
    const pool = /^pool:(\d+)$/.exec(customer);
    const entry = pool ? this.profile.customers.pool?.[Number(pool[1])] : this.profile.customers[customer as CustomerRole];
    if (!entry?.tokens[0]) throw new HarnessError(`pacer leased unknown customer ${customer}`);
    return entry;
  }

  /** A statement of a passing check (what it could see), printed with the progress and kept in checks.json. */
  note(text: string): void {
    this.ctx.task.meta.note = text;
  }

  private named(rules: string | readonly string[]): readonly string[] {
    const ids = typeof rules === 'string' ? [rules] : rules;
    for (const id of ids) if (!this.rules.includes(id)) throw new HarnessError(`the check records a judgement of ${id}, which it does not name (${this.rules.join(' ')})`);
    return ids;
  }

  /**
   * Records that the check's assertions about `rules` ran on `count` items of the target's data,
   * `what` naming them ("circuits", "formatted ids"): the statement carries it as the rule's
   * evidence. With 0 items the rules are not exercised, for want of such data. Without a count the
   * check judged a fixed request of its own (`what` says which).
   */
  judged(rules: string | readonly string[], count?: number, what?: string): void {
    const ids = this.named(rules);
    if (count === 0) return this.notExercised(ids, `the target's data holds no ${what ?? 'item'} to judge`);
    for (const id of ids) {
      const before = this.judgement.evidence[id];
      const text = count === undefined ? (what ?? 'judged') : `${count} ${what ?? (count === 1 ? 'item' : 'items')}`;
      this.judgement.evidence[id] = {
        ...(count !== undefined || before?.items !== undefined ? { items: (before?.items ?? 0) + (count ?? 0) } : {}),
        text: before ? `${before.text}; ${text}` : text,
      };
    }
  }

  /** The check did not judge `rules` in this run, and why: they read "not exercised", never pass, by this check. */
  notExercised(rules: string | readonly string[], reason: string): void {
    for (const id of this.named(rules)) if (!(id in this.judgement.notExercised)) this.judgement.notExercised[id] = reason;
  }

  /**
   * A rule the check does not own broke in an answer it met on its way (a refusal the pacer's
   * timeline proves wrong, a prerequisite read): the failure is that rule's, in the statement,
   * the summary and the report, and the check goes on or ends unjudged for its own rules.
   */
  charge(failure: ChargedFailure): void {
    if (!this.judgement.charged.some((c) => c.rule === failure.rule && c.kind === failure.kind)) this.judgement.charged.push(failure);
  }

  /** The named rules the check judged (once its body has passed). */
  judgedRules(): string[] {
    return judgedRules(this.rules, this.judgement);
  }

  skip(reason: string): never {
    this.ctx.task.meta.skipReason = reason;
    return this.ctx.skip(reason);
  }

  /** A fixed role of the profile; the check is skipped when the profile lacks it. */
  as(role: CustomerRole, tokenIndex = 0): Actor {
    const customer = this.profile.customers[role];
    if (!customer) this.skip(`profile has no customers.${role}`);
    const token = customer.tokens[tokenIndex];
    if (token === undefined) this.skip(`profile customers.${role} has no token #${tokenIndex + 1}`);
    // A blocked token authenticates no one: a target may count its requests per address with the invalid tokens.
    const addressLane = role === 'blocked' ? this.pacing('#invalid-token', this.invalidTokenPace()) : undefined;
    return new Actor(role, token, this.pacing(role), this, undefined, addressLane);
  }

  /**
   * A customer with an active license that owns what it creates, leased for this check: any
   * customer of the profile with one (the pool, and the role customers whose role the kind does
   * not exclude), the one with the least work done and expected, so the load spreads over every
   * rate-limit budget the profile has. `licensed` (default) never gives the customer owning the
   * profile's foreign resources; `heatpump` needs the heat-pump right; `own-data-only` may give
   * any licensed customer (the check touches nothing but what it creates).
   */
  async owner(kind: LeaseKind = 'licensed', options: { expectedRequests?: number; among?: readonly string[]; needs?: string } = {}): Promise<Actor> {
    const customer = await this.lease(kind, false, 1, options.expectedRequests, options.among, options.needs);
    return new Actor(customer, this.entryOf(customer).tokens[0] as string, this.pacing(customer), this);
  }

  private async lease(kind: LeaseKind, exclusive: boolean, minTokens: number, expectedRequests?: number, among?: readonly string[], needs?: string): Promise<string> {
    const hint = { ...(expectedRequests === undefined ? {} : { expectedRequests }), ...(among === undefined ? {} : { among }) };
    const { customer } = await pacerCall<{ customer: string | null }>(target().pacerUrl, '/lease', { check: this.id, kind, exclusive, minTokens, ...hint });
    if (customer === null) {
      if (needs !== undefined) return this.skip(`needs ${needs}; no customer of the profile has it`);
      return this.skip(minTokens > 1 ? `needs a customer with an active license and ${minTokens} tokens; the profile has none` : `needs ${LEASE_NEEDS[kind]}; the profile has none`);
    }
    this.leases.push(customer);
    await this.releaseIfEnded();
    return customer;
  }

  /**
   * A leased owner together with a project of theirs that checks may PATCH freely: created once
   * per customer and worker (with a valid postal code from the profile), then reused.
   */
  async ownerWithProject(kind: LeaseKind = 'licensed', options: { expectedRequests?: number } = {}): Promise<{ actor: Actor; key: string }> {
    const actor = await this.owner(kind, options);
    return { actor, key: await this.sharedProjectOf(actor) };
  }

  /** The project of a leased customer that checks may PATCH freely: created once per customer and worker, then reused. */
  sharedProjectOf(actor: Actor): Promise<string> {
    let key = sharedProjects.get(actor.label);
    if (!key) {
      const plz = this.profile.resources?.postalCodes?.valid[0];
      key = actor
        .post('/reports/with-data', { projectData: { projektName: harnessProjectName('shared'), ...(plz ? { projektPostleitzahl: plz } : {}) } }, PREREQUISITE)
        .then((res) => {
          // Another status may be the profile's fault (a pool customer without an active license).
          if (res.status !== 201) throw new HarnessError(`could not create the shared project for ${actor.label}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
          return expectCreatedKey(res);
        });
      sharedProjects.set(actor.label, key);
      key.catch(() => sharedProjects.delete(actor.label));
    }
    return key;
  }

  /** No Authorization header at all: public endpoints, and 401 checks. */
  anonymous(): Actor {
    return new Actor('anonymous', undefined, this.pacing('#invalid-token', this.invalidTokenPace()), this, this.invalidTokenThrottle());
  }

  /** A public endpoint needs no pacing: the limit does not apply to it. */
  publicClient(): Actor {
    return new Actor('public', undefined, undefined, this, { verdict: 'failed', reason: 'a public endpoint (GET /, GET /health, OPTIONS) is never counted toward any limit' });
  }

  /** An arbitrary (invalid) token, paced under the target's per-IP limit for invalid tokens. */
  withToken(token: string, label = 'invalid token'): Actor {
    return new Actor(label, token, this.pacing('#invalid-token', this.invalidTokenPace()), this, this.invalidTokenThrottle());
  }

  private invalidTokenPace() {
    const { limit, windowMs } = invalidTokenLane(this.profile);
    return { limit, windowMs };
  }

  /**
   * Requests without a valid token are paced below the per-address limit only when the profile
   * documents it; below a guessed one, a 429 may be the guess's fault, so the check is not judged.
   */
  private invalidTokenThrottle(): ThrottleMeaning {
    const documented = this.profile.limits?.invalidTokenPerIp;
    const { limit, windowMs } = this.invalidTokenPace();
    const pace = `${limit} per ${windowMs / 1000} s`;
    if (!documented) {
      return {
        verdict: 'broken',
        reason: `requests without a valid token were paced at ${pace}, half of a guessed per-address limit; the profile documents none (limits.invalidTokenPerIp): add the target's value`,
      };
    }
    return {
      verdict: 'failed',
      reason: `it carries no valid token and was paced at ${pace}, below the documented per-address limit of ${documented.requests} per ${documented.windowSeconds} s, and no customer's budget counts it`,
    };
  }

  /**
   * Rate-limit checks only: a customer that no other check uses until this check ends, idle on the
   * target for over one second, with one unpaced actor per token. The check times its requests
   * itself and must be registered with `expects429`.
   *
   * The pacer leases it exclusively among every customer with an active license and `minTokens`
   * tokens, the one with the least work done and expected (its holders' and role work waits while
   * the probe runs; a pool customer when the profile has one); it never waits for the others' leases to end, so it cannot starve: their requests
   * wait in the pacer while this check runs. Both of the customer's pacer grants are held until
   * the check ends: they come together once the customer's last paced response is over a second
   * old (so its window on the target is empty), and returning them at the end makes the next
   * user wait a second past this check's last response. The check is skipped when no customer
   * has `minTokens` tokens.
   */
  async exclusiveOwner(options: { minTokens?: number } = {}): Promise<ExclusiveCustomer> {
    const customer = await this.lease('own-data-only', true, options.minTokens ?? 1);
    const tokens = this.entryOf(customer).tokens;
    // Both grants in one request: taken one by one, the first would be held while others' requests
    // keep taking the second slot (halving the customer's rate), and two holders could each keep one.
    await this.holdLane(customer, { grants: 2 });
    await this.releaseIfEnded();
    return { customer, tokens: tokens.map((token, i) => new Actor(`${customer} token ${i + 1}`, token, undefined, this)) };
  }

  async release(): Promise<void> {
    this.hasEnded = true;
    for (const free of this.heldLanes.splice(0)) await free();
    for (const customer of this.leases.splice(0)) await pacerCall(target().pacerUrl, '/unlease', { customer, check: this.id });
  }

  /**
   * A lease or lane granted after the check ended (its deadline fired while the pacer still
   * queued it) would otherwise stay held for the rest of the run and stall every later user.
   */
  private async releaseIfEnded(): Promise<void> {
    if (!this.ended) return;
    await this.release();
    throw new HarnessError('the check ended before the pacer granted its customer');
  }
}

/**
 * The check's time limit runs from its first granted request, not from when it was queued: with
 * few customers, checks wait long for their turn, and that wait is the pacing's, not the check's.
 * The wait itself is bounded too (run-level), so a customer that never comes free ends the check
 * as a harness error instead of stalling the run.
 */
async function withDeadline(work: Promise<void>, t: CheckContext, limitMs: number, waitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new HarnessError(
            `the pacer granted no request of this check within ${Math.round(waitMs / 1000)} s, far longer than the expected pacing floor of the run suggests: a customer it needs never came free (harness error; the summary prints the floor)`,
          ),
        ),
      waitMs,
    );
    t.whenFirstSending(() => {
      clearTimeout(timer);
      timer = setTimeout(() => reject(new HarnessError(`the check did not finish within ${limitMs / 1000} s of its first granted request`)), limitMs);
    });
  });
  try {
    await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * After a passing body: the rules judged go into the Allure result (labels `judged`, the evidence as
 * parameters), where the statement's verifier reads them; a check that judged none of its rules is
 * skipped with the reasons, as it earned no pass.
 */
async function recordJudgement(t: CheckContext, ctx: TestContext): Promise<void> {
  const judged = t.judgedRules();
  const { evidence, notExercised } = t.judgement;
  if (judged.length === 0) {
    const reasons = [...new Set(t.rules.map((id) => notExercised[id] ?? 'no comparison of it was made'))];
    t.skip(`not exercised: ${reasons.join('; ')}`);
  }
  for (const id of judged) await allure.label(JUDGED_LABEL, id);
  for (const [id, e] of Object.entries(evidence)) await allure.parameter(`${EVIDENCE_PARAMETER}${id}`, e.text);
  await recordNotExercised(t, judged);
  const texts = [...new Set(judged.map((id) => evidence[id]?.text).filter((x): x is string => x !== undefined))];
  if (ctx.task.meta.note === undefined && texts.length > 0) t.note(texts.join('; '));
}

/**
 * The rules a check did not exercise, into its Allure result, as checks.json has them: the
 * statement's verifier reads a failure of an exploration lane as one of only the rules it exercised.
 */
async function recordNotExercised(t: CheckContext, judged: readonly string[]): Promise<void> {
  for (const [id, reason] of Object.entries(t.judgement.notExercised)) if (!judged.includes(id)) await allure.parameter(`${NOT_EXERCISED_PARAMETER}${id}`, reason);
}

const ruleList = (ids: readonly string[]): string => `[${ids.join(' ')}]`;

function assertRules(ids: readonly string[], title: string): void {
  if (ids.length === 0) throw new Error(`check "${title}" names no rule`);
  for (const id of ids) {
    if (!isKnownRule(id)) throw new Error(`check "${title}" names unknown rule ${id} (see spec/rules/catalog.ts)`);
    if (getRule(id).level === 'unspecified') throw new Error(`check "${title}" asserts rule ${id}, which the spec leaves unspecified`);
  }
}

/**
 * Registers one check: the rule IDs go into the title (unless `titleWithoutRules`),
 * `task.meta.rules` and Allure labels; an unknown or unspecified ID fails at collection. Every
 * exchange is attached to the report, and a failing check also gets the curl line of its last
 * request.
 */
export function check(ids: string | readonly string[], title: string, body: (t: CheckContext) => Promise<void>, options: CheckOptions = {}): void {
  const ruleIds = typeof ids === 'string' ? [ids] : [...ids];
  assertRules(ruleIds, title);
  if (options.titleWithoutRules) describe(ruleList(ruleIds), () => registerCheck(ruleIds, title, body, options));
  else registerCheck(ruleIds, `${ruleList(ruleIds)} ${title}`, body, options);
}

/**
 * Runs of a check's body, at most: a run that meets a gateway's answer in the target's place
 * (GatewayAnswered: a write sent once, or a read after its attempts) got nothing of the target's
 * to judge, and the check runs once more from its start, as a new check with resources of its own
 * (what the first run wrote stays the first run's). A rate-limit check is not run again: its
 * requests are placed in time, and its lanes are the run's.
 */
export const RUNS_PAST_A_GATEWAY = 2;

function registerCheck(ruleIds: readonly string[], fullTitle: string, body: (t: CheckContext) => Promise<void>, options: CheckOptions): void {
  // At registration the profile is already provided to the worker (global-setup.ts), so vitest's own timeout below can follow it.
  const limitMs = typeof options.timeout === 'function' ? options.timeout(target().profile) : (options.timeout ?? DEFAULT_CHECK_TIMEOUT_MS);
  const waitMs = waitLimitMs();
  const runs = options.expects429 ? 1 : RUNS_PAST_A_GATEWAY;
  // vitest's own timeout abandons the body without running `finally`, which would keep pacer
  // lanes and leases held and stall every later check on them; the deadlines below fire first.
  test(fullTitle, { timeout: runs * (waitMs + limitMs) + 5_000 }, async (ctx) => {
    const first = getRule(ruleIds[0] as string);
    ctx.task.meta.rules = [...ruleIds];
    // The area of a check is the suite folder it lives in, as `--area` selects it and the summary
    // counts it (a check of suites/auth may name a project rule first).
    const area = basename(dirname(ctx.task.file.filepath));
    ctx.task.meta.area = area;
    // Report tree: area, then the first rule (cli/report/allurerc.json groups by epic and feature),
    // so its groups and counts are the summary's.
    await allure.epic(area);
    await allure.feature(`${first.id}: ${first.text}`);
    for (const id of ruleIds) await allure.label('rule', id);
    await allure.severity(options.expects429 ? 'normal' : 'critical');
    await allure.description(ruleIds.map((id) => `- **${id}** (${getRule(id).section}): ${getRule(id).text}`).join('\n'));

    const newContext = () => new CheckContext(fullTitle, options.expects429 ?? false, ctx, area, first.id, ruleIds, options.judgesOnlyRecorded ?? false);
    let t = newContext();
    ctx.task.meta.judgement = t.judgement;
    if (options.writes && target().readOnly) t.skip('read-only run: this check writes');
    const missing = options.needs?.(t.profile);
    if (missing) t.skip(`prerequisite missing: ${missing}`);
    /** The contexts of the runs before the last: a request of theirs still in flight is recorded there when it ends. */
    const earlier: CheckContext[] = [];
    try {
      for (let run = 1; ; run++) {
        try {
          await withDeadline(body(t), t, limitMs, waitMs);
          break;
        } catch (err) {
          if (!(err instanceof GatewayAnswered) || run === runs) throw err;
          // A request of the run still waiting for the pacer beside the one answered ends with its context.
          await t.release();
          earlier.push(t);
          await allure.parameter(`run ${run} of the check`, `${err.message}; the check ran again from its start`);
          const next = newContext();
          for (const charged of t.judgement.charged) next.charge(charged);
          delete ctx.task.meta.note;
          t = next;
          ctx.task.meta.judgement = t.judgement;
        }
      }
      await recordJudgement(t, ctx);
    } catch (err) {
      const last = t.exchanges[t.exchanges.length - 1];
      if (last) await allure.attachment('curl (last request)', curlLine(last), 'text/plain');
      if (err instanceof PrerequisiteMissing) t.skip(err.message);
      await recordNotExercised(t, []);
      throw err;
    } finally {
      await t.release();
      const exchanges = [...earlier, t].flatMap((run) => run.exchanges);
      if (exchanges.length > 0) {
        await allure.attachment('exchanges', exchanges.map(formatExchange).join('\n\n----\n\n'), 'text/plain');
      }
    }
  });
}
