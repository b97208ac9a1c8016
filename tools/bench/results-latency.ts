/**
 * `npm run bench:results -- [--requests 500] [--warmup 50] [--duration 3] [--connections 8] [--neighbour 5] [--rounds 3]
 *   [--strict] [--report FILE]`
 *
 * Latency of GET /reports/{projectKey}/results for the demo seed's largest project (20 rooms,
 * "Mehrfamilienhaus Prenzlauer Berg", found through GET /reports as the primary customer) against
 * GET /health of the same server in the same run:
 *
 * 1. sequential: one keep-alive connection, `requests` rounds after `warmup` rounds, each round one
 *    results request of the large project, one of the calculable 4-room project and one /health,
 *    interleaved so a busy machine affects all three alike; p50/p95/p99 per endpoint, in ms, measured
 *    from sending to the last body byte;
 * 2. throughput: autocannon with `connections` connections for `duration` seconds per endpoint;
 * 3. a heavy neighbour: the others' p99 (the 4-room project's results and /health in turn, 200 a
 *    second on up to 32 connections, open loop) for `neighbour` seconds quiet, then as long while the customer of the
 *    large project (1,000 rooms, its own customer) asks for its PDF at 2 per second, then its
 *    results at 2 per second (open loop: a request every 500 ms whether or not the last one was
 *    answered). `rounds` rounds of the three phases interleaved; the ratio phase / quiet of each
 *    round, min and median over the rounds. Target (docs): median ratio <= 2. Beside it the CPU
 *    time of the server's event-loop thread per heavy request (beyond the quiet phase's), which
 *    a machine shared with other work disturbs less than a p99.
 *
 * The bundled server runs in a child process of its own (so the load generator does not share its
 * event loop), with a temporary database and the demo seed. Its customer limiter is swapped for a generous one (100000 requests per sliding second instead of 2)
 * ONLY for this benchmark, so the measurement is not a measurement of 429s; the output says so.
 * Target (docs): results of the large project "well under 50 ms". Figures and ratios are printed and
 * written to reports/bench/results.json; `--strict` exits 1 when the large project's p95 is 50 ms or more (p95, because
 * the last percent of a loop on a shared machine is the machine's: /health shows the same tail).
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { parseCommandLine, type FlagTable } from '../../cli/command-line/flags.js';
import { runScript } from '../../cli/command-line/run-script.js';
import { numberFlag } from '../../cli/command-line/number-flag.js';
import { percentile, sortedAscending } from '../../load/order-statistics.js';
import { createSlidingWindowLimiter } from '../../reference-server/src/rate-limit/sliding-window.js';
import { systemClock } from '../../reference-server/src/clock.js';
import { seedLargeProject, LARGE_PROJECT_ROOMS } from '../../reference-server/src/seed/large-project.js';
import { startInFolder } from '../../reference-server/src/start-in-folder.js';
import { closeNeighbourAgents, measureHeavyNeighbour, type EventLoopTime, type NeighbourReport } from './heavy-neighbour.js';
import { mainThreadCpuMs } from './main-thread-cpu.js';

const LARGE_PROJECT_NAME = 'Mehrfamilienhaus Prenzlauer Berg';
const TARGET_MS = 50;
/** The others' p99 beside the large project's PDFs or results at 2 per second / quiet, median over the rounds. */
const NEIGHBOUR_TARGET_RATIO = 2;
const BENCH_LIMIT = 100_000;

const FLAGS = {
  requests: { type: 'string', placeholder: 'N', description: 'measured sequential rounds (default 500)' },
  warmup: { type: 'string', placeholder: 'N', description: 'unmeasured rounds first (default 50)' },
  duration: { type: 'string', placeholder: 'S', description: 'seconds of autocannon per endpoint, 0 = skip (default 3)' },
  connections: { type: 'string', placeholder: 'N', description: 'autocannon connections (default 8)' },
  neighbour: { type: 'string', placeholder: 'S', description: 'seconds per phase of the heavy-neighbour scenario, 0 = skip (default 5)' },
  rounds: { type: 'string', placeholder: 'N', description: 'rounds of the heavy-neighbour scenario (default 3)' },
  strict: { type: 'boolean', description: `exit 1 when the large project's p95 is ${TARGET_MS} ms or more` },
  report: { type: 'string', placeholder: 'FILE', description: 'JSON report (default reports/bench/results.json)' },
} as const satisfies FlagTable;

const BENCH_RESULTS_COMMAND = { usage: 'Usage: npm run bench:results -- [options]', flags: FLAGS } as const;

function parseOptions() {
  const { values } = parseCommandLine(process.argv.slice(2), BENCH_RESULTS_COMMAND);
  const count = (flag: 'requests' | 'warmup' | 'connections' | 'rounds', min: number, fallback: number) => (values[flag] === undefined ? fallback : numberFlag(`--${flag}`, values[flag], { min, integer: true }));
  return {
    requests: count('requests', 1, 500),
    warmup: count('warmup', 0, 50),
    duration: values.duration === undefined ? 3 : numberFlag('--duration', values.duration, { min: 0 }),
    connections: count('connections', 1, 8),
    neighbour: values.neighbour === undefined ? 5 : numberFlag('--neighbour', values.neighbour, { min: 0 }),
    rounds: count('rounds', 1, 3),
    strict: values.strict === true,
    report: values.report ?? 'reports/bench/results.json',
  };
}

interface Latency {
  requests: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

function latency(samples: readonly number[]): Latency {
  const sorted = sortedAscending(samples);
  return {
    requests: sorted.length,
    meanMs: sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length),
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1] ?? 0,
  };
}

const agent = new Agent({ connections: 1, pipelining: 1, keepAliveTimeout: 30_000 });

/** One request, timed from sending to the last body byte; the status must be 200. */
async function timed(url: string, token?: string): Promise<{ ms: number; bytes: number; body: string }> {
  const started = performance.now();
  const res = await request(url, { dispatcher: agent, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = await res.body.text();
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`GET ${url} answered HTTP ${res.statusCode}: ${body.slice(0, 200)}`);
  return { ms, bytes: Buffer.byteLength(body), body };
}

interface Throughput {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

function throughput(url: string, connections: number, seconds: number, token?: string): Promise<Throughput> {
  return new Promise((resolveRun, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1, headers: token ? { authorization: `Bearer ${token}` } : {} }, (err, result) => {
      if (err) return reject(err instanceof Error ? err : new Error(String(err)));
      resolveRun({ perSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, non2xx: result.non2xx });
    });
  });
}

const fmt = (x: number) => x.toFixed(2).padStart(8);
const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);

async function main(): Promise<number> {
  const o = parseOptions();
  const server = await startServerChild();
  try {
    const { token, calculable } = server;
    const list = JSON.parse((await timed(`${server.baseUrl}/reports`, token)).body) as Record<string, unknown>;
    const entries = Object.values(list).flatMap((group) => (Array.isArray(group) ? (group as { key?: string; projektName?: string }[]) : []));
    const large = entries.find((e) => e.projektName === LARGE_PROJECT_NAME)?.key;
    if (!large) throw new Error(`GET /reports of the primary customer lists no project named "${LARGE_PROJECT_NAME}"`);

    const urls = {
      large: `${server.baseUrl}/reports/${large}/results`,
      calculable: `${server.baseUrl}/reports/${calculable}/results`,
      health: `${server.baseUrl}/health`,
    };
    const probe = JSON.parse((await timed(urls.large, token)).body) as { results?: { roomHeatLoads?: unknown[]; floorHeatingBalance?: { groups?: { rooms?: unknown[] }[] } } };
    const rooms = probe.results?.roomHeatLoads?.length ?? 0;
    const circuits = probe.results?.floorHeatingBalance?.groups?.reduce((n, g) => n + (g.rooms?.length ?? 0), 0) ?? 0;

    console.log(`bench:results: reference server ${server.baseUrl} (temporary database, demo seed)`);
    console.log(`  NOTE: the customer limiter is swapped for a generous one (${BENCH_LIMIT} per sliding second instead of 2) for this benchmark only`);
    console.log(`  large project ${large} "${LARGE_PROJECT_NAME}": ${rooms} rooms, ${circuits} floor heating circuits over the 3 groups`);
    console.log(`  sequential: ${o.warmup} warm-up rounds, then ${o.requests} rounds of (results large, results calculable, health) on one keep-alive connection`);

    const samples = { large: [] as number[], calculable: [] as number[], health: [] as number[] };
    let largeBytes = 0;
    for (let round = 0; round < o.warmup + o.requests; round++) {
      const a = await timed(urls.large, token);
      const b = await timed(urls.calculable, token);
      const c = await timed(urls.health);
      if (round < o.warmup) continue;
      samples.large.push(a.ms);
      samples.calculable.push(b.ms);
      samples.health.push(c.ms);
      largeBytes = a.bytes;
    }
    const L = { large: latency(samples.large), calculable: latency(samples.calculable), health: latency(samples.health) };

    console.log('\n  sequential latency (ms)         mean      p50      p95      p99      max');
    const row = (name: string, l: Latency) => console.log(`  ${name.padEnd(28)}${fmt(l.meanMs)} ${fmt(l.p50Ms)} ${fmt(l.p95Ms)} ${fmt(l.p99Ms)} ${fmt(l.maxMs)}`);
    row(`results, 20-room project`, L.large);
    row(`results, 4-room project`, L.calculable);
    row('health', L.health);
    const ratios = {
      p50: ratio(L.large.p50Ms, L.health.p50Ms),
      p95: ratio(L.large.p95Ms, L.health.p95Ms),
      p99: ratio(L.large.p99Ms, L.health.p99Ms),
    };
    console.log(`  ratio results(20 rooms) / health: p50 ${ratios.p50.toFixed(1)}x, p95 ${ratios.p95.toFixed(1)}x, p99 ${ratios.p99.toFixed(1)}x; response ${(largeBytes / 1024).toFixed(1)} KiB`);

    let load: { large: Throughput; health: Throughput } | undefined;
    if (o.duration > 0) {
      console.log(`\n  throughput: autocannon, ${o.connections} connections, ${o.duration} s per endpoint`);
      const largeLoad = await throughput(urls.large, o.connections, o.duration, token);
      const healthLoad = await throughput(urls.health, o.connections, o.duration);
      load = { large: largeLoad, health: healthLoad };
      console.log(`  results, 20-room project: ${largeLoad.perSecond.toFixed(0)} req/s, p50 ${largeLoad.p50Ms} ms, p99 ${largeLoad.p99Ms} ms, non-2xx ${largeLoad.non2xx}`);
      console.log(`  health:                   ${healthLoad.perSecond.toFixed(0)} req/s, p50 ${healthLoad.p50Ms} ms, p99 ${healthLoad.p99Ms} ms, non-2xx ${healthLoad.non2xx}`);
      console.log(`  throughput ratio results / health: ${ratio(largeLoad.perSecond, healthLoad.perSecond).toFixed(2)}`);
    }

    let neighbour: NeighbourReport | undefined;
    if (o.neighbour > 0) {
      const { largeProject } = server;
      console.log(`\n  heavy neighbour: the others (results of the 4-room project, health) for ${o.neighbour} s quiet, then beside the ${LARGE_PROJECT_ROOMS}-room project's PDFs, then its results, at 2 per second; ${o.rounds} rounds`);
      neighbour = await measureHeavyNeighbour(
        {
          others: [
            { name: 'results 4 rooms', url: urls.calculable, token },
            { name: 'health', url: urls.health },
          ],
          heavy: [
            { name: 'PDFs', url: `${server.baseUrl}/reports/${largeProject.projectKey}/pdf`, token: largeProject.token },
            { name: 'results', url: `${server.baseUrl}/reports/${largeProject.projectKey}/results`, token: largeProject.token },
          ],
        },
        { seconds: o.neighbour, rounds: o.rounds, eventLoop: server.eventLoop, log: (line) => console.log(line) },
      );
      for (const [load, byOther] of Object.entries(neighbour.ratios)) {
        const parts = Object.entries(byOther).map(([other, r]) => `${other} ${r.median.toFixed(2)}x (min ${r.min.toFixed(2)}x)`);
        const worst = Math.max(...Object.values(byOther).map((r) => r.median));
        console.log(`  others' p99 beside the ${load} / quiet, median: ${parts.join(', ')}: ${worst <= NEIGHBOUR_TARGET_RATIO ? 'within' : 'ABOVE'} the ${NEIGHBOUR_TARGET_RATIO}x target`);
        console.log(`    CPU of the server's event-loop thread per ${load} request beyond quiet, median: ${(neighbour.eventLoopCpuMsPerHeavyRequest[load] ?? Number.NaN).toFixed(1)} ms`);
      }
    }

    // Judged on p95: the last percent of a sequential loop on a shared machine follows the machine
    // (health, which does no work, shows the same tail), not the endpoint.
    const met = L.large.p95Ms < TARGET_MS;
    console.log(
      `\n  target: results of the 20-room project well under ${TARGET_MS} ms: p50 ${L.large.p50Ms.toFixed(2)} ms, p95 ${L.large.p95Ms.toFixed(2)} ms ${met ? `(${(TARGET_MS / L.large.p95Ms).toFixed(1)}x headroom at p95)` : '(MISSED at p95)'}; ` +
        `p99 ${L.large.p99Ms.toFixed(2)} ms next to health p99 ${L.health.p99Ms.toFixed(2)} ms (the tail is the machine's when both are alike)`,
    );

    const report = resolve(o.report);
    mkdirSync(dirname(report), { recursive: true });
    writeFileSync(
      report,
      `${JSON.stringify(
        {
          at: new Date().toISOString(),
          node: process.version,
          limiter: `generous sliding window (${BENCH_LIMIT} per second) for the benchmark only`,
          project: { key: large, name: LARGE_PROJECT_NAME, rooms, circuits, responseBytes: largeBytes },
          options: o,
          sequential: L,
          ratiosToHealth: ratios,
          ...(load ? { throughput: load } : {}),
          ...(neighbour ? { heavyNeighbour: { ...neighbour, targetRatio: NEIGHBOUR_TARGET_RATIO } } : {}),
          target: { p95BelowMs: TARGET_MS, met },
        },
        null,
        2,
      )}\n`,
    );
    console.log(`  report: ${report}`);
    return o.strict && !met ? 1 : 0;
  } finally {
    await Promise.all([agent.close(), closeNeighbourAgents()]);
    await server.stop();
  }
}

/** What the server child reports over IPC once it listens. */
interface ServedTarget {
  baseUrl: string;
  token: string;
  calculable: string;
  /** The large project's customer (its own) and key: the heavy neighbour. */
  largeProject: { token: string; projectKey: string };
}

/** Child mode: the bundled server with a temporary database and the demo seed, until told to stop. */
async function serveChild(): Promise<void> {
  let largeProject = { token: '', projectKey: '' };
  const server = await startInFolder({
    prefix: 'cpf-bench-results-',
    configure: (deps) => {
      largeProject = seedLargeProject(deps.store, deps.clock ?? systemClock);
      // Benchmark only: a generous limiter, so sequential and parallel requests of one customer are served.
      return { ...deps, limiter: createSlidingWindowLimiter(BENCH_LIMIT, 1000) };
    },
  });
  const token = server.profile?.customers.primary.tokens[0];
  const calculable = server.profile?.resources?.primaryProjectKeys?.calculable;
  if (!token || !calculable) throw new Error('the demo seed wrote no primary token or calculable project');
  process.on('message', (message) => {
    if (message === 'event-loop') {
      const { active, idle } = performance.eventLoopUtilization();
      process.send?.({ eventLoop: { active, idle, cpuMs: mainThreadCpuMs() } });
      return;
    }
    void server.close().finally(() => process.exit(0));
  });
  process.send?.({ baseUrl: server.baseUrl, token, calculable, largeProject } satisfies ServedTarget);
}

async function startServerChild(): Promise<ServedTarget & { eventLoop(): Promise<EventLoopTime>; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve-child'], {
    cwd: resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const served = await new Promise<ServedTarget>((resolveServed, reject) => {
    child.once('message', (m) => resolveServed(m as ServedTarget));
    child.once('exit', (code) => reject(new Error(`the server child exited early (code ${code})`)));
  });
  return {
    ...served,
    eventLoop: () =>
      new Promise<EventLoopTime>((resolveTime) => {
        const answer = (m: unknown) => {
          const time = (m as { eventLoop?: EventLoopTime }).eventLoop;
          if (!time) return;
          child.off('message', answer);
          resolveTime(time);
        };
        child.on('message', answer);
        child.send('event-loop');
      }),
    stop: () =>
      new Promise<void>((resolveStop) => {
        child.once('exit', () => resolveStop());
        child.send('stop');
      }),
  };
}

// The server child is started with this one argument; the command line proper is main's.
if (process.argv.includes('--serve-child')) {
  serveChild().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(3);
  });
} else runScript(main);
