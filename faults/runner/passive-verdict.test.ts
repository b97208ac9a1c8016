import { describe, expect, it } from 'vitest';
import { isExact, passiveExactness } from './passive-verdict.js';

describe('passiveExactness', () => {
  const verdict = { decidable: ['ROOM-19', 'ROOM-43'], found: ['ROOM-19'], others: [{ rule: 'ERR-18', message: 'accepted' }] };

  it('misses a named rule not found and charges a rule neither named nor declared', () => {
    const e = passiveExactness({ rules: ['ROOM-19', 'ROOM-43'] }, verdict);
    expect(e.missed).toEqual(['ROOM-43']);
    expect(e.misCharged.map((o) => o.rule)).toEqual(['ERR-18']);
    expect(isExact(e)).toBe(false);
  });

  it('is exact when the rule missed is declared unseen and the other one declared as also broken', () => {
    const e = passiveExactness({ rules: ['ROOM-19', 'ROOM-43'], passive: { unseen: { 'ROOM-43': 'why' }, alsoBreaks: { 'ERR-18': 'why' } } }, verdict);
    expect(isExact(e)).toBe(true);
  });

  it('reports a rule declared unseen that was found, without making the verdict inexact', () => {
    const e = passiveExactness({ rules: ['ROOM-19'], passive: { unseen: { 'ROOM-19': 'why' }, alsoBreaks: { 'ERR-18': 'why' } } }, { ...verdict, decidable: ['ROOM-19'] });
    expect(e.seenAfterAll).toEqual(['ROOM-19']);
    expect(isExact(e)).toBe(true);
  });

  it('is inexact when a rule is observed otherwise with every judge reading every exchange', () => {
    const e = passiveExactness({ rules: ['ROOM-19'], passive: { alsoBreaks: { 'ERR-18': 'why' } } }, { ...verdict, decidable: ['ROOM-19'], observedOtherwise: ['ROOM-7'] });
    expect(e.observedOtherwise).toEqual(['ROOM-7']);
    expect(isExact(e)).toBe(false);
  });
});
