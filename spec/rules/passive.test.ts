import { describe, expect, it } from 'vitest';
import { isKnownRule, rules } from './catalog.js';
import { PASSIVE, PASSIVE_CLASSES, passiveOf } from './passive.js';

const testable = rules.filter((rule) => rule.level === 'must' && rule.testable);

describe('passive classification of the rules', () => {
  it('classifies every testable rule', () => {
    const missing = testable.filter((rule) => PASSIVE[rule.id] === undefined).map((rule) => rule.id);
    expect(missing).toEqual([]);
  });

  it('classifies no unknown, untestable or unspecified rule', () => {
    const testableIds = new Set(testable.map((rule) => rule.id));
    const stray = Object.keys(PASSIVE).filter((id) => !isKnownRule(id) || !testableIds.has(id));
    expect(stray).toEqual([]);
  });

  it('gives every rule one of the four classes and a one-line reason', () => {
    for (const [id, judgement] of Object.entries(PASSIVE)) {
      expect(PASSIVE_CLASSES, id).toContain(judgement.class);
      expect(judgement.reason.trim(), id).not.toBe('');
      expect(judgement.reason, id).not.toMatch(/\n/);
    }
  });

  it('looks rules up: a judgement for a testable rule, none for an untestable one, an error for an unknown ID', () => {
    expect(passiveOf('ERR-8')?.class).toBe('exchange');
    expect(passiveOf('RATE-1')?.class).toBe('timeline');
    expect(passiveOf('AUTH-17')?.class).toBe('not-passive');
    expect(passiveOf('META-8')).toBeUndefined();
    expect(passiveOf('META-16')).toBeUndefined();
    expect(() => passiveOf('PROJ-99999')).toThrow(/Unknown rule id/);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(PASSIVE)).toBe(true);
    expect(Object.values(PASSIVE).every((judgement) => Object.isFrozen(judgement))).toBe(true);
  });
});
