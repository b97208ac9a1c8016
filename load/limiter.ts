/**
 * `npm run load:limiter -- [--base-url URL --profile FILE] [--customer primary] [--connections 200]
 *   [--tokens K] [--duration 30] [--seed N] [--report FILE]`
 *
 * Drives one customer's rate limit with parallel clients over several of its tokens and several
 * endpoints (200 and 404 answers), records every response with the harness's send and receive
 * times, and checks from these timestamps alone (harness-core/rate-limit-timeline.ts):
 * - safety: no three admitted requests provably fell into one sliding second;
 * - no queueing: no admissions that a sliding second can only have made by holding requests back
 *   far longer than the run's round trips (a target that delays instead of answering 429);
 * - liveness: no refusal was provably wrong (fewer than two admitted requests could lie in the
 *   second before it), and in the saturated phase admissions keep up with 2 per second (at least
 *   85 %: a freed slot may wait in the server's queue under the flood).
 *
 * The traffic has three phases. First a steady flood of all connections (a third of the duration):
 * every freed slot is taken at once, which measures liveness. Then bursts of all connections of
 * random length with random pauses, plus a single client sending one request at a time after
 * random (exponential) pauses throughout: a flood alone uses each budget right at the start of a
 * window, where fixed windows and buckets look exactly like a sliding second; irregular traffic
 * leaves budgets half used and then crosses window edges, where they admit a third request. Last
 * (up to 10 s) quiet edge probes (EDGE_PROBES): a window shorter than a second, a bucket or a
 * window restarting at the first hit each admit a request there that a sliding second refuses.
 *
 * Without --base-url the bundled server is started in a child process (startReferenceServer with
 * a temporary database, demo seed, profile in the temp dir) and the customer is topped up to
 * --tokens tokens. Not in the usage text, for
 * the fault catalogue: `--fault ID` starts the bundled server with that fault of
 * faults/catalog (e.g. limiter-fixed-window, limiter-token-bucket, limiter-window-850,
 * limiter-window-950, limiter-queueing), which must fail, or a conforming variant of
 * conforming-targets.ts (limiter-late-decisions: decisions seconds late, connections dropped),
 * which must pass.
 *
 * Exit codes: 0 limit held, 1 violation, 2 usage error, 3 target unreachable or harness error.
 */
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { HelpRequested, UsageError } from '../cli/options.js';
import { describeHeldBack, describeLiveness, describeSafety, heldBackViolations, HOLD_MARGIN_MS, holdBoundMs, livenessViolations, outcome, roomyDelayMs, safetyViolations, type Hit } from '../harness-core/rate-limit-timeline.js';
import { prepareLoadTarget, type LoadTarget } from './target.js';
import { runScript } from '../cli/command-line/run-script.js';

const USAGE = `Usage: npm run load:limiter -- [options]
  --base-url URL      API base of the target (default: start the bundled reference server)
  --profile FILE      target profile with the customer's tokens; required with --base-url
  --customer NAME     customer of the profile to load: primary (default), pool:N, or another role
  --connections N     parallel connections of the floods (default 200)
  --tokens K          tokens of the customer to spread over (default: all it has; the bundled server tops up)
  --duration S        seconds of traffic (default 30)
  --seed N            seed of the random bursts and pauses (default: random; printed for a rerun)
  --report FILE       JSON report (default reports/load/limiter.json)
Exit codes: 0 the limit held, 1 a violation was proven, 2 usage error, 3 target unreachable or harness error.`;

interface Options {
  baseUrl?: string;
  profile?: string;
  customer: string;
  connections: number;
  tokens?: number;
  duration: number;
  seed: number;
  report: string;
  fault?: string;
}

function parseArgs(argv: readonly string[]): Options {
  const o: Options = { customer: 'primary', connections: 200, duration: 30, seed: Math.floor(Math.random() * 2 ** 31), report: 'reports/load/limiter.json' };
  const positive = (flag: string, v: string | undefined, min = 1) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) throw new UsageError(`${flag} needs a number >= ${min}, got '${v ?? ''}'`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value (see --help)`);
      return v;
    };
    switch (arg) {
      case '--help':
      case '-h':
        throw new HelpRequested(USAGE);
      case '--base-url':
        o.baseUrl = value();
        break;
      case '--profile':
        o.profile = value();
        break;
      case '--customer':
        o.customer = value();
        break;
      case '--connections':
        o.connections = Math.floor(positive(arg, value()));
        break;
      case '--tokens':
        o.tokens = Math.floor(positive(arg, value()));
        break;
      case '--duration':
        o.duration = positive(arg, value(), 3);
        break;
      case '--seed':
        o.seed = Math.floor(positive(arg, value(), 0));
        break;
      case '--report':
        o.report = value();
        break;
      case '--fault':
        o.fault = value();
        break;
      default:
        throw new UsageError(`unknown option '${arg}'\n${USAGE}`);
    }
  }
  return o;
}

/** Mulberry32: small, seedable, good enough for pauses and burst lengths. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every response as three parallel arrays (hundreds of thousands of them). */
const SOURCES = ['flood connection', 'single client', 'edge probe'] as const;

class Recorder {
  readonly sentAt: number[] = [];
  readonly receivedAt: number[] = [];
  readonly status: number[] = [];
  /** Which client sent it: an index into SOURCES. */
  readonly source: number[] = [];
  /** Requests whose answer shows no decision of the limiter (none came, or a 5xx): maybe admitted. */
  unknown = 0;
  /**
   * The latest receipt (or give-up) of a request that may have been admitted (not 429): where the
   * edge probes wait for an empty window. Not a proof: a request given up may be decided later.
   */
  lastCountedAt = -Infinity;

  /** `receivedAt` Infinity for an answer never read; `gaveUpAt` then says when the client stopped waiting. */
  add(sentAt: number, receivedAt: number, status: number, source: 0 | 1 | 2, gaveUpAt = receivedAt): void {
    this.sentAt.push(sentAt);
    this.receivedAt.push(receivedAt);
    this.status.push(status);
    this.source.push(source);
    if (outcome({ status }) === 'unknown') this.unknown += 1;
    if (status !== 429) this.lastCountedAt = Math.max(this.lastCountedAt, gaveUpAt);
  }

  hits(): Hit[] {
    return this.status.map((status, i) => ({ label: SOURCES[this.source[i] as number] ?? 'unknown source', sentAt: this.sentAt[i] as number, receivedAt: this.receivedAt[i] as number, status }));
  }
}

/**
 * Both clients give up on an answer after this long (recorded as unknown outcome): a target that
 * holds requests back instead of refusing them must not stretch the run.
 */
const ANSWER_TIMEOUT_S = 10;

/**
 * A request whose answer was never read (connection dropped, given up) may have been decided at
 * any time after its send, however long after the drop: its bound is open.
 */
const NEVER_READ = Infinity;

interface Traffic {
  target: LoadTarget;
  recorder: Recorder;
  paths: string[];
  connections: number;
}

function tokenRotation(tokens: readonly string[], paths: readonly string[]) {
  let n = 0;
  return () => {
    n += 1;
    return { authorization: `Bearer ${tokens[n % tokens.length] as string}`, path: paths[Math.floor(n / tokens.length) % paths.length] as string };
  };
}

/** One flood of all connections until `stop()`; resolves when every connection is closed. */
function flood(t: Traffic, durationSeconds?: number): { stop(): void; done: Promise<void> } {
  const next = tokenRotation(t.target.tokens, t.paths);
  const outstanding: { sentAt: number }[] = [];
  let settle: (err: unknown) => void = () => {};
  const done = new Promise<void>((resolveDone, reject) => {
    settle = (err) => {
      // Connections closed at the stop may have carried a request the target still decided.
      const now = performance.now();
      for (const s of outstanding) if (s.sentAt >= 0) t.recorder.add(s.sentAt, NEVER_READ, 0, 0, now);
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolveDone();
    };
  });
  const options: autocannon.Options = {
    url: new URL(t.target.baseUrl).origin,
    connections: t.connections,
    pipelining: 1,
    duration: durationSeconds ?? 3600,
    sampleInt: 50,
    timeout: ANSWER_TIMEOUT_S,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const { authorization, path } = next();
          return { ...req, path, headers: { ...req.headers, authorization } };
        },
      },
    ],
    setupClient: (client) => {
      const state = { sentAt: -1 };
      outstanding.push(state);
      (client as NodeJS.EventEmitter).on('request', () => {
        const now = performance.now();
        // A request still open here was lost to a timeout or reconnect: it may have been decided.
        if (state.sentAt >= 0) t.recorder.add(state.sentAt, NEVER_READ, 0, 0, now);
        state.sentAt = now;
      });
      client.on('response', (status: number) => {
        t.recorder.add(state.sentAt, performance.now(), status, 0);
        state.sentAt = -1;
      });
    },
  };
  const instance = autocannon(options, (err) => settle(err));
  return { stop: () => instance.stop(), done };
}

/** A client outside autocannon: sends one request, records it, returns its receipt (or the bound of an unknown outcome). */
function recordingClient(t: Traffic, tokens: readonly string[], source: 1 | 2) {
  const agent = new Agent({ connections: 2, keepAliveTimeout: 10_000, headersTimeout: ANSWER_TIMEOUT_S * 1000, bodyTimeout: ANSWER_TIMEOUT_S * 1000 });
  const next = tokenRotation(tokens, t.paths);
  const origin = new URL(t.target.baseUrl).origin;
  return {
    async send(): Promise<{ receivedAt: number; status: number }> {
      const { authorization, path } = next();
      const sentAt = performance.now();
      try {
        const res = await request(`${origin}${path}`, { headers: { authorization }, dispatcher: agent });
        await res.body.dump();
        const receivedAt = performance.now();
        t.recorder.add(sentAt, receivedAt, res.statusCode, source);
        return { receivedAt, status: res.statusCode };
      } catch {
        const gaveUpAt = performance.now();
        t.recorder.add(sentAt, NEVER_READ, 0, source, gaveUpAt);
        return { receivedAt: gaveUpAt, status: 0 };
      }
    },
    close: () => agent.close(),
  };
}

/** One client, one request at a time, exponential pauses (mean `meanMs`), until `until`. */
async function singles(t: Traffic, random: () => number, until: number, meanMs: number): Promise<void> {
  const client = recordingClient(t, [...t.target.tokens].reverse(), 1);
  try {
    while (performance.now() < until) {
      await sleep(-Math.log(1 - random()) * meanMs);
      await client.send();
    }
  } finally {
    await client.close();
  }
}

type Send = () => Promise<{ receivedAt: number; status: number }>;

async function at(time: number): Promise<void> {
  await sleep(time - performance.now());
}

/** A pair, then a third request `gapMs` after both were answered. */
function thirdAfterPair(gapMs: number) {
  return {
    name: `third +${gapMs} ms after a pair`,
    async run(send: Send) {
      const pair = await Promise.all([send(), send()]);
      if (pair.some((p) => p.status === 0)) return 0;
      await at(Math.max(...pair.map((p) => p.receivedAt)) + gapMs);
      return (await send()).status;
    },
  };
}

/**
 * Quiet probes of the window's edges, each starting on an idle customer and returning the status
 * of its last request, which a sliding second refuses (0 as soon as a request went unanswered:
 * the phase stops there rather than wait out more timeouts). A third request `gapMs` after a pair's
 * answers is admitted by a shorter window (limiter-window-850 / -950, and a token bucket); after
 * hits at 0 and 0.9 s, one more than a second after the first one's answer and a fourth right
 * after it are both admitted by windows that restart at the first hit (limiter-fixed-window).
 */
const EDGE_PROBES: { name: string; run(send: Send): Promise<number> }[] = [
  thirdAfterPair(960),
  {
    name: 'fourth after 0, 0.9, 1.02 s',
    async run(send: Send) {
      const first = await send();
      if (first.status === 0) return 0;
      await at(first.receivedAt + 900);
      if ((await send()).status === 0) return 0;
      await at(first.receivedAt + 1020);
      if ((await send()).status === 0) return 0;
      return (await send()).status;
    },
  },
  thirdAfterPair(870),
];
/** The last part of the run that belongs to the edge probes. */
const EDGE_PHASE_MS = 10_000;

/**
 * The edge probes in turn, with nothing else sending, each once the customer's window is empty.
 * Floods answer slowly, so a third admitted by a window of 950 ms is rarely provable there (the
 * proof needs the three decided within a second: latest receipt minus earliest send); here the
 * round trips are short, and the verdict comes from the same proofs as the rest of the run.
 */
async function edgeProbes(t: Traffic, until: number): Promise<{ name: string; status: number }[]> {
  const client = recordingClient(t, t.target.tokens, 2);
  const done: { name: string; status: number }[] = [];
  try {
    for (;;) {
      const probe = EDGE_PROBES[done.length % EDGE_PROBES.length] as (typeof EDGE_PROBES)[number];
      const idleAt = Math.max(t.recorder.lastCountedAt + 1050, performance.now());
      if (idleAt + 1200 > until) break;
      await at(idleAt);
      const status = await probe.run(() => client.send());
      done.push({ name: probe.name, status });
      if (status === 0) break;
    }
  } finally {
    await client.close();
  }
  return done;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function main(): Promise<number> {
  const o = parseArgs(process.argv.slice(2));
  const target = await prepareLoadTarget({ baseUrl: o.baseUrl, profile: o.profile, customer: o.customer, tokens: o.tokens, fault: o.fault });
  try {
    const health = await fetch(`${target.baseUrl}/health`).catch((err: unknown) => err as Error);
    if (health instanceof Error || !health.ok) {
      console.log(`target unreachable: GET ${target.baseUrl}/health ${health instanceof Error ? `failed (${health.message})` : `answered ${health.status}`}`);
      return 3;
    }
    const basePath = new URL(target.baseUrl).pathname.replace(/\/+$/, '');
    const paths = [`${basePath}/reports`, `${basePath}/funding/applications`, `${basePath}/reports/zzzzzzzzz`];
    const random = prng(o.seed);
    const recorder = new Recorder();
    const traffic: Traffic = { target, recorder, paths, connections: o.connections };
    const steadySeconds = Math.max(2, Math.round(o.duration / 3));
    console.log(
      `load:limiter against ${target.baseUrl}${target.fault ? ` with fault ${target.fault}` : ''} (${target.kind}): customer ${target.customer}, ${target.tokens.length} token(s), ${o.connections} connections, ${o.duration} s (${steadySeconds} s steady flood, then bursts, then edge probes), seed ${o.seed}`,
    );

    const started = performance.now();
    const end = started + o.duration * 1000;
    const trafficEnd = end - Math.min(EDGE_PHASE_MS, (o.duration * 1000) / 3);
    const single = singles(traffic, random, trafficEnd, 300);
    const steadyStart = performance.now();
    await flood(traffic, steadySeconds).done;
    const steadyEnd = performance.now();
    let bursts = 0;
    while (performance.now() < trafficEnd - 300) {
      await sleep(200 + random() * 1300);
      const left = trafficEnd - performance.now();
      if (left < 100) break;
      const run = flood(traffic);
      await sleep(Math.min(left, 200 + random() * 1300));
      run.stop();
      await run.done;
      bursts += 1;
    }
    await single;
    const edges = await edgeProbes(traffic, end);
    const wallSeconds = (performance.now() - started) / 1000;

    const hits = recorder.hits();
    const byStatus: Record<string, number> = {};
    for (const h of hits) {
      const key = h.status === 0 ? 'unknown' : String(h.status);
      byStatus[key] = (byStatus[key] ?? 0) + 1;
    }
    const admitted = hits.filter((h) => outcome(h) === 'admitted');
    const refused = hits.length - admitted.length - recorder.unknown;
    const safety = safetyViolations(hits, { max: 1000 });
    const boundMs = Math.max(holdBoundMs(hits), roomyDelayMs(hits) + HOLD_MARGIN_MS);
    const held = safety.length === 0 ? heldBackViolations(hits, { boundMs, max: 1000 }) : [];
    const liveness = livenessViolations(hits, { max: 1000 });
    // Admissions that can have been decided during the steady flood: admitted answers whose
    // interval [sent, received] meets it, and requests never answered that were sent before its
    // end (decided at any time after their send, possibly within it). Too few is shown only when
    // even all of these together fall short.
    const steadyAdmitted = admitted.filter((h) => h.sentAt <= steadyEnd && h.receivedAt >= steadyStart).length;
    const steadyUnread = hits.filter((h) => outcome(h) === 'unknown' && h.sentAt <= steadyEnd && !Number.isFinite(h.receivedAt)).length;
    const steadyPossible = steadyAdmitted + steadyUnread;
    const steadyWindow = (steadyEnd - steadyStart) / 1000;
    const steadyRate = steadyAdmitted / steadyWindow;
    // 2 per second, less 15 % for the moments a freed slot waits in the server's queue under the flood.
    const required = Math.floor(2 * steadyWindow * 0.85);
    const keepsUp = steadyPossible >= required;
    const latencies = hits.filter((h) => h.status !== 0).map((h) => h.receivedAt - h.sentAt).sort((a, b) => a - b);
    const ok = safety.length === 0 && held.length === 0 && liveness.length === 0 && keepsUp;

    const report = {
      target: target.baseUrl,
      kind: target.kind,
      fault: target.fault ?? null,
      customer: target.customer,
      tokens: target.tokens.length,
      connections: o.connections,
      durationSeconds: o.duration,
      wallSeconds,
      seed: o.seed,
      bursts,
      requests: hits.length,
      requestsPerSecond: hits.length / wallSeconds,
      byStatus,
      admitted: admitted.length,
      refused,
      unknownOutcome: recorder.unknown,
      latencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0 },
      safety: { provenViolations: safety.length, examples: safety.slice(0, 5).map((v) => describeSafety(v, started)) },
      edgeProbes: EDGE_PROBES.map(({ name }) => {
        const mine = edges.filter((e) => e.name === name);
        return { probe: name, runs: mine.length, lastRefused: mine.filter((e) => e.status === 429).length };
      }),
      queueing: { decisionBoundMs: boundMs, heldBack: held.length, examples: held.slice(0, 5).map((v) => describeHeldBack(v, started)) },
      liveness: {
        provenWrongRefusals: liveness.length,
        examples: liveness.slice(0, 5).map((v) => describeLiveness(v, started)),
        steadyFlood: { seconds: steadyWindow, admitted: steadyAdmitted, unreadMaybeAdmitted: steadyUnread, perSecond: steadyRate, required, keepsUp },
      },
      verdict: ok ? 'pass' : 'fail',
    };
    const reportPath = resolve(o.report);
    mkdirSync(dirname(reportPath), { recursive: true });
    writeFileSync(reportPath, JSON.stringify(report, null, 2));

    console.log(`${hits.length} requests in ${wallSeconds.toFixed(1)} s (${report.requestsPerSecond.toFixed(0)}/s, ${bursts} bursts), by status ${JSON.stringify(byStatus)}; latency p50 ${report.latencyMs.p50.toFixed(1)} ms, p99 ${report.latencyMs.p99.toFixed(1)} ms`);
    console.log(`admitted ${admitted.length} (${(admitted.length / wallSeconds).toFixed(2)}/s over the run)`);
    console.log(`edge probes (last request refused by a sliding second): ${report.edgeProbes.map((e) => `${e.probe} ${e.lastRefused}/${e.runs} refused`).join(', ')}`);
    console.log(`safety:   ${safety.length === 0 ? 'held: no three admitted requests provably within one sliding second' : `VIOLATED: ${safety.length}${safety.length >= 1000 ? '+' : ''} proven sets of 3 admitted in one second`}`);
    for (const ex of report.safety.examples.slice(0, 2)) console.log(`  ${ex.replace(/\n/g, '\n  ')}`);
    console.log(
      `queueing: ${held.length === 0 ? `none: every admission fits a sliding second with each request decided within ${boundMs.toFixed(0)} ms of its send` : `VIOLATED: ${held.length}${held.length >= 1000 ? '+' : ''} sets of admitted requests that a sliding second admits only by holding one back more than ${boundMs.toFixed(0)} ms`}`,
    );
    for (const ex of report.queueing.examples.slice(0, 2)) console.log(`  ${ex.replace(/\n/g, '\n  ')}`);
    console.log(
      `liveness: ${liveness.length === 0 ? 'held: no refusal was provably wrong' : `VIOLATED: ${liveness.length}${liveness.length >= 1000 ? '+' : ''} refusals with fewer than 2 admitted in the second before`}; steady flood admitted ${steadyAdmitted} in ${steadyWindow.toFixed(1)} s = ${steadyRate.toFixed(2)}/s${steadyUnread > 0 ? ` (+ up to ${steadyUnread} never answered, maybe admitted)` : ''} (needs >= ${report.liveness.steadyFlood.required}: ${keepsUp ? 'keeps up' : 'TOO FEW'})`,
    );
    for (const ex of report.liveness.examples.slice(0, 2)) console.log(`  ${ex.replace(/\n/g, '\n  ')}`);
    console.log(`verdict: ${ok ? 'PASS' : 'FAIL'} (report ${reportPath})`);
    return ok ? 0 : 1;
  } finally {
    await target.close();
  }
}

runScript(main);
