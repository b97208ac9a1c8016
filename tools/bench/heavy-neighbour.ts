/**
 * The heavy-neighbour scenario of `npm run bench:results`: what one customer's large results and
 * PDFs, within its budget of 2 requests a second, cost the others. The others' latency is taken
 * at a steady rate for a phase quiet, then for a phase of the same length beside each heavy load; the phases of a
 * round are interleaved so a busy machine weighs on them alike, and each load phase is judged
 * against the quiet phase of its own round.
 */
import { Agent, request } from 'undici';
import { median, medianOfSamples, percentile, sortedAscending } from '../../load/order-statistics.js';

/** A heavy request every this many ms, answered or not (open loop): the customer's 2 per second. */
const HEAVY_EVERY_MS = 500;

export interface NeighbourTargets {
  /** The others' requests, taken in turn; each must answer 200. */
  others: { name: string; url: string; token?: string }[];
  /** The heavy loads, each a phase of its own; `url` asked every HEAVY_EVERY_MS with `token`. */
  heavy: { name: string; url: string; token: string }[];
}

/**
 * The server's event loop, cumulative since it started: wall-clock ms busy and idle
 * (performance.eventLoopUtilization()), and the CPU ms its thread used, which unlike the wall
 * clock does not grow while other processes hold the cores.
 */
export interface EventLoopTime {
  active: number;
  idle: number;
  cpuMs: number;
}

export interface PhaseFigures {
  /** p99 per other endpoint, ms. */
  p99Ms: Record<string, number>;
  requests: number;
  /** The server's event loop in this phase: ms busy, busy / elapsed, CPU ms of its thread. */
  eventLoop: { activeMs: number; utilization: number; cpuMs: number };
  /** Heavy requests sent / answered 200 / answered otherwise (e.g. 503 of a full pool). */
  heavy?: { sent: number; ok: number; other: number };
}

export interface NeighbourReport {
  rounds: { quiet: PhaseFigures; loads: Record<string, PhaseFigures> }[];
  /**
   * Per load: the CPU ms of the server's event-loop thread per heavy request answered 200, beyond
   * the quiet phase of the same round; median over the rounds. Unlike a p99 it does not follow
   * what else the machine runs.
   */
  eventLoopCpuMsPerHeavyRequest: Record<string, number>;
  /** Per load and other endpoint: p99 beside the load / p99 quiet of the same round, min and median over the rounds. */
  ratios: Record<string, Record<string, { min: number; median: number }>>;
}

/** The others' steady rate: well below what the server serves, so quiet they wait for nothing. */
const OTHERS_PER_SECOND = 200;

const othersAgent = new Agent({ connections: 32, pipelining: 1, keepAliveTimeout: 30_000 });
const heavyAgent = new Agent({ connections: 8, pipelining: 1, keepAliveTimeout: 30_000 });

const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

/**
 * The others' requests at a steady OTHERS_PER_SECOND for `seconds`, taken in turn, each timed from
 * sending to its last body byte. Sent on schedule whether or not earlier ones were answered (open
 * loop), so every request that meets a blocked event loop waits for it: the p99 shows when the
 * server is blocked for more than a hundredth of the time.
 */
async function others(targets: NeighbourTargets['others'], seconds: number): Promise<{ samples: Record<string, number[]>; requests: number }> {
  const samples: Record<string, number[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(seconds * OTHERS_PER_SECOND);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / OTHERS_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolveWait) => setTimeout(resolveWait, wait));
    const t = targets[i % targets.length] as NeighbourTargets['others'][number];
    const started = performance.now();
    pending.push(
      request(t.url, { dispatcher: othersAgent, headers: auth(t.token) }).then(async (res) => {
        await res.body.dump();
        if (res.statusCode !== 200) throw new Error(`GET ${t.url} answered HTTP ${res.statusCode}`);
        samples[t.name]?.push(performance.now() - started);
      }),
    );
  }
  await Promise.all(pending);
  return { samples, requests: total };
}

/** Asks `url` every HEAVY_EVERY_MS until stopped; resolves with the counts once every answer is in. */
function heavyLoad(target: NeighbourTargets['heavy'][number]): { stop(): Promise<{ sent: number; ok: number; other: number }> } {
  const counts = { sent: 0, ok: 0, other: 0 };
  const pending = new Set<Promise<void>>();
  const fire = () => {
    counts.sent += 1;
    const answered: Promise<void> = request(target.url, { dispatcher: heavyAgent, headers: auth(target.token) })
      .then(async (res) => {
        await res.body.dump();
        if (res.statusCode === 200) counts.ok += 1;
        else counts.other += 1;
      })
      .catch(() => {
        counts.other += 1;
      })
      .finally(() => pending.delete(answered));
    pending.add(answered);
  };
  fire();
  const timer = setInterval(fire, HEAVY_EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return counts;
    },
  };
}

/** The others' requests for `seconds`, with the server's event-loop time over the same span. */
async function phase(targets: NeighbourTargets['others'], seconds: number, eventLoop: () => Promise<EventLoopTime>): Promise<PhaseFigures> {
  const before = await eventLoop();
  const run = await others(targets, seconds);
  const after = await eventLoop();
  const activeMs = after.active - before.active;
  return {
    p99Ms: Object.fromEntries(Object.entries(run.samples).map(([name, s]) => [name, percentile(sortedAscending(s), 99)])),
    requests: run.requests,
    eventLoop: { activeMs, utilization: activeMs / Math.max(1, activeMs + after.idle - before.idle), cpuMs: after.cpuMs - before.cpuMs },
  };
}

export async function measureHeavyNeighbour(
  targets: NeighbourTargets,
  options: { seconds: number; rounds: number; eventLoop: () => Promise<EventLoopTime>; log: (line: string) => void },
): Promise<NeighbourReport> {
  // One heavy request of each kind first, so the first round does not measure cold workers and caches.
  for (const t of targets.heavy) await heavyLoad(t).stop();
  const rounds: NeighbourReport['rounds'] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const quiet = await phase(targets.others, options.seconds, options.eventLoop);
    const loads: Record<string, PhaseFigures> = {};
    for (const t of targets.heavy) {
      const load = heavyLoad(t);
      const figures = await phase(targets.others, options.seconds, options.eventLoop);
      loads[t.name] = { ...figures, heavy: await load.stop() };
    }
    rounds.push({ quiet, loads });
    const p99s = (f: PhaseFigures) => targets.others.map((o) => `${o.name} ${(f.p99Ms[o.name] ?? 0).toFixed(2)}`).join(', ');
    const busy = (f: PhaseFigures) => `event loop busy ${(f.eventLoop.utilization * 100).toFixed(1)} %, CPU ${f.eventLoop.cpuMs.toFixed(0)} ms`;
    options.log(`  round ${round}: quiet p99 ${p99s(quiet)} ms; ${busy(quiet)}`);
    for (const t of targets.heavy) {
      const f = loads[t.name] as PhaseFigures;
      options.log(`           beside ${t.name}: p99 ${p99s(f)} ms; ${busy(f)}; heavy sent ${f.heavy?.sent}, 200 ${f.heavy?.ok}, other ${f.heavy?.other}`);
    }
  }
  const ratios: NeighbourReport['ratios'] = {};
  for (const t of targets.heavy) {
    ratios[t.name] = {};
    for (const o of targets.others) {
      const each = sortedAscending(rounds.map((r) => (r.loads[t.name]?.p99Ms[o.name] ?? Number.NaN) / (r.quiet.p99Ms[o.name] ?? Number.NaN)));
      (ratios[t.name] as Record<string, { min: number; median: number }>)[o.name] = { min: each[0] ?? Number.NaN, median: median(each) ?? Number.NaN };
    }
  }
  const eventLoopCpuMsPerHeavyRequest = Object.fromEntries(
    targets.heavy.map((t) => {
      const each = rounds.map((r) => {
        const load = r.loads[t.name] as PhaseFigures;
        return (load.eventLoop.cpuMs - r.quiet.eventLoop.cpuMs) / Math.max(1, load.heavy?.ok ?? 0);
      });
      return [t.name, medianOfSamples(each) ?? Number.NaN];
    }),
  );
  return { rounds, ratios, eventLoopCpuMsPerHeavyRequest };
}

export async function closeNeighbourAgents(): Promise<void> {
  await Promise.all([othersAgent.close(), heavyAgent.close()]);
}
