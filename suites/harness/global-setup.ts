import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { parseProfile } from '../../spec/profile.schema.js';
import { leaseCandidates } from '../../harness-core/lease-candidates.js';
import { monotonicNow } from '../../harness-core/monotonic-clock.js';
import { startPacerServer } from '../../harness-core/pacer-server.js';
import { shareStartupTurns } from '../../harness-core/startup-turns.js';
import { parseShard, profileOfShard } from '../../harness-core/shard.js';
import type { TargetContext } from './target.js';
import { readRunEnv } from '../../harness-core/run-env.js';

/**
 * Runs once in vitest's main process: reads the target and profile the CLI chose (env), starts
 * the pacer every worker shares, and writes the run's figures for the summary when done.
 * The CLI validates the profile before; this only re-parses it. Under --shard the workers get
 * the shard's part of the pool only (shard.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const profilePath = readRunEnv('profilePath');
  if (!profilePath) throw new Error('CPF_PROFILE is not set: run the suites through `npm run conformance`');
  const profile = profileOfShard(parseProfile(JSON.parse(readFileSync(profilePath, 'utf8')), profilePath), parseShard(readRunEnv('shard')));
  const baseUrl = (readRunEnv('baseUrl') ?? profile.baseUrl ?? '').replace(/\/+$/, '');
  if (!baseUrl) throw new Error('no base URL: give --base-url or baseUrl in the profile');
  const preflight = readRunEnv('preflightSent') ?? {};
  const recordedUpstream = readRunEnv('recordedUpstream');
  const pacer = await startPacerServer({
    leaseGroup: leaseCandidates(profile),
    expectedRoleRequests: readRunEnv('expectedRoleRequests') ?? {},
    priorResponses: Object.fromEntries(Object.entries(preflight).map(([customer, at]) => [customer, [at]])),
  });
  const context: TargetContext = {
    baseUrl,
    ...(recordedUpstream === undefined ? {} : { recordedUpstream }),
    siteUrl: profile.siteUrl.replace(/\/+$/, ''),
    profile,
    readOnly: readRunEnv('readOnly') ?? false,
    pacerUrl: pacer.url,
    runId: readRunEnv('runId') ?? new Date().toISOString(),
  };
  project.provide('cpfTarget', context);
  // Vitest's pool starts the workers in these turns (threads-in-turns.ts).
  shareStartupTurns(pacer.startupTurns);
  // The CLI runs vitest in its own process and hands its Ctrl-C over here (run.ts).
  const interrupt = (globalThis as { cpfInterrupt?: AbortSignal }).cpfInterrupt;
  if (interrupt?.aborted) pacer.interrupt();
  interrupt?.addEventListener('abort', () => pacer.interrupt(), { once: true });
  return async () => {
    const statsFile = readRunEnv('statsFile');
    if (statsFile) {
      mkdirSync(dirname(statsFile), { recursive: true });
      writeFileSync(statsFile, JSON.stringify({ ...pacer.stats(), finishedAt: monotonicNow() }, null, 2));
    }
    shareStartupTurns(undefined);
    await pacer.close();
  };
}

