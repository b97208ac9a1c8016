import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidTokenVerdicts } from './invalid-token-verdict.js';
import { laneAddresses } from './invalid-token-lane.js';
import { defaultOptions, parseSimulateOptions } from './options.js';
import { startPopulationServer, type Population } from './population-server.js';
import { mergeResults, type SimulationResult } from './result-file.js';
import { simulate } from './simulation.js';
import { DEFAULT_ADDRESS } from './stats.js';

const EIGHT = Array.from({ length: 8 }, (_, i) => `127.0.1.${i + 1}`);

/** The RATE-12 verdict of a result. */
const rate12 = (result: SimulationResult) => invalidTokenVerdicts(result).find((v) => v.name.includes('RATE-12'));

describe('the lane on the command line', () => {
  it('takes --invalid-rate, --invalid-burst and --invalid-token-limit; refused with merge and with --bare, naming the fix', () => {
    const o = parseSimulateOptions(['--invalid-rate', '12', '--invalid-burst', '--invalid-token-limit', '30/60']);
    expect([o.invalidRate, o.invalidBurst, o.invalidTokenLimit]).toEqual([12, true, { requests: 30, windowSeconds: 60 }]);
    expect(parseSimulateOptions([]).invalidRate).toBe(0);
    expect(() => parseSimulateOptions(['merge', '--invalid-rate', '12', 'a/result.json'])).toThrow(/merge sends nothing.*Fix: give them to each shard's run/);
    expect(() => parseSimulateOptions(['--bare', '--invalid-rate', '12'])).toThrow(/the bare server takes any token.*Fix: leave out --bare/);
    expect(() => parseSimulateOptions(['--invalid-token-limit', '30'])).toThrow(/Fix: N\/S/);
  });

  it("spreads the addresses over the shards as the customers are, each with its place in the whole lane", () => {
    expect(laneAddresses(EIGHT.slice(0, 5), { index: 2, count: 2 }).map((a) => [a.index, a.label])).toEqual([
      [1, '127.0.1.2'],
      [3, '127.0.1.4'],
    ]);
    expect(laneAddresses(undefined, undefined)).toEqual([{ index: 0, address: undefined, label: DEFAULT_ADDRESS }]);
    // Without source addresses the lane has one address: shard 1 sends it.
    expect(laneAddresses(undefined, { index: 2, count: 2 })).toEqual([]);
  });
});

describe('against the bundled server', () => {
  let conforming: Population & { close(): Promise<void> };
  let shared: Population & { close(): Promise<void> };
  let unlimited: Population & { close(): Promise<void> };

  beforeAll(async () => {
    [conforming, shared, unlimited] = await Promise.all([
      startPopulationServer({ customers: 0, flooders: 0 }),
      startPopulationServer({ customers: 0, flooders: 0, fault: 'invalid-token-limit-shared' }),
      startPopulationServer({ customers: 0, flooders: 0, fault: 'invalid-token-unlimited' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([conforming?.close(), shared?.close(), unlimited?.close()]);
  });

  /**
   * Only the lane: 40 requests per second for 3 s. Against the bundled server's 60 per 5 s one
   * address alone goes past its limit (about 120 in one window); eight each send about 15.
   */
  const lane = (server: Population, o: { sourceAddresses?: string[]; invalidRate?: number; invalidBurst?: boolean; seed?: number; shard?: { index: number; count: number } } = {}) => {
    const limit = server.invalidTokenLimit;
    if (!limit) throw new Error("the bundled server's profile documents no invalid-token limit");
    const target = { baseUrl: server.baseUrl, kind: 'bundled' as const, customers: [], flooders: [], populationFlooders: 0, invalidTokenLimit: { ...limit, source: "the bundled server's profile" } };
    return simulate(target, { ...defaultOptions(), durationSeconds: 3, seed: 5, invalidRate: 40, ...o }, () => {});
  };

  it('from one address the lane goes past the limit: refused, and each 429 explained by its own requests', { timeout: 30_000 }, async () => {
    const result = await lane(conforming);
    const address = result.stats.invalidTokens.addresses[DEFAULT_ADDRESS];
    expect(address?.refused).toBeGreaterThan(0);
    expect(address?.falseRefusals).toBe(0);
    expect(address?.errors).toBe(0);
    expect(rate12(result)).toMatchObject({ ok: true, detail: expect.stringMatching(/the limit applied/) });
  });

  describe.runIf(process.platform === 'linux')('from many loopback addresses', () => {
    it('eight addresses within their budgets all get 401; a target counting every address together refuses them, and misses', { timeout: 30_000 }, async () => {
      const [spread, together] = await Promise.all([lane(conforming, { sourceAddresses: EIGHT }), lane(shared, { sourceAddresses: EIGHT })]);
      const rows = Object.entries(spread.stats.invalidTokens.addresses);
      expect(rows.map(([a]) => a)).toEqual(EIGHT);
      for (const [, s] of rows) expect(s).toMatchObject({ sent: s.unauthorized, refused: 0, falseRefusals: 0 });
      expect(rows.every(([, s]) => s.sent > 0)).toBe(true);
      expect(rate12(spread)).toMatchObject({ ok: true, detail: expect.stringMatching(/no address went past its limit/) });

      // About 120 requests together meet the shared 60: each 429 with at most its address's ~15 before it.
      expect(Object.values(together.stats.invalidTokens.addresses).reduce((n, s) => n + s.falseRefusals, 0)).toBeGreaterThan(0);
      expect(rate12(together)).toMatchObject({ ok: false, kind: 'target', detail: expect.stringMatching(/a limit counting several addresses together/) });
    });

    it('--invalid-burst: a limit refuses some of more than twice its value; a target without one admits them all, and misses', { timeout: 30_000 }, async () => {
      const burst = { sourceAddresses: ['127.0.1.20'], invalidRate: 0, invalidBurst: true };
      const [limited, open] = await Promise.all([lane(conforming, burst), lane(unlimited, burst)]);
      expect(limited.stats.invalidTokens.burst).toMatchObject({ address: '127.0.1.20', sent: 121 });
      expect(limited.stats.invalidTokens.burst?.refused).toBeGreaterThan(0);
      expect(rate12(limited)).toMatchObject({ ok: true });
      expect(open.stats.invalidTokens.burst).toMatchObject({ sent: 121, refused: 0 });
      expect(rate12(open)).toMatchObject({ ok: false, kind: 'target', detail: expect.stringMatching(/^1 address\(es\) got more admitted than a limit of 60 per 5 s .* lets through.*\(127\.0\.1\.20\): no such limit applies there/) });
    });

    it('two shards send from disjoint addresses what one process sends, and their results merge per address', { timeout: 30_000 }, async () => {
      const four = EIGHT.slice(4);
      const whole = await lane(conforming, { sourceAddresses: four, invalidRate: 8, seed: 9 });
      const [one, two] = await Promise.all([1, 2].map((index) => lane(conforming, { sourceAddresses: four, invalidRate: 8, seed: 9, shard: { index, count: 2 } })));
      expect(Object.keys((one as SimulationResult).stats.invalidTokens.addresses)).toEqual(['127.0.1.5', '127.0.1.7']);
      const merged = mergeResults([one as SimulationResult, two as SimulationResult]);
      const sent = (r: SimulationResult) => Object.fromEntries(Object.entries(r.stats.invalidTokens.addresses).map(([a, s]) => [a, s.sent]));
      expect(sent(merged)).toEqual(sent(whole));
      expect(rate12(merged)).toMatchObject({ ok: true });
    });
  });
});
