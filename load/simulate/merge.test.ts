import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOfShard } from '../../harness-core/shard.js';
import { splitPopulation } from './population.js';
import { percentileMs, sumHistograms } from './histograms.js';
import { OPERATIONS } from './operations.js';
import { defaultOptions } from './options.js';
import { startPopulationServer, type Population } from './population-server.js';
import { Recorder } from './recorder.js';
import { mergeResults, readResult, writeResult, type SimulationResult } from './result-file.js';
import { serializeStats } from './stats.js';
import { simulate } from './simulation.js';
import { syntheticExchanges } from './synthetic-exchanges.js';

function resultOf(recorder: Recorder): SimulationResult {
  return { runs: [], thresholds: defaultOptions().thresholds, stats: recorder.stats };
}

describe('shards merge into the histograms of one run', () => {
  it('two shards written to files and merged give the percentiles of one run over the same population', () => {
    const exchanges = syntheticExchanges({ customers: 400, seconds: 20 });
    const whole = new Recorder({ timeOrigin: 0 });
    const shards = [new Recorder({ timeOrigin: 0 }), new Recorder({ timeOrigin: 0 })];
    const customers = Array.from({ length: 400 }, (_, c) => c);
    const shardOf = new Map([1, 2].flatMap((i) => poolOfShard(customers, { index: i, count: 2 }).map((c) => [c, i - 1] as const)));
    for (const e of exchanges) {
      whole.record(e);
      (shards[shardOf.get(e.customer) as number] as Recorder).record(e);
    }
    const dir = mkdtempSync(join(tmpdir(), 'cpf-merge-'));
    try {
      const files = shards.map((s, i) => {
        const file = join(dir, `shard-${i + 1}.json`);
        writeResult(file, resultOf(s));
        return file;
      });
      const merged = mergeResults(files.map(readResult)).stats;
      const sorted = exchanges.map((e) => e.receivedAt - e.sentAt).sort((a, b) => a - b);
      for (const p of [50, 95, 99, 99.9]) {
        const mergedAll = sumHistograms(OPERATIONS.map((op) => merged.endpoints[op].latency));
        // The HDR histogram's precision: three significant digits.
        const exact = sorted[Math.ceil((p / 100) * sorted.length) - 1] as number;
        expect(Math.abs(percentileMs(mergedAll, p) - exact)).toBeLessThanOrEqual(exact * 0.001 + 0.001);
        for (const op of OPERATIONS) expect(percentileMs(merged.endpoints[op].latency, p)).toBe(percentileMs(whole.stats.endpoints[op].latency, p));
      }
      for (const [key, bucket] of whole.stats.timeline) {
        for (const op of OPERATIONS) {
          const a = bucket[op];
          const b = merged.timeline.get(key)?.[op];
          expect(b?.sent).toBe(a?.sent);
          if (a) expect(percentileMs(b?.latency ?? a.latency, 99)).toBe(percentileMs(a.latency, 99));
        }
      }
      // What a merge must not do: the mean of the shards' p99s is not the population's p99.
      const shardP99 = shards.map((s) => percentileMs(s.stats.endpoints.list.latency, 99));
      expect(shardP99[0]).not.toBe(shardP99[1]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('against the bundled server', () => {
  let population: Population & { close(): Promise<void> };
  let faulted: Population & { close(): Promise<void> };
  const knobs = { ...defaultOptions(), durationSeconds: 3, rate: 0.5, busyShare: 0.02, flooders: 0, seed: 11 };

  beforeAll(async () => {
    [population, faulted] = await Promise.all([startPopulationServer({ customers: 200, flooders: 0 }), startPopulationServer({ customers: 200, flooders: 0, fault: 'limiter-refuses-1-percent' })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([population?.close(), faulted?.close()]);
  });

  it('two shards side by side: disjoint customers, no false refusal, counts add up to what one process sends on the same seed; meanwhile a target refusing 1 % is caught', async () => {
    const shard = (index: number) => {
      const part = splitPopulation(population.customers, 0, { index, count: 2 });
      return simulate({ baseUrl: population.baseUrl, kind: 'bundled', ...part, populationCustomers: population.customers.length, populationFlooders: 0 }, { ...knobs, shard: { index, count: 2 } }, () => {});
    };
    // Before the shards, not beside them: the same customers' budgets would be spent twice.
    const whole = await simulate({ baseUrl: population.baseUrl, kind: 'bundled', customers: population.customers, flooders: [], populationFlooders: 0 }, knobs, () => {});
    // The shards' budgets start empty: the target's windows of the whole run must have passed.
    await sleep(1500);
    const [one, two, refusing] = await Promise.all([
      shard(1),
      shard(2),
      // Twice as long: about six refusals, so that one proven false does not hang on one answer's
      // timing on a busy machine (a refusal whose answer came late is not provably false).
      simulate({ baseUrl: faulted.baseUrl, kind: 'bundled', fault: 'limiter-refuses-1-percent', customers: faulted.customers, flooders: [], populationFlooders: 0 }, { ...knobs, durationSeconds: 6 }, () => {}),
    ]);
    const firstBefore = JSON.stringify(serializeStats(one.stats));
    const merged = mergeResults([one, two]);
    // The merge adds into a copy, never into the first shard's result.
    expect(JSON.stringify(serializeStats(one.stats))).toBe(firstBefore);
    expect(merged.runs.map((r) => [r.shard, r.customers])).toEqual([
      ['1/2', 100],
      ['2/2', 100],
    ]);
    for (const op of OPERATIONS) expect(merged.stats.endpoints[op].sent).toBe(one.stats.endpoints[op].sent + two.stats.endpoints[op].sent);
    // Every customer's arrivals and operations come from the seed and its place in the population.
    expect(OPERATIONS.map((op) => merged.stats.endpoints[op].sent)).toEqual(OPERATIONS.map((op) => whole.stats.endpoints[op].sent));
    const sent = OPERATIONS.reduce((n, op) => n + merged.stats.endpoints[op].sent, 0);
    expect(sent).toBeGreaterThan(200);
    expect(merged.stats.refusals.falseRefusals).toBe(0);
    expect(OPERATIONS.reduce((n, op) => n + merged.stats.endpoints[op].errors, 0)).toBe(0);
    expect(refusing.stats.refusals.falseRefusals).toBeGreaterThan(0);
  }, 60_000);
});
