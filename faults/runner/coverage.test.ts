import { describe, expect, it } from 'vitest';
import { rules, type Rule } from '../../spec/rules/catalog.js';
import { faultAllowList } from '../allow-list.js';
import { faults } from '../catalog/index.js';
import { catalogueProblems, faultCoverage, formatCoverage } from './coverage.js';
import { judgeFault } from './fault-verdict.js';

const rule = (id: string, extra: Partial<Rule> = {}): Rule => ({ id, area: 'meta', level: 'must', text: id, section: 's', testable: true, ...extra });
const sample = [rule('A-1'), rule('A-2'), rule('A-3'), rule('A-4', { testable: false }), rule('A-5', { level: 'unspecified', testable: false })];

describe('fault catalogue', () => {
  it('has unique IDs, names only known testable rules, and its allow-list explains only rules without a fault', () => {
    expect(catalogueProblems(faults, rules, faultAllowList)).toEqual([]);
  });

  it('gives every testable rule a fault of its own or an allow-list entry with the reason', () => {
    expect(faultCoverage(faults, rules, faultAllowList).uncovered).toEqual([]);
  });

  it('reports duplicate IDs, unknown and untestable rules, and stale allow-list entries', () => {
    const problems = catalogueProblems(
      [{ id: 'f', rules: ['A-1', 'X-9'] }, { id: 'f', rules: ['A-4'] }, { id: 'g', rules: [] }],
      sample,
      { 'A-1': 'covered by a fault after all', 'A-2': 'short', 'A-5': 'unspecified rules are never tested' },
    );
    expect(problems).toEqual([
      'fault f names unknown rule X-9',
      'fault id f is used twice',
      'fault f names A-4, which is not a testable rule',
      'fault g names no rule',
      'allow-list names A-1, which a fault covers: remove the entry',
      'allow-list entry A-2 needs a reason',
      'allow-list names A-5, which is not a testable rule',
    ]);
  });
});

describe('fault coverage', () => {
  it('counts testable rules with a fault, the allow-listed ones, and lists the rest', () => {
    const coverage = faultCoverage([{ rules: ['A-1'] }], sample, { 'A-2': 'needs a target that is not an HTTP server' });
    expect(coverage).toEqual({ testable: 3, covered: 1, allowListed: 1, uncovered: ['A-3'] });
    expect(formatCoverage(coverage)).toBe('fault coverage: 1 of 3 testable rules (1 allow-listed)');
  });

  it('leaves measure-only faults out: a rule they alone name stays uncovered, and its allow-list entry stands', () => {
    const catalogue = [{ id: 'f', rules: ['A-1'] }, { id: 'm', rules: ['A-2', 'A-3'], measureOnly: 'near the resolution of the A-2 checks' }];
    expect(faultCoverage(catalogue, sample, { 'A-3': 'measured only: a run may not find it' })).toEqual({ testable: 3, covered: 1, allowListed: 1, uncovered: ['A-2'] });
    expect(catalogueProblems(catalogue, sample, { 'A-3': 'measured only: a run may not find it' })).toEqual([]);
  });
});

describe('judgeFault', () => {
  const checks = [
    { title: '[A-1] one', rules: ['A-1'], state: 'failed' as const },
    { title: '[A-2] two', rules: ['A-2'], state: 'broken' as const },
    { title: '[A-2 A-3] three', rules: ['A-2', 'A-3'], state: 'passed' as const },
  ];

  it('is caught only when every named rule has a failing check and the run exited 1', () => {
    expect(judgeFault({ rules: ['A-1'] }, checks, 1)).toEqual({ caught: true, byRule: [{ rule: 'A-1', failedChecks: ['[A-1] one'] }] });
    expect(judgeFault({ rules: ['A-1'] }, checks, 3).caught).toBe(false);
  });

  it('leaves a rule unproven when its checks only broke or passed', () => {
    const verdict = judgeFault({ rules: ['A-1', 'A-2'] }, checks, 1);
    expect(verdict.caught).toBe(false);
    expect(verdict.byRule[1]).toEqual({ rule: 'A-2', failedChecks: [] });
  });
});
