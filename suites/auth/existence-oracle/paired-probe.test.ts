import { describe, expect, it } from 'vitest';
import { GatewayAnswered, type Actor, type ApiResponse } from '../../harness/client.js';
import type { Exchange } from '../../harness/exchange.js';
import { foreignFirst, PairScheduler, pairsWanted } from './paired-probe.js';

describe('the arms\' order', () => {
  it('is the same for a seed and a pair in every run, and balanced over the pairs', () => {
    const orders = Array.from({ length: 2000 }, (_, i) => foreignFirst(23, i));
    expect(Array.from({ length: 2000 }, (_, i) => foreignFirst(23, i))).toEqual(orders);
    const first = orders.filter(Boolean).length;
    expect(first).toBeGreaterThan(900);
    expect(first).toBeLessThan(1100);
    expect(Array.from({ length: 64 }, (_, i) => foreignFirst(24, i))).not.toEqual(orders.slice(0, 64));
  });
});

describe('the pairs a look waits for', () => {
  it('rounds the look up to whole rounds of the lanes, within the budget, never below the look', () => {
    expect(pairsWanted(24, 16)).toBe(32);
    expect(pairsWanted(48, 16)).toBe(48);
    expect(pairsWanted(96, 16)).toBe(96);
    expect(pairsWanted(24, 12)).toBe(24);
    expect(pairsWanted(24, 5)).toBe(25);
    expect(pairsWanted(96, 10)).toBe(96);
    expect(pairsWanted(24, 0)).toBe(24);
    expect(pairsWanted(24, 1)).toBe(24);
  });
});

describe('the pair scheduler behind a gateway', () => {
  it("drops a pair one of whose requests a gateway answered in the target's place, and draws another in its stead", async () => {
    let sent = 0;
    const actor = {
      send: async () => {
        // The sixth request, the second of the second pair, gets the gateway's 502.
        if (++sent === 6) throw new GatewayAnswered("inconclusive: GET was answered HTTP 502, a gateway's answer", {} as Exchange);
        return { status: 404, headers: {}, exchange: { sentAt: 0, receivedAt: 1 } } as unknown as ApiResponse;
      },
    } as unknown as Actor;
    const scheduler = new PairScheduler(23, { method: 'GET' }, () => {});
    scheduler.add({ customer: 'pool:0', actor, arms: { foreign: '/reports/foreign', missing: '/reports/missing' } });
    const pairs = await scheduler.atLeast(3);
    await scheduler.stop();
    expect(pairs.map((p) => p.index)).toEqual([0, 2, 3]);
    expect(scheduler.droppedForGateway).toBe(1);
  });
});
