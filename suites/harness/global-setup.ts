import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { parseProfile } from '../../fixtures/profile.schema.js';
import { leaseCandidates } from './lease-candidates.js';
import { startPacerServer } from './pacer-server.js';
import { parseShard, profileOfShard } from './shard.js';
import type { TargetContext } from './target.js';

/**
 * Runs once in vitest's main process: reads the target and profile the CLI chose (env), starts
 * the pacer every worker shares, and writes the run's figures for the summary when done.
 * The CLI validates the profile before; this only re-parses it. Under --shard the workers get
 * the shard's part of the pool only (shard.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const profilePath = process.env.CPF_PROFILE;
  if (!profilePath) throw new Error('CPF_PROFILE is not set: run the suites through `npm run conformance`');
  const profile = profileOfShard(parseProfile(JSON.parse(readFileSync(profilePath, 'utf8')), profilePath), parseShard(process.env.CPF_SHARD));
  const baseUrl = (process.env.CPF_BASE_URL ?? profile.baseUrl ?? '').replace(/\/+$/, '');
  if (!baseUrl) throw new Error('no base URL: give --base-url or baseUrl in the profile');
  const preflight = JSON.parse(process.env.CPF_PREFLIGHT_SENT || '{}') as Record<string, number>;
  const pacer = await startPacerServer({
    leaseGroup: leaseCandidates(profile),
    expectedRoleRequests: JSON.parse(process.env.CPF_EXPECTED_ROLE_REQUESTS || '{}') as Record<string, number>,
    priorResponses: Object.fromEntries(Object.entries(preflight).map(([customer, at]) => [customer, [at]])),
  });
  const context: TargetContext = {
    baseUrl,
    siteUrl: profile.siteUrl.replace(/\/+$/, ''),
    profile,
    readOnly: process.env.CPF_READ_ONLY === '1',
    pacerUrl: pacer.url,
    runId: process.env.CPF_RUN_ID ?? new Date().toISOString(),
  };
  project.provide('cpfTarget', context);
  // The CLI runs vitest in its own process and hands its Ctrl-C over here (run.ts).
  const interrupt = (globalThis as { cpfInterrupt?: AbortSignal }).cpfInterrupt;
  if (interrupt?.aborted) pacer.interrupt();
  interrupt?.addEventListener('abort', () => pacer.interrupt(), { once: true });
  return async () => {
    const statsFile = process.env.CPF_STATS_FILE;
    if (statsFile) {
      mkdirSync(dirname(statsFile), { recursive: true });
      writeFileSync(statsFile, JSON.stringify({ ...pacer.stats(), finishedAt: Date.now() }, null, 2));
    }
    await pacer.close();
  };
}

