/**
 * Timed request plans for the rate-limit checks and their verdicts. A plan says when each request
 * is sent (relative to an origin, and optionally not before earlier requests were answered plus a
 * guard), and what a correct limiter (an exact sliding second, 2 per customer) must do with it.
 *
 * The verdict uses only the harness's own send and receive times (see timeline.ts):
 * - a proven safety or liveness violation fails the check, with the timeline in the message;
 * - so do admissions a sliding second can only have made by holding requests back far longer than
 *   the round trips of the same run (a queue instead of 429s);
 * - every request decided as designed passes it;
 * - anything else (the target decided differently, but jitter leaves room for a correct limiter to
 *   have done the same; or the requests missed the edges the probe needs) is undecided: the plan
 *   runs again after the customer has been idle for a second (three attempts unless a plan asks
 *   for more), and if it stays undecided the check is reported inconclusive (skipped, with the
 *   measurements) instead of flaking.
 */
import { setImmediate as yieldNow, setTimeout as sleep } from 'node:timers/promises';
import * as allure from 'allure-js-commons';
import { expect } from 'vitest';
import { pacerCall } from '../../harness-core/pacer-client.js';
import { GatewayAnswered, NoAnswer, type Actor, type ApiResponse, type SendOptions } from '../harness/client.js';
import { target } from '../harness/target.js';
import type { CheckContext } from '../harness/check.js';
import { describeHeldBack, describeLiveness, describeSafety, formatTimeline, heldBackViolations, HOLD_MARGIN_MS, holdBoundMs, livenessViolations, outcome, roomyDelayMs, safetyViolations, WINDOW_MS, type Hit } from '../../harness-core/rate-limit-timeline.js';

export type Designed = 'admitted' | 'refused' | 'any' | 'public';

export interface Step {
  /** Shown in timelines, e.g. `GET /reports (token 2)`. */
  label: string;
  actor: Actor;
  method?: string;
  path: string;
  send?: SendOptions;
  /** Milliseconds after the plan's origin. */
  at: number;
  /** Not before every one of these earlier steps (indexes) was answered, plus `plusMs`. */
  after?: { steps: number[]; plusMs: number };
  /**
   * What a correct limiter does with it: `public` steps hit public endpoints (never 429, not part
   * of the customer's timeline); `any` leaves it to the group constraint of the plan.
   */
  expect: Designed;
  /** Steps of different customers are judged apart; default the actor's customer. */
  customer?: string;
}

export interface Plan {
  steps: Step[];
  /** `wall-second`: the origin is the start of a wall-clock second (for clock-aligned impostors). */
  origin?: 'now' | 'wall-second';
  /** For groups of `any` steps: how many of them a correct limiter admits (per customer). */
  admittedAmongAny?: number;
  /**
   * Whether the attempt landed where it tells the impostor apart (e.g. both early hits decided
   * inside one wall-clock second): returns why not. A misplaced attempt proves nothing either way
   * (unless it proves a violation) and counts as undecided.
   */
  placed?: (hits: readonly Hit[], origin: number) => string | undefined;
}

/** Why `hit` was not decided within [origin + from, origin + to], if it was not. */
export function outside(hit: Hit | undefined, origin: number, from: number, to: number, what: string): string | undefined {
  if (!hit) return `${what}: missing`;
  if (hit.sentAt >= origin + from && hit.receivedAt <= origin + to) return undefined;
  return `${what} had to be decided between ${from} and ${to} ms after the origin, but was sent at ${(hit.sentAt - origin).toFixed(1)} and answered at ${(hit.receivedAt - origin).toFixed(1)} ms`;
}

export interface PlanRun {
  hits: Hit[];
  /** Per step, its answer; undefined when none came (its hit is an unknown outcome). */
  responses: (ApiResponse | undefined)[];
  origin: number;
}

/** What one step's request came to: the answer, or the request without one (decided at any time after its send, or never). */
export type Sent = { response: ApiResponse; exchange: ApiResponse['exchange'] } | { response: undefined; exchange: NoAnswer['exchange'] };

/** The hit a request makes in the timeline; without an answer nothing bounds when the target decided on it. */
export function hitOf(label: string, sent: Sent): Hit {
  if (!sent.response) return { label, sentAt: sent.exchange.sentAt, receivedAt: Number.POSITIVE_INFINITY, status: 0 };
  return { label, sentAt: sent.exchange.sentAt, receivedAt: sent.exchange.receivedAt, status: sent.response.status };
}

/**
 * Sends, and turns a dropped connection or a gateway's answer into an unknown outcome instead of
 * ending the check: the target may have decided on the request at any time after its send, or
 * never seen it, and an attempt holding it stays undecided unless the rest decides it.
 */
export async function sendForTimeline(request: () => Promise<ApiResponse>): Promise<Sent> {
  try {
    const response = await request();
    return { response, exchange: response.exchange };
  } catch (err) {
    if (err instanceof NoAnswer || err instanceof GatewayAnswered) return { response: undefined, exchange: err.exchange };
    throw err;
  }
}

/** The target's answers among requests sent for a timeline: those without one (a gateway's, none) left out. */
export function answersOf(sent: readonly Sent[]): ApiResponse[] {
  return sent.flatMap((s) => (s.response ? [s.response] : []));
}

const LEAD_MS = 100;

function customerOf(step: Step): string {
  return step.customer ?? step.actor.label.replace(/ token \d+$/, '');
}

/** Waits until `at` (harness clock): a timer for most of it, then yielding turns for the last milliseconds. */
async function until(at: number): Promise<void> {
  const coarse = at - performance.now() - 15;
  if (coarse > 0) await sleep(coarse);
  while (performance.now() < at) await yieldNow();
}

/** Runs the plan: each step waits for its time (and its predecessors), then sends once. */
export async function runPlan(plan: Plan): Promise<PlanRun> {
  let origin = performance.now() + LEAD_MS;
  if (plan.origin === 'wall-second') {
    const perf = performance.now();
    const wall = Date.now();
    origin = perf + (Math.ceil((wall + LEAD_MS) / 1000) * 1000 - wall);
  }
  const done: Promise<Sent>[] = [];
  for (const step of plan.steps) {
    const before = (step.after?.steps ?? []).map((i) => {
      const p = done[i];
      if (!p) throw new Error(`plan step "${step.label}" waits for step ${i}, which does not come before it`);
      return p;
    });
    done.push(
      (async () => {
        // A predecessor without an answer is waited for until the harness gave up on it.
        const answered = await Promise.all(before);
        const notBefore = Math.max(origin + step.at, ...answered.map((r) => r.exchange.receivedAt + (step.after?.plusMs ?? 0)));
        await until(notBefore);
        return sendForTimeline(() => step.actor.send(step.method ?? 'GET', step.path, step.send ?? {}));
      })(),
    );
  }
  const sent = await Promise.all(done);
  const hits = sent.map((r, i) => hitOf(plan.steps[i]?.label ?? `#${i + 1}`, r));
  return { hits, responses: sent.map((r) => r.response), origin };
}

/**
 * `repeat`: the only violation is queueing, which rests on a bound of how long the target takes to
 * decide; a stall between the harness's send time and the request's arrival (a worker thread
 * starved on a busy machine) breaks that bound once, a queue breaks it on every attempt. `lost`: a
 * request the verdict needed got no answer of the target (a dropped connection, or only a gateway's
 * answer).
 */
export type Verdict = { kind: 'pass' } | { kind: 'fail'; message: string; repeat?: true } | { kind: 'undecided'; message: string; lost?: true };

/**
 * The verdict of one run of a plan (see the module comment). `earlier`: per customer, the requests
 * of the check's earlier attempts. Those that got no answer may be decided at any later time,
 * inside this attempt too, so they count as possible admissions here (they can only spare the
 * target); the answered ones show how long this target takes to decide (the queueing bound), as
 * does `knownDelayMs`: the slowest answer the run's paced requests got, each sent when its
 * customer's window had room (pacer-server.ts).
 */
export function judge(plan: Plan, run: PlanRun, earlier: ReadonlyMap<string, readonly Hit[]> = new Map(), knownDelayMs = 0): Verdict {
  const problems: string[] = [];
  const numbered = run.hits.map((h, i) => ({ ...h, label: `#${i + 1} ${h.label}` }));
  const timeline = `timeline (ms after the plan's origin; decided somewhere between sent and received):\n${formatTimeline(numbered, run.origin)}`;

  plan.steps.forEach((step, i) => {
    const hit = numbered[i] as Hit;
    if (step.expect === 'public' && hit.status === 429) problems.push(`${hit.label}: a public endpoint answered 429; public endpoints are not limited`);
  });
  const customers = [...new Set(plan.steps.map(customerOf))];
  const queueing: string[] = [];
  for (const customer of customers) {
    const current = numbered.filter((_, i) => plan.steps[i]?.expect !== 'public' && customerOf(plan.steps[i] as Step) === customer);
    const before = earlier.get(customer) ?? [];
    const mine = [...before.filter((h) => outcome(h) === 'unknown'), ...current];
    const unsafe = safetyViolations(mine);
    for (const v of unsafe) problems.push(`safety (${customer}): ${describeSafety(v, run.origin)}`);
    const boundMs = Math.max(holdBoundMs([...[...earlier.values()].flat(), ...run.hits]), Math.max(knownDelayMs, roomyDelayMs([...before, ...current])) + HOLD_MARGIN_MS);
    if (unsafe.length === 0) for (const v of heldBackViolations(current, { boundMs, max: 2 })) queueing.push(`queueing (${customer}): ${describeHeldBack(v, run.origin)}`);
    for (const v of livenessViolations(mine)) problems.push(`liveness (${customer}): ${describeLiveness(v, run.origin)}`);
  }
  if (problems.length > 0) return { kind: 'fail', message: `${[...problems, ...queueing].join('\n')}\n${timeline}` };
  if (queueing.length > 0) return { kind: 'fail', message: `${queueing.join('\n')}\n${timeline}`, repeat: true };

  const misplaced = plan.placed?.(run.hits, run.origin);
  if (misplaced) return { kind: 'undecided', message: `the requests missed the edges this probe needs (${misplaced})\n${timeline}` };

  const mismatches: string[] = [];
  let lost = false;
  plan.steps.forEach((step, i) => {
    const hit = numbered[i] as Hit;
    if ((step.expect === 'admitted' || step.expect === 'refused') && outcome(hit) !== step.expect) {
      const expected = `a sliding second of 2 per customer ${step.expect === 'admitted' ? 'admits' : 'refuses'} it`;
      if (outcome(hit) === 'unknown' && hit.status === 0) {
        lost = true;
        mismatches.push(`${hit.label} got no answer of the target (a dropped connection, or only a gateway's answer), where ${expected}`);
      } else mismatches.push(`${hit.label} was ${outcome(hit)}, ${expected}`);
    }
  });
  if (plan.admittedAmongAny !== undefined) {
    for (const customer of customers) {
      const group = numbered.filter((_, i) => plan.steps[i]?.expect === 'any' && customerOf(plan.steps[i] as Step) === customer);
      const admitted = group.filter((h) => outcome(h) === 'admitted').length;
      const unknown = group.filter((h) => outcome(h) === 'unknown').length;
      if (group.length > 0 && (admitted !== plan.admittedAmongAny || unknown > 0)) {
        if (unknown > 0) lost = true;
        mismatches.push(`${customer}: ${admitted} of ${group.length} concurrent requests were admitted${unknown > 0 ? ` and ${unknown} unknown` : ''}, a sliding second admits ${plan.admittedAmongAny}`);
      }
    }
  }
  if (mismatches.length > 0) {
    const why = lost ? 'what the target decided on a request without its answer is unknown, and the send/receive times leave room for a correct limiter to have done the rest' : 'the send/receive times leave room for a correct limiter to have done so (jitter)';
    return { kind: 'undecided', message: `${mismatches.join('; ')}; but ${why}\n${timeline}`, ...(lost && { lost: true as const }) };
  }
  return { kind: 'pass' };
}

/** Waits until every hit so far is more than one window old: the customer's window is empty again. */
export async function waitIdle(hits: readonly Hit[], guardMs = 30): Promise<void> {
  // A request without an answer has no end to wait for; judge() counts it in the later attempts instead.
  const last = Math.max(0, ...hits.map((h) => (Number.isFinite(h.receivedAt) ? h.receivedAt : h.sentAt)));
  const wait = last + WINDOW_MS + guardMs - performance.now();
  if (wait > 0) await sleep(wait);
}

/**
 * Attempts a probe makes beyond its own for those left undecided by a request without the target's
 * answer: jitter is what a plan's attempts are counted for, a flaky network in between is not, and
 * each further attempt can only decide (a pass needs every request decided as designed, a failure
 * a proven violation).
 */
export const ATTEMPTS_FOR_LOST_ANSWERS = 3;

/**
 * Runs a plan (built afresh per attempt) until it is decided, at most `attempts` times (and up to
 * `ATTEMPTS_FOR_LOST_ANSWERS` more for attempts that requests without an answer left undecided),
 * waiting a window between attempts. Fails on a proven violation; reports inconclusive (skip with
 * the measurements) when every attempt stayed undecided. Returns the deciding run.
 */
export async function probe(t: CheckContext, build: () => Plan, attempts = 3): Promise<PlanRun> {
  const undecided: string[] = [];
  let queuedBefore: string | undefined;
  const seen: Hit[] = [];
  const earlier = new Map<string, Hit[]>();
  let budget = attempts;
  for (let attempt = 1; attempt <= budget; attempt++) {
    if (attempt > 1) await waitIdle(seen);
    const plan = build();
    const run = await runPlan(plan);
    seen.push(...run.hits);
    const { ms: knownDelayMs } = await pacerCall<{ ms: number }>(target().pacerUrl, '/slowest-paced-answer', {});
    const verdict = judge(plan, run, earlier, knownDelayMs);
    run.hits.forEach((hit, i) => {
      const step = plan.steps[i];
      if (step && step.expect !== 'public') earlier.set(customerOf(step), [...(earlier.get(customerOf(step)) ?? []), { ...hit, label: `${hit.label} (attempt ${attempt})` }]);
    });
    if (verdict.kind === 'fail' && verdict.repeat && !queuedBefore) {
      queuedBefore = `attempt ${attempt}: ${verdict.message}`;
      undecided.push(`${queuedBefore}\n(queueing is judged only when a further attempt shows it again)`);
      continue;
    }
    if (verdict.kind === 'fail') expect.fail(`the limiter broke the limit (attempt ${attempt}):\n${verdict.message}${queuedBefore ? `\nand before, ${queuedBefore}` : ''}`);
    if (verdict.kind === 'pass') {
      // The report shows how often jitter cost an attempt, also when a later one decided.
      if (undecided.length > 0) await allure.attachment('undecided attempts before the deciding one', undecided.join('\n\n'), 'text/plain');
      return run;
    }
    undecided.push(`attempt ${attempt}: ${verdict.message}`);
    if (verdict.lost && budget < attempts + ATTEMPTS_FOR_LOST_ANSWERS) budget++;
  }
  const lost = seen.some((hit) => hit.status === 0);
  return t.skip(`inconclusive (${lost ? 'timing jitter, or requests without the target\'s answer' : 'timing jitter'}): ${undecided.join('\n')}`);
}
