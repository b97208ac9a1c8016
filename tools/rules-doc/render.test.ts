import { describe, expect, it } from 'vitest';
import { rules } from '../../spec/rules/catalog.js';
import { PASSIVE, PASSIVE_CLASSES } from '../../spec/rules/passive.js';
import { renderRulesDoc } from './render.js';

const page = renderRulesDoc(rules);
/** The cells of a rule's table row; cells escape their pipes, so ' | ' only separates. */
const cellsOf = (id: string) => page.split('\n').find((line) => line.startsWith(`| ${id} |`))?.slice(2, -2).split(' | ');

describe('rules page', () => {
  it('counts the passive classes of the checked rules, and the counts add up to them', () => {
    const summary = page.split('\n').find((line) => line.startsWith('Passive judgement of the checked rules:'));
    expect(summary).toBeDefined();
    const counts = PASSIVE_CLASSES.map((cls) => Object.values(PASSIVE).filter((j) => j.class === cls).length);
    expect(summary).toBe(
      `Passive judgement of the checked rules: ${counts[0]} from one exchange, ${counts[1]} from one customer's sequence, ${counts[2]} from the timeline, ${counts[3]} not decidable passively.`,
    );
    const checked = rules.filter((rule) => rule.level === 'must' && rule.testable).length;
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(checked);
  });

  it('gives every checked rule its passive class and reason, and the others an empty cell', () => {
    for (const rule of rules) {
      const judgement = PASSIVE[rule.id];
      const passive = cellsOf(rule.id)?.[4];
      expect(passive, rule.id).toBe(judgement === undefined ? '' : `*${judgement.class}*: ${judgement.reason.replace(/\|/g, '\\|')}`);
    }
  });
});
