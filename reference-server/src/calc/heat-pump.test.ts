import { describe, expect, it } from 'vitest';
import { expectWithin } from '../../test/support/expect-within.js';
import { copEstimate, dhwLoad, heatPumpCapacity } from './heat-pump.js';
import { round, round1 } from './rounding.js';

describe('heat pump, domain notes', () => {
  it('8 kW + 4 residents: 9.0 / 9.8 / 10.8 / 12.0 kW for 0 / 2 / 4 / 6 h blocking', () => {
    expect(dhwLoad(4)).toBe(1);
    const capacities = [0, 2, 4, 6].map((h) => heatPumpCapacity(8, 4, h));
    expectWithin(capacities[0]!, 9.0);
    expect(round1(capacities[1]!)).toBe(9.8); // 9.818: the notes round to 1 decimal
    expectWithin(capacities[2]!, 10.8);
    expectWithin(capacities[3]!, 12.0);
  });

  it('no residents, no hot-water allowance', () => {
    expect(heatPumpCapacity(8, undefined, 0)).toBe(8);
  });

  it('COP at -10 C: 3.1 / 2.6 / 2.3 for 35 / 45 / 55 C flow (notes give 1 decimal)', () => {
    expect([35, 45, 55].map((t) => round(copEstimate(t, -10)!, 1))).toEqual([3.1, 2.6, 2.3]);
    expectWithin(copEstimate(35, -10)!, (0.45 * 308.15) / 45, 1e-12);
    expect(copEstimate(10, 10)).toBeUndefined();
  });
});
