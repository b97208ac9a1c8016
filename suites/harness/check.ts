import { basename, dirname } from 'node:path';
import * as allure from 'allure-js-commons';
import { test, type TestContext } from 'vitest';
import type { CustomerRole, Profile } from '../../spec/profile.schema.js';
import { getRule, isKnownRule } from '../../spec/rules/catalog.js';
import { Actor, HarnessError, type RequestRecorder, type ThrottleMeaning } from './client.js';
import { curlLine, formatExchange, type Exchange } from './exchange.js';
import { expectCreatedKey } from './expect-api.js';
import { pacerCall } from './pacer-client.js';
import { target } from './target.js';

export interface CheckOptions {
  /** The check sends writes (creation, PATCH, PUT, POST): skipped in read-only runs. */
  writes?: boolean;
  /** Returns why the profile cannot support this check, or undefined when it can. */
  needs?: (profile: Profile) => string | undefined;
  /** Rate-limit checks provoke 429s on purpose. */
  expects429?: boolean;
  timeout?: number;
}

const DEFAULT_INVALID_TOKEN_PACE = { requests: 30, windowSeconds: 10 };

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
  private readonly leases: string[] = [];
  private readonly heldLanes: (() => Promise<void>)[] = [];
  private hasEnded = false;

  constructor(
    readonly checkName: string,
    readonly expects429: boolean,
    private readonly ctx: TestContext,
  ) {}

  get profile(): Profile {
    return target().profile;
  }

  get ended(): boolean {
    return this.hasEnded;
  }

  record(e: Exchange): void {
    this.exchanges.push(e);
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
    return new Actor(role, token, { customer: role }, this);
  }

  /**
   * A customer with an active license that owns what it creates: one of the pool (spreading the
   * load over several rate-limit budgets), or the primary customer when the profile has no pool.
   */
  async owner(): Promise<Actor> {
    const { customer } = await pacerCall<{ customer: string }>(target().pacerUrl, '/lease', { exclusive: false });
    this.leases.push(customer);
    await this.releaseIfEnded();
    const [, index] = customer.split(':');
    const entry = index === undefined ? this.profile.customers.primary : this.profile.customers.pool?.[Number(index)];
    if (!entry?.tokens[0]) throw new HarnessError(`pacer leased unknown customer ${customer}`);
    return new Actor(customer, entry.tokens[0], { customer }, this);
  }

  /**
   * A leased owner together with a project of theirs that checks may PATCH freely: created once
   * per customer and worker (with a valid postal code from the profile), then reused.
   */
  async ownerWithProject(): Promise<{ actor: Actor; key: string }> {
    const actor = await this.owner();
    let key = sharedProjects.get(actor.label);
    if (!key) {
      const plz = this.profile.resources?.postalCodes?.valid[0];
      key = actor
        .post('/reports/with-data', { projectData: { projektName: harnessProjectName('shared'), ...(plz ? { projektPostleitzahl: plz } : {}) } })
        .then((res) => {
          // Another status may be the profile's fault (a pool customer without an active license).
          if (res.status !== 201) throw new HarnessError(`could not create the shared project for ${actor.label}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
          return expectCreatedKey(res);
        });
      sharedProjects.set(actor.label, key);
      key.catch(() => sharedProjects.delete(actor.label));
    }
    return { actor, key: await key };
  }

  /** No Authorization header at all: public endpoints, and 401 checks. */
  anonymous(): Actor {
    return new Actor('anonymous', undefined, { customer: '#invalid-token', ...this.invalidTokenPace() }, this, this.invalidTokenThrottle());
  }

  /** A public endpoint needs no pacing: the limit does not apply to it. */
  publicClient(): Actor {
    return new Actor('public', undefined, undefined, this, { verdict: 'failed', reason: 'a public endpoint (GET /, GET /health, OPTIONS) is never counted toward any limit' });
  }

  /** An arbitrary (invalid) token, paced under the target's per-IP limit for invalid tokens. */
  withToken(token: string, label = 'invalid token'): Actor {
    return new Actor(label, token, { customer: '#invalid-token', ...this.invalidTokenPace() }, this, this.invalidTokenThrottle());
  }

  private invalidTokenPace() {
    const limit = this.profile.limits?.invalidTokenPerIp ?? DEFAULT_INVALID_TOKEN_PACE;
    // Half the documented limit: a fixed window admits twice its size across a boundary, a sliding one does not.
    return { limit: Math.max(1, Math.floor(limit.requests / 2)), windowMs: limit.windowSeconds * 1000 };
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
   * A pool customer is leased exclusively; when the check needs more tokens than the pool
   * customers have, the first pool customer with enough tokens, else the primary customer, is
   * taken instead (other checks' requests of it wait in the pacer meanwhile). Either way both of
   * the customer's pacer grants are held until the check ends: they come together once the
   * customer's last paced response is over a second old (so its window on the target is empty),
   * and returning them at the end makes the next user wait a second past this check's last
   * response. The check is skipped when no customer has `minTokens` tokens.
   */
  async exclusiveOwner(options: { minTokens?: number } = {}): Promise<ExclusiveCustomer> {
    const minTokens = options.minTokens ?? 1;
    const pool = this.profile.customers.pool ?? [];
    let customer: string;
    let tokens: string[];
    if (pool.length > 0 && pool.every((c) => c.tokens.length >= minTokens)) {
      const leased = await pacerCall<{ customer: string }>(target().pacerUrl, '/lease', { exclusive: true });
      this.leases.push(leased.customer);
      await this.releaseIfEnded();
      customer = leased.customer;
      const [, index] = customer.split(':');
      const entry = index === undefined ? this.profile.customers.primary : pool[Number(index)];
      if (!entry) throw new HarnessError(`pacer leased unknown customer ${customer}`);
      tokens = entry.tokens;
    } else {
      const index = pool.findIndex((c) => c.tokens.length >= minTokens);
      const entry = index >= 0 ? pool[index] : this.profile.customers.primary;
      if (!entry || entry.tokens.length < minTokens) this.skip(`needs a customer with ${minTokens} tokens; the profile's pool and primary customers have fewer`);
      customer = index >= 0 ? `pool:${index}` : 'primary';
      tokens = entry.tokens;
    }
    // Both grants in one request: taken one by one, the first would be held while others' requests
    // keep taking the second slot (halving the customer's rate), and two holders could each keep one.
    const url = target().pacerUrl;
    await pacerCall(url, '/acquire', { customer, grants: 2 });
    this.heldLanes.push(async () => {
      await pacerCall(url, '/release', { customer });
      await pacerCall(url, '/release', { customer });
    });
    await this.releaseIfEnded();
    return { customer, tokens: tokens.map((token, i) => new Actor(`${customer} token ${i + 1}`, token, undefined, this)) };
  }

  async release(): Promise<void> {
    this.hasEnded = true;
    for (const free of this.heldLanes.splice(0)) await free();
    for (const customer of this.leases.splice(0)) await pacerCall(target().pacerUrl, '/unlease', { customer });
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

async function withDeadline(work: Promise<void>, limitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HarnessError(`the check did not finish within ${limitMs / 1000} s`)), limitMs);
  });
  try {
    await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function ruleTitle(ids: readonly string[], title: string): string {
  return `[${ids.join(' ')}] ${title}`;
}

function assertRules(ids: readonly string[], title: string): void {
  if (ids.length === 0) throw new Error(`check "${title}" names no rule`);
  for (const id of ids) {
    if (!isKnownRule(id)) throw new Error(`check "${title}" names unknown rule ${id} (see spec/rules/catalog.ts)`);
    if (getRule(id).level === 'unspecified') throw new Error(`check "${title}" asserts rule ${id}, which the spec leaves unspecified`);
  }
}

/**
 * Registers one check: the rule IDs go into the title, `task.meta.rules` and Allure labels; an
 * unknown or unspecified ID fails at collection. Every exchange is attached to the report, and a
 * failing check also gets the curl line of its last request.
 */
export function check(ids: string | readonly string[], title: string, body: (t: CheckContext) => Promise<void>, options: CheckOptions = {}): void {
  const ruleIds = typeof ids === 'string' ? [ids] : [...ids];
  assertRules(ruleIds, title);
  const fullTitle = ruleTitle(ruleIds, title);
  const limitMs = options.timeout ?? 120_000;
  // vitest's own timeout abandons the body without running `finally`, which would keep pacer
  // lanes and leases held and stall every later check on them; the deadline below fires first.
  test(fullTitle, { timeout: limitMs + 5_000 }, async (ctx) => {
    const first = getRule(ruleIds[0] as string);
    ctx.task.meta.rules = ruleIds;
    // The area of a check is the suite folder it lives in, as `--area` selects it (a check of
    // suites/auth may name a project rule first); the report tree groups by the rule's area.
    ctx.task.meta.area = basename(dirname(ctx.task.file.filepath));
    // Report tree: area, then rule (scripts/conformance/allurerc.json groups by epic and feature).
    await allure.epic(first.area);
    await allure.feature(`${first.id}: ${first.text}`);
    for (const id of ruleIds) await allure.label('rule', id);
    await allure.severity(options.expects429 ? 'normal' : 'critical');
    await allure.description(ruleIds.map((id) => `- **${id}** (${getRule(id).section}): ${getRule(id).text}`).join('\n'));

    const t = new CheckContext(fullTitle, options.expects429 ?? false, ctx);
    if (options.writes && target().readOnly) t.skip('read-only run: this check writes');
    const missing = options.needs?.(t.profile);
    if (missing) t.skip(`prerequisite missing: ${missing}`);
    try {
      await withDeadline(body(t), limitMs);
    } catch (err) {
      const last = t.exchanges[t.exchanges.length - 1];
      if (last) await allure.attachment('curl (last request)', curlLine(last), 'text/plain');
      throw err;
    } finally {
      await t.release();
      if (t.exchanges.length > 0) {
        await allure.attachment('exchanges', t.exchanges.map(formatExchange).join('\n\n----\n\n'), 'text/plain');
      }
    }
  });
}
