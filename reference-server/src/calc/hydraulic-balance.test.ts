import { describe, expect, it } from 'vitest';
import { expectWithin } from '../../test/support/expect-within.js';
import { DEFAULT_DESIGN_DIFFERENTIAL_PRESSURE, hydraulicBalance, valveKv } from './hydraulic-balance.js';
import { round3 } from './rounding.js';
import { volumeFlow } from './water-flow.js';

describe('hydraulic balance, domain notes', () => {
  it('mass flow 1221 W at 15 K = 70 l/h', () => {
    expectWithin(volumeFlow(1221, 15), 70);
  });

  it('kv 0.221 for 70 l/h at 100 mbar (notes give 3 decimals)', () => {
    expect(DEFAULT_DESIGN_DIFFERENTIAL_PRESSURE).toBe(100);
    expect(round3(valveKv(70, 100))).toBe(0.221);
    expectWithin(valveKv(70, 100), 0.07 / Math.sqrt(0.1), 1e-12);
  });

  it('worst circuit = largest flow (first on ties), pump flow = sum', () => {
    const hb = hydraulicBalance(
      [
        { ref: 'a', heatLoad: 500 },
        { ref: 'b', heatLoad: 1221 },
        { ref: 'c', heatLoad: 1221 },
        { ref: 'd', heatLoad: 300 },
      ],
      15,
    );
    expect(hb.worstCircuit?.ref).toBe('b');
    expectWithin(hb.worstCircuit!.flowRate, 70);
    expectWithin(hb.pumpFlowRate, volumeFlow(500 + 1221 + 1221 + 300, 15), 1e-12);
    expect(hb.requiredDifferentialPressure).toBe(100);
    expect(hydraulicBalance([], 10)).toMatchObject({ worstCircuit: undefined, pumpFlowRate: 0, requiredDifferentialPressure: 0 });
  });
});
