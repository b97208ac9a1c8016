/**
 * Rate limit (spec "Limits", error table row 429): at most 2 protected requests in every sliding
 * 1 second window per customer, shared over all protected endpoints and tokens, business
 * rejections counted, public endpoints not; 429 with `Retry-After: 1`; a per-IP limit for invalid
 * tokens that leaves valid customers alone.
 *
 * Every check runs on customers it holds alone (`exclusiveOwner`: idle for over a second, nobody
 * else sends for them until the check ends), sends unpaced and times its requests itself. The
 * verdicts come from the harness's send and receive times only (probe.ts, timeline.ts): a
 * violation is reported only when the timestamps prove it; when jitter makes a probe undecidable
 * it is repeated (up to three attempts) and then reported inconclusive with the measurements. A
 * target that admits more than it may by holding requests back (a queue that never answers 429)
 * fails like one that admits too many (probe.ts).
 *
 * The impostor probes put each request with guard bands around the edges that tell a sliding
 * second apart from a token bucket, a sliding-window counter, a fixed window from the first hit,
 * a clock-aligned window and a sliding window shorter than a second (see the plans below).
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { rateLimitErrorSchema, retryAfterHeaderSchema } from '../../spec/contract/error-envelope.js';
import { Actor, type ApiResponse } from '../harness/client.js';
import { check, DEFAULT_CHECK_TIMEOUT_MS, type CheckContext } from '../harness/check.js';
import { expectError, expectSchema } from '../harness/expect-api.js';
import { invalidTokenLane } from '../../harness-core/invalid-token-lane.js';
import { createPacingWindow } from '../../harness-core/pacing-window.js';
import { answersOf, hitOf, outside, probe, sendForTimeline, type Sent, type Step } from './probe.js';
import { describeLiveness, formatTimeline, livenessViolations, type Hit } from '../../harness-core/rate-limit-timeline.js';
import { fixedLimitChecks } from './fixed-limit.js';
import { sweepChecks } from './sweep.js';
import { absentProjectKey } from '../harness/absent-key.js';

const RATE = { expects429: true } as const;

/** Protected endpoints answering 200, 404 and 422 for any customer with a license: all count. */
const ENDPOINTS = [
  { what: 'GET /reports (200)', path: () => '/reports' },
  { what: 'GET /reports/{absent key} (404)', path: () => `/reports/${absentProjectKey()}` },
  { what: 'GET /funding/applications?limit=101 (422)', path: () => '/funding/applications?limit=101' },
] as const;

function endpoint(i: number) {
  return ENDPOINTS[i % ENDPOINTS.length] as (typeof ENDPOINTS)[number];
}

function step(actor: Actor, i: number, at: number, expected: Step['expect'], extra: Partial<Step> = {}): Step {
  const e = endpoint(i);
  return { label: `${e.what} as ${actor.label}`, actor, path: e.path(), at, expect: expected, ...extra };
}

/** Error table row 429: details limit 2 / windowSeconds 1 / retryAfter 1 and the header `Retry-After: 1`. */
function expect429Contract(responses: readonly (ApiResponse | undefined)[]): void {
  const refused = responses.filter((r) => r?.status === 429) as ApiResponse[];
  for (const res of refused) {
    const header = res.headers['retry-after'];
    expect(retryAfterHeaderSchema.safeParse(header).success, `Retry-After must be the integer 1, got ${header === undefined ? 'no header' : `'${header}'`}; ${res.exchange.request.method} ${res.exchange.request.url}`).toBe(true);
    expectSchema(res, rateLimitErrorSchema, '429 body');
  }
}

/** Takes every pacer grant of a lane (a customer's 2 per second, or the invalid-token lane's pace), so no other check sends on it. */
function holdLane(t: CheckContext, name: string, pace = { limit: 2, windowMs: 1000 }, order: { last?: boolean } = {}): Promise<(after?: { quietUntil: number }) => Promise<void>> {
  return t.holdLane(name, { grants: pace.limit, ...pace, ...order });
}

check(
  ['RATE-1', 'RATE-4', 'RATE-6', 'RATE-7', 'ERR-22', 'ERR-23'],
  'a burst of 9 over several tokens and endpoints (200, 404, 422) admits exactly 2 and refuses 7 at once (holding them back is a failure); every 429 carries Retry-After: 1 and the error details',
  async (t) => {
    const { tokens } = await t.exclusiveOwner({ minTokens: 2 });
    const run = await probe(t, () => ({
      steps: Array.from({ length: 9 }, (_, i) => step(tokens[i % tokens.length] as Actor, i, 0, 'any')),
      admittedAmongAny: 2,
    }));
    expect429Contract(run.responses);
  },
  RATE,
);

check(
  ['RATE-9', 'RATE-1'],
  'business rejections count: after a 404 and a 422 the next request within the second is refused',
  async (t) => {
    const [actor] = (await t.exclusiveOwner()).tokens as [Actor];
    await probe(t, () => ({
      steps: [step(actor, 1, 0, 'admitted'), step(actor, 2, 0, 'admitted'), step(actor, 0, 0, 'refused', { after: { steps: [0, 1], plusMs: 10 } })],
    }));
  },
  RATE,
);

check(
  ['RATE-3', 'RATE-1'],
  'not a token bucket: hits at 0, 0 and 550 ms refuse the third (a bucket of 2 refilling 2/s admits it)',
  async (t) => {
    const [actor] = (await t.exclusiveOwner()).tokens as [Actor];
    await probe(t, () => ({
      // The third leaves 550 ms after the origin and at least 500 ms after both answers: a bucket
      // has refilled a token by then, while both earlier hits are still well inside its second.
      steps: [step(actor, 0, 0, 'admitted'), step(actor, 0, 0, 'admitted'), step(actor, 0, 550, 'refused', { after: { steps: [0, 1], plusMs: 500 } })],
    }));
  },
  RATE,
);

check(
  ['RATE-3', 'RATE-1'],
  'not a sliding-window counter: hits at x.95, x.97 and x+1.5 s refuse the third (a weighted counter of two windows admits it)',
  async (t) => {
    const [actor] = (await t.exclusiveOwner()).tokens as [Actor];
    await probe(t, () => ({
      origin: 'wall-second',
      // Both early hits fall into the wall-clock second x, the third half way into x+1: the
      // counter estimates 2 * 0.5 + 0 = 1 < 2 and admits; a sliding second still holds two.
      steps: [step(actor, 0, 950, 'admitted'), step(actor, 0, 970, 'admitted'), step(actor, 0, 1500, 'refused', { after: { steps: [0, 1], plusMs: 0 } })],
      placed: (h, o) => outside(h[0], o, 0, 1000, '#1') ?? outside(h[1], o, 0, 1000, '#2') ?? outside(h[2], o, 1000, 1900, '#3'),
    }));
  },
  RATE,
);

check(
  ['RATE-3', 'RATE-1', 'RATE-2'],
  'not a fixed window from the first hit: hits at 0, 0.9, 1.05, 1.1 s admit the third and refuse the fourth',
  async (t) => {
    const [actor] = (await t.exclusiveOwner()).tokens as [Actor];
    await probe(t, () => ({
      // The third leaves more than a second after the first one's answer (a fresh window for a
      // fixed-window limiter, and the first hit has left the sliding second); the fourth follows
      // the third's answer while the second hit (0.9 s) is still inside the sliding second.
      steps: [
        step(actor, 0, 0, 'admitted'),
        step(actor, 1, 900, 'admitted', { after: { steps: [0], plusMs: 0 } }),
        step(actor, 2, 1050, 'admitted', { after: { steps: [0], plusMs: 1020 } }),
        step(actor, 0, 1100, 'refused', { after: { steps: [2], plusMs: 0 } }),
      ],
      // The second hit must be decided less than a second after the first one was sent, i.e. in
      // the first hit's fixed window (the third is more than a second after it by construction).
      placed: (h) => outside(h[1], h[0]?.sentAt ?? 0, 0, 1000, '#2 (relative to the send of #1)'),
    }));
  },
  RATE,
);

check(
  ['RATE-3', 'RATE-1'],
  'not a clock-aligned window: hits at x.9, x.9 and x+1.1 s refuse the third (a window per wall-clock second admits it)',
  async (t) => {
    const [actor] = (await t.exclusiveOwner()).tokens as [Actor];
    await probe(t, () => ({
      origin: 'wall-second',
      steps: [step(actor, 0, 900, 'admitted'), step(actor, 1, 900, 'admitted'), step(actor, 2, 1100, 'refused', { after: { steps: [0, 1], plusMs: 0 } })],
      placed: (h, o) => outside(h[0], o, 0, 1000, '#1') ?? outside(h[1], o, 0, 1000, '#2') ?? outside(h[2], o, 1000, 2000, '#3'),
    }));
  },
  RATE,
);

/**
 * The window's length: the third request leaves `gapMs` after both admitted ones were answered, so
 * on the target at least `gapMs` separate it from them and any shorter window has let the first
 * one go. A refusal proves the window is longer than `gapMs`. An admission is a proven violation
 * when the third was answered less than a second after the first two were sent (the target saw all
 * three within one second); with more jitter than the 1000 - `gapMs` ms that leaves, it proves
 * nothing and the probe runs again.
 */
for (const { gapMs, catches, attempts } of [
  { gapMs: 870, catches: 850, attempts: 3 },
  // 40 ms of slack holds only when both round trips are short: on a busy machine most attempts
  // stay undecided, and an undecided attempt costs only the wait for an empty window.
  { gapMs: 960, catches: 950, attempts: 10 },
]) {
  check(
    ['RATE-1'],
    `the window lasts a full second: a third request ${gapMs} ms after two admitted ones were answered is refused (a ${catches} ms window admits it)`,
    async (t) => {
      const [actor] = (await t.exclusiveOwner()).tokens as [Actor];
      await probe(t, () => ({
        steps: [step(actor, 0, 0, 'admitted'), step(actor, 1, 0, 'admitted'), step(actor, 2, gapMs, 'refused', { after: { steps: [0, 1], plusMs: gapMs } })],
      }), attempts);
    },
    RATE,
  );
}

check(
  ['RATE-11', 'RATE-2', 'ERR-22', 'ERR-23'],
  'refused requests do not extend the lockout: after 2 admitted and 429s every 200 ms, a request a second after the admitted ones is admitted',
  async (t) => {
    const [actor] = (await t.exclusiveOwner()).tokens as [Actor];
    const run = await probe(t, () => ({
      steps: [
        step(actor, 0, 0, 'admitted'),
        step(actor, 1, 0, 'admitted'),
        step(actor, 2, 0, 'refused', { after: { steps: [0, 1], plusMs: 0 } }),
        step(actor, 0, 200, 'refused', { after: { steps: [0, 1], plusMs: 0 } }),
        step(actor, 1, 400, 'refused', { after: { steps: [0, 1], plusMs: 0 } }),
        step(actor, 2, 600, 'refused', { after: { steps: [0, 1], plusMs: 0 } }),
        step(actor, 0, 800, 'refused', { after: { steps: [0, 1], plusMs: 0 } }),
        // More than a second after the admitted ones were answered (and after waiting a second
        // past the first 429): the window holds no admitted request, only 429s.
        step(actor, 0, 1050, 'admitted', { after: { steps: [0, 1, 2], plusMs: 1030 } }),
        step(actor, 1, 1050, 'admitted', { after: { steps: [7], plusMs: 0 } }),
        step(actor, 2, 1050, 'refused', { after: { steps: [8], plusMs: 0 } }),
      ],
    }));
    expect429Contract(run.responses);
  },
  RATE,
);

check(
  ['RATE-2', 'RATE-4', 'RATE-9'],
  'a client pacing itself at 2 per sliding second (25 ms margin) over several endpoints is never refused',
  async (t) => {
    const { tokens } = await t.exclusiveOwner();
    const window = createPacingWindow(2, 1000, 25);
    const inFlight = new Set<Promise<Sent>>();
    const all: Promise<Sent>[] = [];
    const labels: string[] = [];
    for (let i = 0; i < 8; i++) {
      for (;;) {
        const wait = window.waitMs(performance.now());
        if (wait === 0) break;
        if (wait === Infinity) await Promise.race(inFlight);
        else await sleep(wait);
      }
      window.grant();
      const actor = tokens[i % tokens.length] as Actor;
      const e = endpoint(i);
      labels.push(`${e.what} as ${actor.label}`);
      const p = sendForTimeline(() => actor.get(e.path())).finally(() => {
        window.complete(performance.now());
        inFlight.delete(p);
      });
      inFlight.add(p);
      all.push(p);
    }
    const sent = await Promise.all(all);
    const hits: Hit[] = sent.map((r, i) => hitOf(`#${i + 1} ${labels[i]}`, r));
    const refused = livenessViolations(hits);
    expect(refused.map((v) => describeLiveness(v)), `a paced client was refused:\n${formatTimeline(hits)}`).toEqual([]);
    // Once every request was answered, the pacing makes every refusal a proven violation: the count is a cross-check.
    // A request without an answer may have been decided any time later, and then a refusal proves nothing.
    if (hits.every((h) => h.status !== 0)) expect(hits.filter((h) => h.status === 429).length, formatTimeline(hits)).toBe(0);
  },
  RATE,
);

check(
  ['RATE-10'],
  'public endpoints neither count nor get 429: GET /, /health and OPTIONS with the customer token before and during a throttle',
  async (t) => {
    const [actor] = (await t.exclusiveOwner()).tokens as [Actor];
    const anonymous = new Actor('anonymous', undefined, undefined, t);
    const publicSteps = (at: number, after?: Step['after']): Step[] =>
      [
        { label: 'GET / (public)', path: '/' },
        { label: 'GET /health (public)', path: '/health' },
        { label: 'OPTIONS /reports (public)', path: '/reports', method: 'OPTIONS' },
        { label: 'GET / (public)', path: '/' },
        { label: 'GET /health (public)', path: '/health' },
        { label: 'OPTIONS /funding/applications (public)', path: '/funding/applications', method: 'OPTIONS' },
      ].map((s) => ({ ...s, actor, at, expect: 'public' as const, ...(after ? { after } : {}) }));
    const before = publicSteps(0);
    const n = before.length;
    const protectedPair = [step(actor, 0, 0, 'admitted', { after: { steps: before.map((_, i) => i), plusMs: 0 } }), step(actor, 1, 0, 'admitted', { after: { steps: before.map((_, i) => i), plusMs: 0 } })];
    const during = publicSteps(0, { steps: [n, n + 1], plusMs: 0 });
    const anonymousDuring: Step[] = [
      { label: 'GET /health (public, no token)', actor: anonymous, path: '/health', at: 0, expect: 'public', after: { steps: [n, n + 1], plusMs: 0 } },
    ];
    const all = [...before, ...protectedPair, ...during, ...anonymousDuring];
    const lastProtected: Step = step(actor, 2, 0, 'refused', { after: { steps: all.map((_, i) => i), plusMs: 0 } });
    // A public step answered 429 fails the probe outright (see judge); the protected ones are
    // judged on their own timeline, in which the public requests do not appear.
    await probe(t, () => ({ steps: [...all, lastProtected] }));
  },
  RATE,
);

check(
  ['RATE-5'],
  "one customer's throttle leaves another customer alone: right after A's burst, B gets both of its requests",
  async (t) => {
    const [a] = (await t.exclusiveOwner()).tokens as [Actor];
    const [b] = (await t.exclusiveOwner()).tokens as [Actor];
    const burst = [0, 1, 2, 3].map((i) => step(a, i, 0, 'any'));
    const afterBurst = { steps: [0, 1, 2, 3], plusMs: 0 };
    await probe(t, () => ({
      steps: [...burst, step(b, 0, 0, 'admitted', { after: afterBurst }), step(b, 1, 0, 'admitted', { after: afterBurst }), step(b, 2, 0, 'refused', { after: { steps: [4, 5], plusMs: 0 } })],
      admittedAmongAny: 2,
    }));
  },
  RATE,
);

/**
 * Rounds of requests RATE-12 adds to its second batch for outcomes left unknown (a gateway's
 * answer, a dropped connection), each as many as are still missing: a gateway that answers a
 * fraction p of them leaves about p to the power of the rounds missing.
 */
const TOP_UPS = 4;

check(
  ['RATE-12'],
  'invalid tokens are limited per source IP at the documented value, and the limit leaves a valid customer its budget',
  async (t) => {
    const documented = t.profile.limits?.invalidTokenPerIp;
    if (!documented) return t.skip('profile has no limits.invalidTokenPerIp (the documented invalid-token limit per source IP)');
    const { requests: limit, windowSeconds } = documented;
    const windowMs = windowSeconds * 1000;
    // Every harness request that the target counts per IP goes through these two pacer lanes
    // (invalid or missing tokens, the blocked customer): holding them keeps the IP's count ours.
    // All grants of the harness's invalid-token lane (invalid-token-lane.ts), given once no
    // invalid-token request of the harness was answered for a window, and last: after every other
    // file's requests in the lane, so the window of quiet the probe needs is the lane's wait at its
    // end (where nothing follows it) instead of one more in its middle.
    const lane = invalidTokenLane(t.profile);
    const releaseInvalid = await holdLane(t, lane.customer, { limit: lane.limit, windowMs: lane.windowMs }, { last: true });
    // The blocked customer's requests take a grant of the invalid-token lane too, so its lane is quiet by now as well.
    const releaseBlocked = await holdLane(t, 'blocked');
    // Quiet since the blocked lane's last answer (the pacer's record, the CLI's preflight
    // included), not since this hold: at the start of a run that is no wait at all.
    const blockedQuietSince = (await t.lastAnswered('blocked')) ?? 0;
    // The customer last: a check that sends a request in both the invalid-token lane and its
    // owner's (auth) takes the invalid-token lane first, so holding that lane and then waiting for
    // a customer never waits on such a check in turn.
    const [owner] = (await t.exclusiveOwner()).tokens as [Actor];
    let lastReceived = performance.now();
    try {
      // A window of quiet since the blocked customer's last request, so the IP's window holds
      // nothing when the first batch arrives.
      const quiet = blockedQuietSince + windowMs + 100 - Date.now();
      if (quiet > 0) await sleep(quiet);
      const invalid = new Actor('invalid token', randomBytes(32).toString('hex'), undefined, t);
      const batch = async (count: number) => {
        const out: Sent[] = [];
        for (let i = 0; i < count; i += 50) {
          out.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => sendForTimeline(() => invalid.get('/reports'))))));
        }
        lastReceived = Math.max(lastReceived, ...out.map((s) => s.exchange.receivedAt));
        return out;
      };
      const first = await batch(limit);
      const second = await batch(limit + 1);
      // A gateway's answer or a dropped connection leaves a request's outcome unknown (the target
      // may have counted it or not): the requests answered are what is judged, and the second
      // batch grows by one request per unknown outcome until 2 * limit + 1 are answered.
      for (let topUp = 0; topUp < TOP_UPS && !answersOf(second).some((r) => r.status === 429); topUp++) {
        const missing = 2 * limit + 1 - answersOf([...first, ...second]).length;
        if (missing <= 0) break;
        second.push(...(await batch(missing)));
      }
      const own = await Promise.all([sendForTimeline(() => owner.get('/reports')), sendForTimeline(() => owner.get('/reports'))]);
      const firstAnswers = answersOf(first);
      const secondAnswers = answersOf(second);
      const answers = [...firstAnswers, ...secondAnswers];
      const unknown = first.length + second.length - answers.length;
      const spanMs = Math.max(...answers.map((r) => r.exchange.receivedAt)) - Math.min(...answers.map((r) => r.exchange.sentAt));

      const early429 = firstAnswers.filter((r) => r.status !== 401);
      expect(
        early429.map((r) => r.status),
        `the first ${limit} invalid-token requests after ${windowSeconds} s of quiet must all be 401 (documented limit ${limit} per ${windowSeconds} s)`,
      ).toEqual([]);
      const refused = secondAnswers.filter((r) => r.status === 429);
      if (refused.length === 0) {
        const unknownNote = unknown === 0 ? '' : ` (${unknown} more got no answer of the target: a gateway's or none)`;
        if (answers.length < 2 * limit + 1) return t.skip(`inconclusive: ${answers.length} invalid-token requests answered by the target${unknownNote}, fewer than the ${2 * limit + 1} a limit of ${limit} per ${windowSeconds} s must refuse one of`);
        // Any limit of `limit` per window admits at most 2 * limit within less than one window.
        if (spanMs >= windowMs) return t.skip(`inconclusive: the ${answers.length} invalid-token requests answered took ${spanMs.toFixed(0)} ms, not less than the ${windowMs} ms window${unknownNote}`);
        expect.fail(`${answers.length} invalid-token requests answered within ${spanMs.toFixed(0)} ms got no 429: no per-IP limit of ${limit} per ${windowSeconds} s applies${unknownNote}`);
      }
      for (const res of refused) expectError(res, 429, 'rate_limit');
      for (const res of secondAnswers.filter((r) => r.status !== 429)) expectError(res, 401, 'authentication');
      // The IP is now limited for invalid tokens; the valid customer still has its full budget
      // (a request without an answer tells nothing about it).
      const answered = answersOf(own);
      if (answered.length === 0) return t.skip('inconclusive: neither of the valid customer\'s two requests got an answer of the target (a gateway\'s or none)');
      for (const res of answered) {
        expect(res.status, `a valid customer's request while the IP is limited for invalid tokens; ${res.exchange.request.url} answered ${res.status}: ${res.text.slice(0, 200)}`).toBe(200);
      }
    } finally {
      // Until the IP's window is over, other checks' invalid-token requests would meet 429s. The
      // pacer takes released grants as answered now and grants nothing on their lane for a
      // window; the blocked lane's pace bars only a second, so the pacer is told the end of the
      // IP's window. The check ends at once: at the end of the run nothing waits for that window.
      await releaseInvalid();
      await releaseBlocked({ quietUntil: Date.now() + (lastReceived + windowMs + 100 - performance.now()) });
    }
  },
  {
    ...RATE,
    // Its own work, and up to two per-address windows: the wait for the invalid-token lane's
    // grants and the quiet before the first batch.
    timeout: (p) => DEFAULT_CHECK_TIMEOUT_MS + 3 * invalidTokenLane(p).windowMs,
    needs: (p) => (p.limits?.invalidTokenPerIp ? undefined : 'profile limits.invalidTokenPerIp (the documented invalid-token limit per source IP)'),
  },
);

sweepChecks();
fixedLimitChecks();
