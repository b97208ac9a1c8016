import { describe, expect, it } from 'vitest';
import { FREEDOMS } from '../../spec/freedoms/index.js';
import { composeVariations, freedomCoverage, selectVariations, UnknownVariation, VARIATIONS } from './index.js';

describe('variations and the freedom catalogue', () => {
  it('every variation has a unique id and names only known freedoms', () => {
    expect(new Set(VARIATIONS.map((v) => v.id)).size).toBe(VARIATIONS.length);
    expect(freedomCoverage().unknown).toEqual([]);
  });

  it('every freedom is varied or says why it cannot be', () => {
    const coverage = freedomCoverage();
    expect(coverage.unvaried).toEqual([]);
    expect(coverage.varied + coverage.notVariable.length).toBe(FREEDOMS.length);
  });

  it('every freedom quotes the spec and says what it permits', () => {
    for (const f of FREEDOMS) {
      expect(f.quote.length, f.id).toBeGreaterThan(0);
      expect(f.reading.length, f.id).toBeGreaterThan(0);
    }
  });

  it('--vary all selects every variation; an unknown name is refused with the known ones', () => {
    expect(selectVariations(['all'])).toHaveLength(VARIATIONS.length);
    expect(() => selectVariations(['no-such-reading'])).toThrow(UnknownVariation);
  });

  it('composition applies each variation in turn', () => {
    const calls: string[] = [];
    const composed = composeVariations([
      { id: 'a', freedoms: [], description: '', configure: (d) => (calls.push('a'), d) },
      { id: 'b', freedoms: [], description: '', configure: (d) => (calls.push('b'), d) },
    ]);
    composed.configure({} as never);
    expect(calls).toEqual(['a', 'b']);
  });
});
