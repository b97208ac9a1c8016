import { describe, expect, it } from 'vitest';
import { PASSIVE } from '../../spec/rules/passive.js';
import { HandedOutLinks } from '../judge/handed-out-links.js';
import { sharedStore } from '../judge/shared-state.js';
import { JUDGES } from './index.js';

describe('the judges', () => {
  const judges = JUDGES.map((make) => make({ links: new HandedOutLinks(), shared: sharedStore() }));

  it('judge only rules classified as passively decidable, each rule in one judge', () => {
    const seen = new Map<string, number>();
    judges.forEach((judge, i) => {
      for (const rule of judge.rules) {
        expect(PASSIVE[rule]?.class, rule).toMatch(/^(exchange|sequence|timeline)$/);
        expect(seen.get(rule), `${rule} in two judges`).toBeUndefined();
        seen.set(rule, i);
      }
    });
  });
});
