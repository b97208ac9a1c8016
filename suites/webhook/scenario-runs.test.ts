import { describe, expect, it } from 'vitest';
import { GatewayAnswered } from '../harness/client.js';
import type { Exchange } from '../harness/exchange.js';
import { SCENARIO_RUNS, sharedScenarios } from './scenario-runs.js';

const gateway = () => new GatewayAnswered("inconclusive: GET /reports/key/pdf was answered HTTP 502, a gateway's answer", {} as Exchange);

describe('shared scenarios', () => {
  it('run once for every check that asks', async () => {
    const once = sharedScenarios();
    let runs = 0;
    const run = async () => ++runs;
    expect(await Promise.all([once('main', run), once('main', run), once('other', run)])).toEqual([1, 1, 2]);
    expect(await once('main', run)).toBe(1);
  });

  it("run again after a gateway's answer, for the checks that ask again, as often as SCENARIO_RUNS allows", async () => {
    const once = sharedScenarios();
    let runs = 0;
    const run = async () => {
      runs++;
      throw gateway();
    };
    const first = once('main', run);
    await expect(Promise.all([first, once('main', run)])).rejects.toBeInstanceOf(GatewayAnswered);
    for (let i = 0; i < 3; i++) await expect(once('main', run)).rejects.toBeInstanceOf(GatewayAnswered);
    expect(runs).toBe(SCENARIO_RUNS);
  });

  it('keep a run that failed otherwise', async () => {
    const once = sharedScenarios();
    let runs = 0;
    const run = async () => {
      runs++;
      throw new Error('the capture is gone');
    };
    await expect(once('main', run)).rejects.toThrow('the capture is gone');
    await expect(once('main', run)).rejects.toThrow('the capture is gone');
    expect(runs).toBe(1);
  });
});
