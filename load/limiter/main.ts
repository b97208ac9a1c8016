/**
 * `npm run load:limiter -- [--base-url URL --profile FILE] [--customer primary] [--connections 200]
 *   [--tokens K] [--duration 30] [--seed N] [--report FILE] [--fault ID] [--source-addresses SPEC]`
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
 * The traffic has three phases (phases.ts). First a steady flood of all connections (a third of
 * the duration): every freed slot is taken at once, which measures liveness. Then bursts of all
 * connections of random length with random pauses, plus a single client sending one request at a
 * time after random (exponential) pauses throughout: a flood alone uses each budget right at the
 * start of a window, where fixed windows and buckets look exactly like a sliding second; irregular
 * traffic leaves budgets half used and then crosses window edges, where they admit a third
 * request. Last (up to 10 s) quiet edge probes (edge-probes.ts): a window shorter than a second, a
 * bucket or a window restarting at the first hit each admit a request there that a sliding second
 * refuses.
 *
 * Without --base-url the bundled server is started in a child process (startReferenceServer with
 * a temporary database, demo seed, profile in the temp dir) and the customer is topped up to
 * --tokens tokens. For the fault catalogue, `--fault ID` starts the bundled server with that fault
 * of faults/catalog (e.g. limiter-fixed-window, limiter-token-bucket, limiter-window-850,
 * limiter-window-950, limiter-queueing), which must fail, or a conforming variant of
 * conforming-targets.ts (limiter-late-decisions: decisions seconds late, connections dropped),
 * which must pass.
 *
 * `--source-addresses SPEC` spreads the connections over local addresses (../source-addresses.ts):
 * one customer's limit must hold however many addresses its requests come from.
 *
 * Exit codes: 0 limit held, 1 violation, 2 usage error, 3 target unreachable or harness error.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { runScript } from '../../cli/command-line/run-script.js';
import { seededRandom } from '../seeded-random.js';
import { assertBindable, assertReachable, spreadLine } from '../source-addresses.js';
import { prepareLoadTarget } from '../target.js';
import { judgeLimiter } from './judgement.js';
import { parseLimiterOptions } from './options.js';
import { runPhases, steadySecondsOf } from './phases.js';
import { Recorder } from './recorder.js';
import { summaryLines } from './summary.js';

async function main(): Promise<number> {
  const o = parseLimiterOptions(process.argv.slice(2));
  if (o.sourceAddresses) await assertBindable(o.sourceAddresses);
  const target = await prepareLoadTarget({ baseUrl: o.baseUrl, profile: o.profile, customer: o.customer, tokens: o.tokens, fault: o.fault });
  try {
    const health = await fetch(`${target.baseUrl}/health`).catch((err: unknown) => err as Error);
    if (health instanceof Error || !health.ok) {
      console.log(`target unreachable: GET ${target.baseUrl}/health ${health instanceof Error ? `failed (${health.message})` : `answered ${health.status}`}`);
      return 3;
    }
    if (o.sourceAddresses) {
      await assertReachable(o.sourceAddresses, target.baseUrl);
      console.log(spreadLine(o.sourceAddresses, o.connections, 'connection'));
    }
    const basePath = new URL(target.baseUrl).pathname.replace(/\/+$/, '');
    const paths = [`${basePath}/reports`, `${basePath}/funding/applications`, `${basePath}/reports/zzzzzzzzz`];
    const recorder = new Recorder();
    console.log(
      `load:limiter against ${target.baseUrl}${target.fault ? ` with fault ${target.fault}` : ''} (${target.kind}): customer ${target.customer}, ${target.tokens.length} token(s), ${o.connections} connections, ${o.duration} s (${steadySecondsOf(o.duration)} s steady flood, then bursts, then edge probes), seed ${o.seed}`,
    );
    const run = await runPhases({ target, recorder, paths, connections: o.connections, sourceAddresses: o.sourceAddresses }, o.duration, seededRandom(o.seed));
    const findings = judgeLimiter(recorder.hits(), recorder.unknown, run);
    const { wallSeconds, ...figures } = findings;
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
      sourceAddresses: o.sourceAddresses?.length ?? 0,
      ...figures,
    };
    const reportPath = resolve(o.report);
    mkdirSync(dirname(reportPath), { recursive: true });
    writeFileSync(reportPath, JSON.stringify(report, null, 2));
    for (const line of summaryLines(findings, reportPath)) console.log(line);
    return findings.verdict === 'pass' ? 0 : 1;
  } finally {
    await target.close();
  }
}

runScript(main);
