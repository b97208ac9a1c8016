import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { WINDOW_MS } from '../../harness-core/rate-limit-timeline.js';
import type { Customer } from './engine.js';
import { startLocalTarget } from './local-target.js';
import { defaultOptions } from './options.js';
import { judgeRecording } from './passive-judgement.js';
import { compareRateVerdicts } from './rate-comparison.js';
import { startRecording } from './recording.js';
import { simulate } from './simulation.js';
import { judge } from './verdicts.js';

const dir = mkdtempSync(join(tmpdir(), 'cpf-recorded-simulation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A short run of steady customers: a request every (1 s + `marginMs`) / 2 each. */
function knobs(durationSeconds: number, marginMs: number) {
  return { ...defaultOptions(), durationSeconds, marginMs, rate: 0, busyShare: 1, floodPhaseSeconds: 0.5, warmUpSeconds: 0, connections: 8, floodConnections: 4, seed: 42 };
}

/** `load:simulate --record FILE` against the bundled server: the simulation through the proxy, then the passive judge on the log. */
async function recordedRun(name: string, o: { customers: number; flooders: number; fault?: string; durationSeconds: number; marginMs: number; before?: (via: string, flooder: Customer) => Promise<void> }) {
  const local = await startLocalTarget({ customers: o.customers, flooders: Math.max(o.flooders, 1), fault: o.fault });
  const recording = await startRecording(local.baseUrl, join(dir, `${name}.jsonl`));
  try {
    const flooders = local.flooders ?? [];
    await o.before?.(recording.baseUrl, flooders[0] as Customer);
    const target = { baseUrl: local.baseUrl, via: recording.baseUrl, kind: 'bundled' as const, fault: o.fault, customers: local.customers ?? [], flooders: flooders.slice(0, o.flooders), populationFlooders: o.flooders };
    const result = await simulate(target, knobs(o.durationSeconds, o.marginMs), () => {});
    await recording.close();
    const passive = await judgeRecording(recording.file);
    return { result, passive, rows: compareRateVerdicts(result, passive) };
  } finally {
    await recording.close();
    await local.close();
  }
}

/** A flooding customer's burst: its requests all at once, so the limit admits two and refuses the rest. */
async function burst(via: string, flooder: Customer, requests: number): Promise<number[]> {
  const one = () =>
    fetch(`${via}/reports`, { headers: { authorization: `Bearer ${flooder.token}` } }).then(async (res) => {
      await res.body?.cancel();
      return res.status;
    });
  return Promise.all(Array.from({ length: requests }, one));
}

describe('load:simulate --record: the passive judge of the recording gives the RATE verdicts of the simulator', () => {
  it('no false refusal in the simulator, no RATE rule failed passively, under a flood', { timeout: 60_000 }, async () => {
    const { result, passive, rows } = await recordedRun('conforming', { customers: 3, flooders: 1, durationSeconds: 3, marginMs: 50 });
    expect(result.stats.refusals.falseRefusals).toBe(0);
    expect(result.stats.endpoints.flood.refused).toBeGreaterThan(0);
    const rate = Object.entries(passive.observation.rules).filter(([rule]) => rule.startsWith('RATE-'));
    expect(rate.filter(([, r]) => r.verdict === 'fail').map(([rule, r]) => `${rule}: ${r.failures[0]?.message}`)).toEqual([]);
    // The flood's refusals were judged, and held.
    expect(passive.observation.rules['RATE-2']).toMatchObject({ verdict: 'pass' });
    expect(rows.find((r) => r.rule === 'RATE-2')).toMatchObject({ simulator: { verdict: 'pass' }, passive: { verdict: 'pass' }, agreement: 'agree' });
    expect(rows.filter((r) => r.agreement !== 'agree')).toEqual([]);
  });

  it('with limiter-refuses-1-percent both fail RATE-2', { timeout: 60_000 }, async () => {
    // The fault refuses every 100th protected request: a flooding customer's burst of 99 goes
    // first, a quiet second after it, so the fault's 100th is the first request of the one
    // customer. Its next ones leave 1.5 s apart: both judges prove the refusal false unless its
    // answer takes 3 s, when the requests sent meanwhile may have been decided first.
    const { result, passive, rows } = await recordedRun('faulty', {
      customers: 1,
      flooders: 0,
      fault: 'limiter-refuses-1-percent',
      durationSeconds: 4,
      marginMs: 2000,
      before: async (via, flooder) => {
        const statuses = await burst(via, flooder, 99);
        // Each reached the limiter: admitted, or refused by the limit (two admitted unless the burst took a second to arrive).
        expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
        expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
        await sleep(WINDOW_MS + 200);
      },
    });
    expect(result.stats.refusals.falseRefusals).toBeGreaterThanOrEqual(1);
    expect(judge(result).find((v) => v.name === 'no false refusals')).toMatchObject({ ok: false });
    expect(passive.observation.rules['RATE-2']).toMatchObject({ verdict: 'fail' });
    expect(rows.find((r) => r.rule === 'RATE-2')).toMatchObject({ simulator: { verdict: 'fail' }, passive: { verdict: 'fail' }, agreement: 'agree' });
    expect(rows.filter((r) => r.agreement !== 'agree')).toEqual([]);
  });

  it('with limiter-refuses-1-percent amid a population both fail RATE-2 (each customer one token, as the judge is told)', { timeout: 60_000 }, async () => {
    // 20 customers, a request every 700 ms each: about 140 protected requests, so the fault's 100th
    // falls on one of them; at most one earlier request of its customer lies in its second unless
    // an answer takes 400 ms, while other customers' requests fill every second.
    const { result, passive, rows } = await recordedRun('population', { customers: 20, flooders: 0, fault: 'limiter-refuses-1-percent', durationSeconds: 5, marginMs: 400 });
    expect(result.stats.refusals.falseRefusals).toBeGreaterThanOrEqual(1);
    expect(passive.observation.rules['RATE-2']).toMatchObject({ verdict: 'fail' });
    expect(passive.observation.rules['RATE-2']?.failures[0]?.message).toContain('of its token (one token per customer, as declared)');
    expect(rows.filter((r) => r.agreement !== 'agree')).toEqual([]);
  });
});
