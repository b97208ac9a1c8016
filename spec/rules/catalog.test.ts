import { describe, expect, it } from 'vitest';
import { AREA_PREFIXES, type Area, getRule, isKnownRule, rules, rulesOfArea } from './catalog.js';

const AREAS = Object.keys(AREA_PREFIXES) as Area[];

describe('rule catalog', () => {
  it('has unique ids', () => {
    const ids = rules.map((rule) => rule.id);
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(duplicates).toEqual([]);
  });

  it('uses ids of the form PREFIX-number', () => {
    const malformed = rules.filter((rule) => !/^[A-Z]+-\d+$/.test(rule.id)).map((rule) => rule.id);
    expect(malformed).toEqual([]);
  });

  it('uses the prefix of the rule area', () => {
    const mismatched = rules
      .filter((rule) => rule.id.split('-')[0] !== AREA_PREFIXES[rule.area])
      .map((rule) => `${rule.id} (${rule.area})`);
    expect(mismatched).toEqual([]);
  });

  it('numbers every area from 1 without gaps', () => {
    for (const area of AREAS) {
      const numbers = rulesOfArea(area).map((rule) => Number(rule.id.split('-')[1]));
      expect(numbers, area).toEqual(numbers.map((_, index) => index + 1));
    }
  });

  it('has rules in every area', () => {
    for (const area of AREAS) expect(rulesOfArea(area).length, area).toBeGreaterThan(0);
  });

  it('never marks an unspecified rule as testable', () => {
    const offending = rules.filter((rule) => rule.level === 'unspecified' && rule.testable).map((rule) => rule.id);
    expect(offending).toEqual([]);
  });

  it('ends every unspecified rule, and only those, with ": not shown"', () => {
    for (const rule of rules) {
      expect(rule.text.endsWith(': not shown'), rule.id).toBe(rule.level === 'unspecified');
    }
  });

  it('gives the reason for every untestable must rule', () => {
    const missing = rules
      .filter((rule) => rule.level === 'must' && !rule.testable && !rule.text.includes('not verifiable from outside:'))
      .map((rule) => rule.id);
    expect(missing).toEqual([]);
  });

  it('has one-line texts and a section for every rule', () => {
    for (const rule of rules) {
      expect(rule.text.trim(), rule.id).not.toBe('');
      expect(rule.text, rule.id).not.toMatch(/\n/);
      expect(rule.section.trim(), rule.id).not.toBe('');
    }
  });

  it('finds known rules and throws on unknown ids', () => {
    const first = rules[0];
    expect(first).toBeDefined();
    if (first === undefined) return;
    expect(getRule(first.id)).toBe(first);
    expect(isKnownRule(first.id)).toBe(true);
    expect(isKnownRule('PROJ-99999')).toBe(false);
    expect(() => getRule('PROJ-99999')).toThrow(/Unknown rule id "PROJ-99999"/);
    expect(() => getRule('proj-1')).toThrow();
  });

  it('is frozen', () => {
    expect(Object.isFrozen(rules)).toBe(true);
    expect(rules.every((rule) => Object.isFrozen(rule))).toBe(true);
  });
});
