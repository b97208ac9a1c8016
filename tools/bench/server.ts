/**
 * `npm run bench:server -- [--duration 5] [--rounds 3] [--connections 50] [--others 25] [--flood 50]
 *   [--customers 30000] [--strict] [--report FILE]`
 *
 * Throughput and latency of the bundled reference server against a bare Express "hello JSON"
 * route, all measured in the same run (servers in one child process, autocannon in this one,
 * loopback), in interleaved rounds so a busy machine affects every scenario alike; medians over
 * the rounds are reported, and only ratios are judged:
 *
 * (d) bare Express GET /hello: the baseline;
 * (a) a flood of reference GET /health alone (public: no token, no limiter, no database): what
 *     the server's no-customer tarpit leaves of it once each connection keeps asking;
 * (b) reference GET /reports spread round-robin over `customers` extra customers (one token
 *     each, inserted into the server's database at start), so that each customer stays far below
 *     its 2 per second: the full protected path with the real limiter; its 429 count must be 0;
 * (f) one customer flooding alone: how much of the server a flood takes (the server delays the
 *     429s of a connection that keeps sending through them);
 * (c0) the same protected traffic from `others` connections, alone, and then while, beside it:
 *   - one more customer floods GET /reports with `flood` connections (its refusals are tarpitted);
 *   - the customer of the large project (1,000 rooms) asks for its PDF at its full budget, 2 per
 *     second: heavy work within the limit;
 *   - `flood` connections flood GET /health, GET /reports with an invalid token, OPTIONS /reports
 *     or GET /openapi.json: answers that need no customer (the server's no-customer tarpit);
 *   - attackers from other loopback addresses (abuse.ts): 4,400 silent connections from 18
 *     addresses (more than the overall cap, under the per-address one), 20 connections each
 *     pipelining 200 GET /openapi.json and never reading, and 50 loops opening one new
 *     connection per GET /openapi.json or /health from one address.
 *   Each: the others' p99 against alone; the others' answers other than 200 are counted (at a
 *   full overall cap they would be 503s).
 *
 * `--unguarded` starts the reference server with the bounds on connections that stop reading,
 * eviction at the overall cap and the per-address budget of the no-customer tarpit switched off:
 * the figures without them, to compare.
 *
 * Targets (docs): b/d >= 0.7; others' p99 beside each of them / alone <= 2. `--strict` exits 1
 * when one is missed. Percentiles are nearest-rank (load/order-statistics.ts).
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { runScript } from '../../cli/command-line/run-script.js';
import { parseCommandLine, type FlagTable } from '../../cli/command-line/flags.js';
import { numberFlag } from '../../cli/command-line/number-flag.js';
import { medianOfSamples, percentile } from '../../load/order-statistics.js';
import { connectionPerRequest, nonReadingPipeliners, silentConnections, type Attack } from './abuse.js';
import type { BenchTargets } from './targets.js';

const FLAGS = {
  duration: { type: 'string', placeholder: 'S', description: 'seconds per measurement (default 5)' },
  rounds: { type: 'string', placeholder: 'N', description: 'interleaved rounds; medians are reported (default 3)' },
  connections: { type: 'string', placeholder: 'N', description: 'connections of the throughput scenarios d, a, b (default 50)' },
  others: { type: 'string', placeholder: 'N', description: 'connections of the measured customers in c0 and c (default 25)' },
  flood: { type: 'string', placeholder: 'N', description: 'connections of each flood in c (default 50)' },
  customers: { type: 'string', placeholder: 'N', description: 'extra customers of the protected scenarios (default 30000)' },
  strict: { type: 'boolean', description: 'exit 1 when a target is missed' },
  unguarded: { type: 'boolean', description: 'the server without the bounds on non-reading connections, eviction at the cap and the per-address budget (to compare)' },
  report: { type: 'string', placeholder: 'FILE', description: 'JSON report (default reports/bench/server.json)' },
} as const satisfies FlagTable;

const BENCH_SERVER_COMMAND = { usage: 'Usage: npm run bench:server -- [options]', flags: FLAGS } as const;

function parseOptions() {
  const { values } = parseCommandLine(process.argv.slice(2), BENCH_SERVER_COMMAND);
  const count = (flag: 'rounds' | 'connections' | 'others' | 'flood' | 'customers', fallback: number) => {
    const raw = values[flag];
    return raw === undefined ? fallback : numberFlag(`--${flag}`, raw, { min: 1, integer: true });
  };
  return {
    duration: values.duration === undefined ? 5 : numberFlag('--duration', values.duration, { min: 0.1 }),
    rounds: count('rounds', 3),
    connections: count('connections', 50),
    others: count('others', 25),
    flood: count('flood', 50),
    customers: count('customers', 30_000),
    strict: values.strict === true,
    unguarded: values.unguarded === true,
    report: values.report ?? 'reports/bench/server.json',
  };
}

interface Sample {
  requests: number;
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  statuses: Record<string, number>;
  /** Server process CPU (user + system) per request, microseconds; robust against a busy machine. */
  cpuMicros?: number;
}

interface Load {
  connections: number;
  /** Seconds, or a number of requests. */
  length: number | { amount: number };
  method?: 'GET' | 'OPTIONS';
  /** Headers per request (called for each one, e.g. to rotate tokens). */
  headers?: () => Record<string, string>;
  path?: () => string;
  /** Requests per second over all connections; unset: as fast as answers come. */
  overallRate?: number;
}

/** One autocannon run; latencies from the per-response times (sub-millisecond, unlike the histogram). */
function run(url: string, load: Load): Promise<Sample> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const { headers, path } = load;
  return new Promise<Sample>((resolveRun, reject) => {
    const options: autocannon.Options = {
      url,
      connections: load.connections,
      pipelining: 1,
      ...(load.method ? { method: load.method } : {}),
      ...(load.overallRate ? { overallRate: load.overallRate } : {}),
      ...(typeof load.length === 'number' ? { duration: load.length } : { amount: load.length.amount }),
      ...(headers || path
        ? {
            requests: [
              {
                ...(load.method ? { method: load.method } : {}),
                setupRequest: (req) => ({ ...req, ...(path ? { path: path() } : {}), headers: { ...req.headers, ...(headers ? headers() : {}) } }),
              },
            ],
          }
        : {}),
    };
    const instance = autocannon(options, (err) => {
      if (err) return reject(err instanceof Error ? err : new Error(String(err)));
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      resolveRun({ requests: latencies.length, perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), statuses });
    });
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

const median = (xs: readonly number[]) => medianOfSamples(xs) ?? 0;

function summarize(samples: Sample[]) {
  const statuses: Record<string, number> = {};
  for (const s of samples) for (const [k, v] of Object.entries(s.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  const cpu = samples.map((s) => s.cpuMicros).filter((x): x is number => x !== undefined);
  return {
    perSecond: median(samples.map((s) => s.perSecond)),
    p50: median(samples.map((s) => s.p50)),
    p99: median(samples.map((s) => s.p99)),
    cpuMicros: cpu.length ? median(cpu) : undefined,
    statuses,
    rounds: samples,
  };
}

interface Targets {
  targets: BenchTargets;
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

async function startTargets(customers: number, unguarded: boolean): Promise<Targets> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'targets.ts'), String(customers), ...(unguarded ? ['unguarded'] : [])], {
    cwd: resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const targets = await new Promise<BenchTargets>((resolveTargets, reject) => {
    child.once('message', (m) => resolveTargets(m as BenchTargets));
    child.once('exit', (code) => reject(new Error(`bench targets exited early (code ${code})`)));
  });
  return {
    targets,
    cpu: () =>
      new Promise<number>((resolveCpu) => {
        child.once('message', (m) => {
          const { user, system } = (m as { cpu: { user: number; system: number } }).cpu;
          resolveCpu(user + system);
        });
        child.send({ cmd: 'cpu' });
      }),
    stop: () =>
      new Promise<void>((resolveStop) => {
        child.once('exit', () => resolveStop());
        child.send({ cmd: 'stop' });
      }),
  };
}

/** A run with the server's CPU time per request. */
async function measured(servers: Targets, sample: () => Promise<Sample>): Promise<Sample> {
  const before = await servers.cpu();
  const s = await sample();
  const after = await servers.cpu();
  return { ...s, cpuMicros: (after - before) / Math.max(1, s.requests) };
}

/** Waits until the server answers promptly again: work a scenario left behind must not weigh on the next one. */
async function settled(healthUrl: string): Promise<void> {
  for (;;) {
    const started = performance.now();
    await (await fetch(healthUrl, { headers: { connection: 'close' } })).text();
    if (performance.now() - started < 20) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** What runs beside the others in a scenario of (c): a flood, heavy work within the limit, or an attacker autocannon cannot play. */
type Beside = { key: string; label: string } & ({ load: Load } | { attack: () => Attack; connections: number });

/** The others measured while `attack` runs at full strength; what the attacker got, as a sample. */
async function besideAttack(attack: Attack, measure: () => Promise<Sample>): Promise<[Sample, Sample]> {
  await attack.start();
  const started = performance.now();
  const theOthers = await measure();
  const outcome = await attack.stop();
  const elapsed = (performance.now() - started) / 1000;
  return [theOthers, { requests: outcome.answers, perSecond: outcome.answers / elapsed, p50: 0, p90: 0, p99: 0, statuses: { 'closed by server': outcome.closedByServer } }];
}

const SILENT_CONNECTIONS = 4400;
/** Under the per-address cap (256) with 4,400 connections. */
const SILENT_ADDRESSES = 18;

async function main(): Promise<number> {
  const o = parseOptions();
  console.log(`bench:server: starting the servers (${o.customers} extra customers) ...`);
  const servers = await startTargets(o.customers, o.unguarded);
  const { targets } = servers;
  try {
    const refOrigin = new URL(targets.reference).origin;
    const apiPath = new URL(targets.reference).pathname.replace(/\/+$/, '');
    let next = 0;
    const rotate = () => ({ authorization: `Bearer ${targets.tokens[next++ % targets.tokens.length] as string}` });
    const flooder = () => ({ authorization: `Bearer ${targets.floodToken}` });
    const reports = () => `${apiPath}/reports`;
    const health = () => `${apiPath}/health`;
    const flood = (load: Omit<Load, 'connections' | 'length'>): Load => ({ connections: o.flood, length: o.duration, ...load });
    const besides: Beside[] = [
      { key: 'customerFlood', label: 'one customer flooding GET /reports', load: flood({ headers: flooder, path: reports }) },
      { key: 'healthFlood', label: 'a flood of GET /health', load: flood({ path: health }) },
      { key: 'invalidTokenFlood', label: 'a flood of invalid tokens (GET /reports)', load: flood({ headers: () => ({ authorization: 'Bearer ungueltig-bench' }), path: reports }) },
      { key: 'optionsFlood', label: 'a flood of OPTIONS /reports', load: flood({ method: 'OPTIONS', path: reports }) },
      { key: 'openapiFlood', label: 'a flood of GET /openapi.json', load: flood({ path: () => '/openapi.json' }) },
      { key: 'silentConnections', label: `${SILENT_CONNECTIONS} silent connections (${SILENT_ADDRESSES} addresses)`, connections: SILENT_CONNECTIONS, attack: () => silentConnections(refOrigin, SILENT_CONNECTIONS, SILENT_ADDRESSES) },
      { key: 'nonReadingPipeliners', label: '20 connections pipelining 200 /openapi.json, not reading', connections: 20, attack: () => nonReadingPipeliners(refOrigin, 20, 200, '/openapi.json') },
      { key: 'newConnectionOpenapi', label: 'a new connection per GET /openapi.json (one address)', connections: o.flood, attack: () => connectionPerRequest(refOrigin, o.flood, '/openapi.json') },
      { key: 'newConnectionHealth', label: 'a new connection per GET /health (one address)', connections: o.flood, attack: () => connectionPerRequest(refOrigin, o.flood, `${apiPath}/health`) },
      // Last: PDFs still being made when its run ends would otherwise weigh on the next scenario.
      {
        key: 'largePdf',
        label: `the large project's PDF at 2/s (its budget)`,
        // Connections enough that 2 requests a second still go out while earlier PDFs are being made.
        load: { connections: 8, length: o.duration, overallRate: 2, headers: () => ({ authorization: `Bearer ${targets.largeProject.token}` }), path: () => `${apiPath}/reports/${targets.largeProject.projectKey}/pdf` },
      },
    ];
    const others = (): Load => ({ connections: o.others, length: o.duration, headers: rotate, path: reports });

    console.log(`warming up; then ${o.rounds} rounds of ${o.duration} s per scenario (d, a, b, f, c0, c x ${besides.length}), interleaved`);
    await run(`${targets.bare}/hello`, { connections: o.connections, length: 1 });
    await run(refOrigin, { connections: o.connections, length: 1, path: health });
    // Every customer once: the server caches token lookups, so the first request of each of the
    // 30000 costs a database read that later ones do not; the rounds measure the steady state.
    await run(refOrigin, { connections: o.connections, length: { amount: targets.tokens.length }, headers: rotate, path: reports });
    // The API description is built on its first request; the flood measures serving it.
    await run(refOrigin, { connections: 1, length: { amount: 1 }, path: () => '/openapi.json' });

    const d: Sample[] = [];
    const a: Sample[] = [];
    const b: Sample[] = [];
    const f: Sample[] = [];
    const c0: Sample[] = [];
    const beside = Object.fromEntries(besides.map((x) => [x.key, { others: [] as Sample[], it: [] as Sample[] }]));
    for (let round = 1; round <= o.rounds; round++) {
      d.push(await measured(servers, () => run(`${targets.bare}/hello`, { connections: o.connections, length: o.duration })));
      a.push(await measured(servers, () => run(refOrigin, { connections: o.connections, length: o.duration, path: health })));
      b.push(await measured(servers, () => run(refOrigin, { connections: o.connections, length: o.duration, headers: rotate, path: reports })));
      f.push(await measured(servers, () => run(refOrigin, { connections: o.connections, length: o.duration, headers: flooder, path: reports })));
      c0.push(await run(refOrigin, others()));
      const line = [`others p99 alone ${c0.at(-1)?.p99.toFixed(2)} ms`];
      for (const x of besides) {
        const [theOthers, it] = 'load' in x ? await Promise.all([run(refOrigin, others()), run(refOrigin, x.load)]) : await besideAttack(x.attack(), () => run(refOrigin, others()));
        beside[x.key]?.others.push(theOthers);
        beside[x.key]?.it.push(it);
        line.push(`${x.key} ${theOthers.p99.toFixed(2)} ms`);
        await settled(`${refOrigin}${health()}`);
      }
      console.log(`  round ${round}: d ${d.at(-1)?.perSecond.toFixed(0)}/s, a ${a.at(-1)?.perSecond.toFixed(0)}/s, b ${b.at(-1)?.perSecond.toFixed(0)}/s, ${line.join(', ')}`);
    }

    const S = { d: summarize(d), a: summarize(a), b: summarize(b), f: summarize(f), c0: summarize(c0) };
    const B = Object.fromEntries(besides.map((x) => [x.key, { others: summarize(beside[x.key]?.others ?? []), it: summarize(beside[x.key]?.it ?? []) }]));
    const bOverD = S.b.perSecond / S.d.perSecond;
    const p99Ratios = Object.fromEntries(besides.map((x) => [x.key, (B[x.key]?.others.p99 ?? 0) / S.c0.p99]));
    const protected429 = [S.b, S.c0, ...Object.values(B).map((x) => x.others)].reduce((n, s) => n + (s.statuses['429'] ?? 0), 0);
    const notServed = (x: Beside) => Object.entries(B[x.key]?.others.statuses ?? {}).reduce((n, [status, count]) => n + (status === '200' ? 0 : count), 0);
    const targetsMet = { throughput: bOverD >= 0.7, beside: besides.every((x) => (p99Ratios[x.key] ?? 0) <= 2 && notServed(x) === 0), no429: protected429 === 0 };

    const row = (name: string, conns: number, s: ReturnType<typeof summarize>) =>
      `${name.padEnd(58)} ${String(conns).padStart(5)} ${s.perSecond.toFixed(s.perSecond < 10 ? 1 : 0).padStart(8)} ${s.p50.toFixed(2).padStart(8)} ${s.p99.toFixed(2).padStart(8)} ${(s.cpuMicros === undefined ? '' : s.cpuMicros.toFixed(0)).padStart(7)}  ${JSON.stringify(s.statuses)}`;
    console.log(`\nbench:server: medians of ${o.rounds} rounds x ${o.duration} s, same run, loopback (servers in a child process)`);
    console.log(`${'scenario'.padEnd(58)} ${'conns'.padStart(5)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'cpu µs'.padStart(7)}  statuses`);
    console.log(row('(d) bare Express GET /hello', o.connections, S.d));
    console.log(row('(a) a flood of GET /health, alone (tarpitted)', o.connections, S.a));
    console.log(row(`(b) reference GET /reports over ${targets.tokens.length} customers`, o.connections, S.b));
    console.log(row('(f) one customer flooding GET /reports, alone', o.connections, S.f));
    console.log(row('(c0) others GET /reports, alone', o.others, S.c0));
    for (const x of besides) {
      const r = B[x.key];
      if (!r) continue;
      console.log(row(`(c) others, beside ${x.label}`, o.others, r.others));
      console.log(row(`    ${x.label}`, 'load' in x ? x.load.connections : x.connections, r.it));
    }
    console.log(`\nThe protected scenarios run the real limiter and authentication: ${targets.tokens.length} customers round-robin, each far below 2 requests per second (429s among them: ${protected429}${protected429 ? ' — the figures include refusals!' : ''}).`);
    console.log(`ratio b/d (protected vs bare Express):          ${bOverD.toFixed(2)}  (target >= 0.70: ${targetsMet.throughput ? 'met' : 'MISSED'})`);
    console.log(`others' p99 (${o.others} connections) alone: ${S.c0.p99.toFixed(2)} ms; beside each of these, against alone (target <= 2.00, every answer 200):`);
    for (const x of besides) {
      const ratio = p99Ratios[x.key] ?? 0;
      const refused = notServed(x);
      console.log(`  ${x.label.padEnd(58)} ${(B[x.key]?.others.p99 ?? 0).toFixed(2).padStart(8)} ms  ${ratio.toFixed(2).padStart(6)}  ${ratio <= 2 && refused === 0 ? 'met' : 'MISSED'}${refused > 0 ? `  (${refused} of the others' answers not 200)` : ''}`);
    }
    const floodCore = S.f.cpuMicros === undefined ? undefined : (S.f.cpuMicros * S.f.perSecond) / 1e6;
    if (S.d.cpuMicros && S.b.cpuMicros) {
      console.log(`server CPU per request: bare ${S.d.cpuMicros.toFixed(0)} µs, protected GET ${S.b.cpuMicros.toFixed(0)} µs (${(S.d.cpuMicros / S.b.cpuMicros).toFixed(2)} of its throughput)`);
    }
    if (floodCore !== undefined) {
      console.log(`one customer flooding alone: ${S.f.perSecond.toFixed(0)} answers/s taking ${(floodCore * 100).toFixed(0)} % of a core (its connections' 429s are delayed once they keep coming: the server's refusal tarpit)`);
    }

    const cpuRatios = S.d.cpuMicros && S.b.cpuMicros ? { bareOverProtected: S.d.cpuMicros / S.b.cpuMicros, floodCoreShare: floodCore } : undefined;
    const report = { options: o, customers: targets.tokens.length, scenarios: { ...S, beside: B }, ratios: { bOverD, othersP99BesideOverAlone: p99Ratios, cpu: cpuRatios }, protected429, targetsMet };
    const path = resolve(o.report);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(report, null, 2));
    console.log(`report: ${path}`);
    return o.strict && !(targetsMet.throughput && targetsMet.beside && targetsMet.no429) ? 1 : 0;
  } finally {
    await servers.stop();
  }
}

runScript(main);
